/** Documents are kept by collection: a query reads its collection or group, nothing else. */
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/core/storage.ts';

const stored = (n: number) => ({ fields: { n: { integerValue: String(n) } }, createTime: n, updateTime: n });
const paths = (it: Iterable<[string, unknown]>) => [...it].map(([p]) => p).sort();

describe('Database (collection-scoped storage)', () => {
  it('finds the documents of one collection and of a collection group under a parent', () => {
    const db = new Database('p', '(default)', 'projects/p/databases/(default)');
    db.put('users/a', 1, stored(1));
    db.put('users/b', 2, stored(2));
    db.put('users/a/orders/o1', 3, stored(3));
    db.put('users/b/orders/o2', 4, stored(4));
    db.put('shops/s/orders/o3', 5, stored(5));
    db.put('usersx/z', 6, stored(6));
    expect(paths(db.inCollection('users'))).toEqual(['users/a', 'users/b']);
    expect(paths(db.inCollection('users/a/orders'))).toEqual(['users/a/orders/o1']);
    expect(paths(db.inCollectionGroup('', 'orders'))).toEqual([
      'shops/s/orders/o3',
      'users/a/orders/o1',
      'users/b/orders/o2',
    ]);
    expect(paths(db.inCollectionGroup('users/b', 'orders'))).toEqual(['users/b/orders/o2']);
    expect(paths(db.inCollectionGroup('', ''))).toHaveLength(6);
  });

  it('keeps deleted documents for readTime reads, and out of current results', () => {
    const db = new Database('p', '(default)', 'projects/p/databases/(default)');
    db.put('c/a', 10, stored(10));
    db.put('c/a', 20, null);
    expect(paths(db.inCollection('c'))).toEqual([]);
    expect(paths(db.inCollection('c', 15))).toEqual(['c/a']);
    expect(paths(db.inCollectionGroup('', 'c'))).toEqual([]);
    expect(paths(db.inCollectionGroup('', 'c', 15))).toEqual(['c/a']);
  });
});
