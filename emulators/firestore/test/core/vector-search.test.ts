/**
 * Vector search in the core, without Google's jar: the distances and orders the differential
 * table holds to Google's emulator (`test/differential/cases/rest-vectors.ts`), worked out by
 * hand here, and a listen target with `findNearest` (which the differential table cannot ask).
 */
import { describe, expect, it } from 'vitest';
import type { ListenResponse, StructuredQuery, Value } from '../../src/proto-types.ts';
import { createBackend } from '../../src/core/index.ts';
import { present } from '../present.ts';

const DB = 'projects/p/databases/(default)';
const name = (path: string) => `${DB}/documents/${path}`;
const vector = (...values: number[]): Value => ({
  mapValue: {
    fields: {
      __type__: { stringValue: '__vector__' },
      value: { arrayValue: { values: values.map((doubleValue) => ({ doubleValue })) } },
    },
  },
});

async function seeded() {
  const b = present(createBackend());
  const docs: Record<string, Value> = {
    a: vector(1, 0),
    b: vector(0, 1),
    c: vector(3, 4),
    g: vector(-1, -1),
    h: vector(0, 0),
    three: vector(1, 0, 0),
  };
  await b.commit({
    database: DB,
    writes: Object.entries(docs).map(([id, v]) => ({
      update: { name: name(`c/${id}`), fields: { v } },
    })),
  });
  return b;
}

const search = (
  distanceMeasure: 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT',
  extra = {},
): StructuredQuery => ({
  from: [{ collectionId: 'c' }],
  findNearest: {
    vectorField: { fieldPath: 'v' },
    queryVector: vector(1, 0),
    distanceMeasure,
    limit: { value: 10 },
    distanceResultField: 'd',
    ...extra,
  },
});

async function nearest(structuredQuery: StructuredQuery): Promise<[string, number][]> {
  const b = await seeded();
  const answer = await b.runQuery({ parent: `${DB}/documents`, structuredQuery });
  return answer
    .filter((r) => r.document)
    .map((r) => [r.document.name.split('/').pop()!, Number(r.document.fields.d!.doubleValue)]);
}

describe('findNearest', () => {
  it('EUCLIDEAN: nearest first, other dimensions skipped', async () => {
    expect(await nearest(search('EUCLIDEAN'))).toEqual([
      ['a', 0],
      ['h', 1],
      ['b', Math.SQRT2],
      ['g', Math.sqrt(5)],
      ['c', Math.sqrt(20)],
    ]);
  });

  it('COSINE: 1 - cos, a zero vector (NaN) last; a threshold drops it', async () => {
    expect(await nearest(search('COSINE'))).toEqual([
      ['a', 0],
      ['c', 1 - 3 / 5],
      ['b', 1],
      ['g', 1 + 1 / Math.SQRT2],
      ['h', NaN],
    ]);
    expect(
      (await nearest(search('COSINE', { distanceThreshold: { value: 0.5 } }))).map(([id]) => id),
    ).toEqual(['a', 'c']);
  });

  it('DOT_PRODUCT: largest first, ties by name, the threshold a minimum', async () => {
    expect(await nearest(search('DOT_PRODUCT', { distanceThreshold: { value: 0 } }))).toEqual([
      ['c', 3],
      ['a', 1],
      ['b', 0],
      ['h', 0],
    ]);
  });

  it('a listen target gets the nearest documents, then follows writes', async () => {
    const b = await seeded();
    const out: ListenResponse[] = [];
    const errors: unknown[] = [];
    const stream = b.openListen({ send: (m) => out.push(m), fail: (e) => errors.push(e) });
    stream.onRequest({
      database: DB,
      addTarget: {
        targetId: 2,
        query: {
          parent: `${DB}/documents`,
          structuredQuery: search('EUCLIDEAN', { limit: { value: 2 } }),
        },
      },
    });
    const ids = () =>
      out.flatMap((m) =>
        m.documentChange ? [m.documentChange.document!.name!.split('/').pop()] : [],
      );
    expect(ids()).toEqual(['a', 'h']);
    out.length = 0;
    await b.commit({
      database: DB,
      writes: [{ update: { name: name('c/n'), fields: { v: vector(0.9, 0) } } }],
    });
    expect(ids()).toEqual(['n']);
    expect(out.some((m) => m.documentRemove?.document === name('c/h'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
