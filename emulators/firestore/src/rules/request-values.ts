/** `request` and `resource` as a rule sees them, built from the contract's `RulesRequest`. */
import type { RulesRequest } from './contract.ts';
import { resourceValue } from './documents.ts';
import { DOCUMENT_ID_KEY, documentFromFacts, factsFromQuery, pinnedDocumentId } from './query-facts.ts';
import {
  fromJson,
  pathFromResourceName,
  RulesMap,
  RulesTimestamp,
  UnknownValue,
  type QueryFacts,
  type RulesValue,
} from './values.ts';

export function authValue(request: RulesRequest): RulesValue {
  if (!request.auth) return null;
  return RulesMap.of({ uid: request.auth.uid, token: fromJson(request.auth.token) });
}

export function requestValue(request: RulesRequest): RulesMap {
  const entries: Record<string, RulesValue> = {
    auth: authValue(request),
    method: request.method,
    path: pathFromResourceName(request.path),
    time: new RulesTimestamp(BigInt(Math.round(request.timeMicros)) * 1000n),
  };
  if (request.requestResource) entries.resource = resourceValue(request.requestResource);
  // Google's emulator has `request.resource` null on delete, undefined on reads.
  if (request.method === 'delete') entries.resource = null;
  if (request.method === 'list') entries.query = queryValue(request);
  return RulesMap.of(entries);
}

/** `request.query`: limit, offset and orderBy as the client sent them (null when absent). */
function queryValue(request: RulesRequest): RulesMap {
  const query = request.query ?? {};
  const limit = query.limit;
  const limitNumber = limit === undefined || limit === null ? null : typeof limit === 'object' ? limit.value : limit;
  // Google's emulator shows orderBy as a map: field path -> 'ASC' | 'DESC'.
  const orderBy = new Map<string, RulesValue>();
  for (const order of (query.orderBy ?? []) as { field?: { fieldPath?: string }; direction?: string }[]) {
    orderBy.set(order.field?.fieldPath ?? '', String(order.direction ?? 'ASCENDING').startsWith('DESC') ? 'DESC' : 'ASC');
  }
  return RulesMap.of({
    limit: limitNumber === null || limitNumber === undefined ? null : BigInt(limitNumber),
    offset: query.offset ? BigInt(query.offset) : null,
    orderBy: orderBy.size > 0 ? new RulesMap(orderBy) : null,
  });
}

/** For a list: every document the query could return, known only through its filters. */
export function listFacts(request: RulesRequest): QueryFacts {
  return factsFromQuery(request.query);
}

/** The id a list's wildcard captures: known only when a `__name__ ==` filter pins it. */
export function listDocumentId(facts: QueryFacts): RulesValue {
  return pinnedDocumentId(facts) ?? new UnknownValue([DOCUMENT_ID_KEY], facts);
}

export function resourceFor(request: RulesRequest, facts: QueryFacts | null): RulesValue {
  if (facts) return documentFromFacts(facts, pathFromResourceName(request.path).segments);
  return request.resource ? resourceValue(request.resource) : null;
}
