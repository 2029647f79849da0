/**
 * Raw REST cases: a seed written through `:commit`, then requests against the database root of a
 * fresh project; the outcome of each request is its status (gRPC name or OK) and, when OK, its
 * normalised JSON body. Error messages are not compared (Google's emulator often answers with
 * its internal wording, see the README).
 */
import { caseProjectId, normalise } from './normalise.ts';
import { describeServerTimes } from './server-times.ts';

export type Json = Record<string, unknown>;

export interface RestRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to `v1/projects/{p}/databases/(default)/documents`: `c/a`, `:runQuery`, `c?orderBy=x`. */
  path: string;
  /**
   * `{root}` in any string is replaced by the database root name
   * (`projects/p/databases/(default)/documents`), `{transaction}` by the last transaction id an
   * earlier answer of the case gave.
   */
  body?: unknown;
}

export interface RestCase {
  name: string;
  /** Documents to write first (relative path -> REST fields). */
  seed?: Record<string, Json>;
  requests: RestRequest[];
  /** The status of the first request (`OK` or a gRPC code name); later ones are compared only. */
  expect: string;
  /** Where ours answers as production does and Google's emulator does not: Google's status, and why. */
  deliberate?: { google: string; why: string };
  /**
   * Compare `REQUEST_TIME` results by their facts (`support/server-times.ts`), not their
   * instants; the case should commit transforms once, then read.
   */
  serverTimes?: boolean;
  /** A case that waits on purpose (a lock timeout): how long its requests may take on ours. */
  slowMs?: number;
}

export interface RestOutcome {
  status: string;
  body?: unknown;
  /** Wall time of the first request, at the wire (ms). */
  ms: number;
}

function withRoot(value: unknown, root: string, transaction = ''): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null)
      .split('{root}')
      .join(root)
      .split('{transaction}')
      .join(transaction),
  );
}

/** The transaction id an answer carries (beginTransaction, or a read with newTransaction). */
function transactionOf(body: unknown): string | undefined {
  const first = (Array.isArray(body) ? body[0] : body) as { transaction?: unknown } | undefined;
  return typeof first?.transaction === 'string' ? first.transaction : undefined;
}

async function send(
  baseUrl: string,
  root: string,
  request: RestRequest,
  transaction?: string,
): Promise<{ status: string; body?: unknown }> {
  const separator = request.path.startsWith(':') || request.path === '' ? '' : '/';
  const url = `${baseUrl}/v1/${root}${separator}${request.path}`;
  const response = await fetch(url, {
    method: request.method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body:
      request.body === undefined
        ? undefined
        : JSON.stringify(withRoot(request.body, root, transaction)),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  if (!response.ok) {
    const error = (Array.isArray(parsed) ? parsed[0] : parsed) as
      { error?: { status?: string } } | undefined;
    return { status: error?.error?.status ?? `HTTP ${response.status}` };
  }
  // A stream that fails after its first element still answers 200 with an error element.
  if (Array.isArray(parsed)) {
    const failed = parsed.find((item) => (item as { error?: unknown })?.error) as
      { error?: { status?: string } } | undefined;
    if (failed) return { status: failed.error?.status ?? 'UNKNOWN' };
  }
  return { status: 'OK', body: parsed };
}

export async function runRestCase(baseUrl: string, restCase: RestCase): Promise<RestOutcome[]> {
  const projectId = caseProjectId();
  const root = `projects/${projectId}/databases/(default)/documents`;
  if (restCase.seed) {
    const writes = Object.entries(restCase.seed).map(([path, fields]) => ({
      update: { name: `${root}/${path}`, fields },
    }));
    const seeded = await send(baseUrl, root, { method: 'POST', path: ':commit', body: { writes } });
    if (seeded.status !== 'OK') throw new Error(`seeding failed: ${seeded.status}`);
  }
  const outcomes: RestOutcome[] = [];
  let transaction: string | undefined;
  const instants: bigint[] = [];
  for (const request of restCase.requests) {
    const started = performance.now();
    const answer = await send(baseUrl, root, request, transaction);
    const ms = performance.now() - started;
    transaction = transactionOf(answer.body) ?? transaction;
    const body = restCase.serverTimes ? describeServerTimes(answer.body, instants) : answer.body;
    outcomes.push({ ...answer, body: normalise(body, projectId), ms });
  }
  return outcomes;
}

/** What the two emulators must agree on: statuses and bodies, not timings. */
export function comparable(outcomes: RestOutcome[]): { status: string; body?: unknown }[] {
  return outcomes.map(({ status, body }) => ({ status, body }));
}
