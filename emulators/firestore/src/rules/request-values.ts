/** `request` and `resource` as a rule sees them, built from the contract's `RulesRequest`. */
import type { RulesRequest } from './contract.ts';
import { resourceValue } from './documents.ts';
import { DOCUMENT_ID_KEY, factsFromQuery } from './query-facts.ts';
import {
  fromFirestoreValue,
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
  const orderBy = ((query.orderBy ?? []) as { field?: { fieldPath?: string }; direction?: string }[]).map(
    (order) => order.field?.fieldPath ?? '',
  );
  return RulesMap.of({
    limit: limitNumber === null || limitNumber === undefined ? null : BigInt(limitNumber),
    offset: query.offset ? BigInt(query.offset) : null,
    orderBy: orderBy.length > 0 ? orderBy : null,
  });
}

/** For a list: every document the query could return, known only through its filters. */
export function listFacts(request: RulesRequest): QueryFacts {
  return factsFromQuery(request.query);
}

export function unknownDocumentId(facts: QueryFacts): UnknownValue {
  return new UnknownValue([DOCUMENT_ID_KEY], facts);
}

export function unknownResource(facts: QueryFacts): RulesMap {
  return RulesMap.of({
    data: new UnknownValue([], facts),
    id: unknownDocumentId(facts),
    __name__: new UnknownValue(null, null),
  });
}

export function resourceFor(request: RulesRequest, facts: QueryFacts | null): RulesValue {
  if (facts) return unknownResource(facts);
  return request.resource ? resourceValue(request.resource) : null;
}

export { fromFirestoreValue };
