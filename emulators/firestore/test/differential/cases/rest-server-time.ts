/**
 * `REQUEST_TIME` transforms (`serverTimestamp()`): the value in `transformResults` and in the
 * stored document, compared by its facts (`support/server-times.ts`): millisecond precision,
 * one instant for every transform of a commit, the same one stored, never after the commit.
 */
import type { Json, RestCase } from '../support/rest.ts';
import { V, commit, get } from './rest-helpers.ts';

const serverTime = (fieldPath: string): Json => ({ fieldPath, setToServerValue: 'REQUEST_TIME' });
const withTimes = (path: string, fields: Json, ...times: string[]): Json => ({
  update: { name: `{root}/${path}`, fields },
  updateTransforms: times.map(serverTime),
});

function serverTimeCase(name: string, requests: RestCase['requests']): RestCase {
  return { name: `server time: ${name}`, requests, expect: 'OK', serverTimes: true };
}

export const SERVER_TIME_CASES: RestCase[] = [
  serverTimeCase('one write', [commit(withTimes('c/a', { x: V.int(1) }, 't')), get('c/a')]),
  serverTimeCase('a transform-only write (legacy transform)', [
    commit({ transform: { document: '{root}/c/a', fieldTransforms: [serverTime('t')] } }),
    get('c/a'),
  ]),
  serverTimeCase('three writes in one commit', [
    commit(
      withTimes('c/a', {}, 't'),
      withTimes('c/b', { m: V.map({ k: V.int(1) }) }, 't', 'm.at'),
      { update: { name: '{root}/c/c', fields: { y: V.int(2) } } },
    ),
    get('c/a'),
    get('c/b'),
    get('c/c'),
  ]),
  serverTimeCase('a transaction', [
    { method: 'POST', path: ':beginTransaction', body: {} },
    {
      method: 'POST',
      path: ':batchGet',
      body: { documents: ['{root}/c/a'], transaction: '{transaction}' },
    },
    {
      method: 'POST',
      path: ':commit',
      body: {
        transaction: '{transaction}',
        writes: [withTimes('c/a', {}, 't'), withTimes('c/b', {}, 'u')],
      },
    },
    get('c/a'),
    get('c/b'),
  ]),
];
