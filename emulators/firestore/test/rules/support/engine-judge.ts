/** Runs a rules case through our engine directly (`compileRules`), with no emulator around it. */
import { compileRules } from '../../../src/rules/index.ts';
import type { RulesDocument, RulesRequest } from '../../../src/rules/contract.ts';
import type { Fields } from '../../../src/core/values.ts';
import type { RulesCase } from './case.ts';
import { rulesOf } from './case.ts';
import { structuredQuery, toFirestoreFields } from './firestore-json.ts';
import type { Decision } from './rest-judge.ts';
import { tokenClaims } from './tokens.ts';

const PROJECT = 'rules-engine';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;

export function judgeWithEngine(rulesCase: RulesCase): Decision {
  const compiled = compileRules(rulesOf(rulesCase));
  if (!compiled.ok) throw new Error(`rules did not compile: ${JSON.stringify(compiled.errors)}`);
  const before = new Map<string, RulesDocument>();
  for (const [path, data] of Object.entries(rulesCase.seed ?? {})) {
    before.set(`${ROOT}/${path}`, {
      name: `${ROOT}/${path}`,
      fields: toFirestoreFields(data) as Fields,
    });
  }
  const { request } = rulesCase;
  const name = `${ROOT}/${request.path}`;
  const written: RulesDocument | null =
    request.method === 'create' || request.method === 'update'
      ? { name, fields: toFirestoreFields(request.data ?? {}) as Fields }
      : null;
  const after = new Map(before);
  if (request.method === 'delete') after.delete(name);
  if (written) after.set(name, written);
  const segments = request.path.split('/');
  const collectionId = segments[segments.length - 1]!;
  const rulesRequest: RulesRequest = {
    method: request.method,
    path: name,
    auth: request.auth
      ? { uid: String(request.auth.sub), token: tokenClaims(PROJECT, request.auth) }
      : null,
    timeMicros: Date.now() * 1000,
    resource: request.method === 'list' ? null : (before.get(name) ?? null),
    requestResource: written,
    query:
      request.method === 'list' ? structuredQuery(collectionId, request.query, name) : undefined,
    allDescendants: request.query?.collectionGroup ?? false,
  };
  return compiled.rules.authorize(rulesRequest, {
    before: (documentName) => before.get(documentName) ?? null,
    after: (documentName) => after.get(documentName) ?? null,
  });
}
