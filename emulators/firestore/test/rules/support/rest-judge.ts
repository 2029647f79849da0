/**
 * Runs a rules case through an emulator's wire: loads the rules with
 * `PUT /emulator/v1/projects/{p}:securityRules`, seeds with the owner credential, then makes the
 * request over REST with an unsigned ID token. Works against Google's emulator and ours.
 */
import type { RulesCase } from './case.ts';
import { rulesOf } from './case.ts';
import { structuredQuery, toFirestoreFields } from './firestore-json.ts';
import { unsignedIdToken } from './tokens.ts';

export type Decision = { allowed: true } | { allowed: false; message: string };

let projectCounter = 0;

export function newRulesProjectId(): string {
  projectCounter++;
  return `rules-${process.pid}-${projectCounter}-${Math.random().toString(36).slice(2, 6)}`;
}

export async function loadRules(
  baseUrl: string,
  projectId: string,
  source: string,
): Promise<Response> {
  return fetch(`${baseUrl}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
  });
}

async function commit(
  baseUrl: string,
  projectId: string,
  writes: unknown[],
  authorization: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  return fetch(`${baseUrl}/v1/projects/${projectId}/databases/(default)/documents:commit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ writes }),
  });
}

export async function judgeOverRest(baseUrl: string, rulesCase: RulesCase): Promise<Decision> {
  const projectId = newRulesProjectId();
  const loaded = await loadRules(baseUrl, projectId, rulesOf(rulesCase));
  if (!loaded.ok) throw new Error(`rules did not load: ${loaded.status} ${await loaded.text()}`);
  const root = `projects/${projectId}/databases/(default)/documents`;
  const seeds = Object.entries(rulesCase.seed ?? {}).map(([path, data]) => ({
    update: { name: `${root}/${path}`, fields: toFirestoreFields(data) },
  }));
  if (seeds.length > 0) {
    const seeded = await commit(baseUrl, projectId, seeds, 'Bearer owner');
    if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  }
  const { request } = rulesCase;
  const authorization = request.auth ? `Bearer ${unsignedIdToken(projectId, request.auth)}` : null;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  const name = `${root}/${request.path}`;
  let response: Response;
  switch (request.method) {
    case 'get':
      response = await fetch(`${baseUrl}/v1/${name}`, { headers });
      break;
    case 'list': {
      const segments = request.path.split('/');
      const collectionId = segments.pop()!;
      const parent = [root, ...segments].join('/');
      const body = {
        structuredQuery: structuredQuery(collectionId, request.query, `${parent}/${collectionId}`),
      };
      response = await fetch(`${baseUrl}/v1/${parent}:runQuery`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      break;
    }
    case 'create':
    case 'update':
      response = await commit(
        baseUrl,
        projectId,
        [
          {
            update: { name, fields: toFirestoreFields(request.data ?? {}) },
            currentDocument: { exists: request.method === 'update' },
          },
        ],
        authorization,
      );
      break;
    case 'delete':
      response = await commit(baseUrl, projectId, [{ delete: name }], authorization);
      break;
  }
  const text = await response.text();
  // A get allowed by the rules of a missing document answers 404: the rules let it through.
  if (response.ok || (request.method === 'get' && response.status === 404))
    return { allowed: true };
  if (response.status !== 403) throw new Error(`unexpected answer ${response.status}: ${text}`);
  const body = JSON.parse(text) as
    { error?: { message?: string } } | { error?: { message?: string } }[];
  const error = Array.isArray(body) ? body[0]?.error : body.error;
  return { allowed: false, message: error?.message ?? '' };
}

/**
 * Google's emulator evaluates get and write requests twice and reports both passes, joined by
 * ", ". The second pass is the one with every document loaded: compare that one.
 */
export function lastEvaluationPass(message: string): string {
  if (!message.startsWith('\n')) return message;
  const outcomes = message.slice(1).split(/(?<= for '[a-z]+' @ L\d+), /);
  if (outcomes.length % 2 !== 0) return message;
  const half = outcomes.length / 2;
  const second = outcomes.slice(half);
  const sameStatements = outcomes
    .slice(0, half)
    .every((outcome, index) => statementOf(outcome) === statementOf(second[index]!));
  return sameStatements ? `\n${second.join(', ')}` : message;
}

function statementOf(outcome: string): string {
  return / for '[a-z]+' @ L\d+$/.exec(outcome)?.[0] ?? outcome;
}
