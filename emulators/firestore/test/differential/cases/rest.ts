/** Every raw REST case of the differential table. */
import type { RestCase } from '../support/rest.ts';
import { QUERY_CASES } from './rest-queries.ts';
import { STRICTNESS_CASES } from './rest-strictness.ts';
import { SERVER_TIME_CASES } from './rest-server-time.ts';
import { VALUE_CASES } from './rest-values.ts';
import { VECTOR_CASES } from './rest-vectors.ts';
import { WRITE_CASES } from './rest-writes.ts';

export const REST_CASES: RestCase[] = [
  ...VALUE_CASES,
  ...QUERY_CASES,
  ...WRITE_CASES,
  ...STRICTNESS_CASES,
  ...SERVER_TIME_CASES,
  ...VECTOR_CASES,
];
