/**
 * Every decision of the index planner against Firestore's documented rules (cases.ts), plus:
 * the definition a refusal suggests, once pasted into the file, serves the query; the message
 * has production's shape and a console link that decodes to the index.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_CONFIG, parseIndexConfig, type IndexConfig } from '../../src/indexes/config.ts';
import { definitionFor, indexNeededMessage } from '../../src/indexes/message.ts';
import { indexesNeededFor } from '../../src/indexes/planner.ts';
import { parseDatabase } from '../../src/core/paths.ts';
import { CASES, eq, query } from './cases.ts';

const configOf = (file?: object): IndexConfig =>
  file ? parseIndexConfig(JSON.stringify(file)) : EMPTY_CONFIG;

function withDefinition(config: IndexConfig, definition: object): IndexConfig {
  const added = parseIndexConfig(JSON.stringify(definition));
  return {
    indexes: [...config.indexes, ...added.indexes],
    // The pasted override replaces the field's previous one, as in the real file.
    fieldOverrides: [
      ...config.fieldOverrides.filter(
        (o) =>
          !added.fieldOverrides.some(
            (a) => a.collectionGroup === o.collectionGroup && a.fieldPath === o.fieldPath,
          ),
      ),
      ...added.fieldOverrides,
    ],
  };
}

describe('index table', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const needs = indexesNeededFor(c.query, configOf(c.file));
    if (c.needs === undefined) {
      expect(needs, c.rule).toEqual([]);
      return;
    }
    expect(definitionFor(needs), c.rule).toEqual(c.needs);
  });

  const refused = CASES.filter((c) => c.needs !== undefined);
  it.each(refused.map((c) => [c.name, c] as const))(
    'the suggested definition serves it: %s',
    (_name, c) => {
      const config = configOf(c.file);
      const fixed = withDefinition(config, definitionFor(indexesNeededFor(c.query, config)));
      expect(indexesNeededFor(c.query, fixed)).toEqual([]);
    },
  );
});

describe('the refusal message', () => {
  const db = parseDatabase('projects/demo-p/databases/(default)');
  const need = indexesNeededFor(query(eq('a'), [['b', 'DESCENDING']]), EMPTY_CONFIG);
  const message = indexNeededMessage(db, need);

  it("has production's sentence and console link", () => {
    expect(message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-p\/firestore\/indexes\?create_composite=[A-Za-z0-9+/]+\n/,
    );
  });

  it('links to the Index message with the name, the fields and the trailing __name__', () => {
    const encoded = /create_composite=([A-Za-z0-9+/]+)/.exec(message)![1]!;
    const bytes = Buffer.from(encoded, 'base64').toString('latin1');
    expect(bytes).toContain('projects/demo-p/databases/(default)/collectionGroups/c/indexes/_');
    // field 3 entries: a ASC (order 1), b DESC (order 2), __name__ DESC
    expect(bytes).toContain('\n\u0001a\u0010\u0001');
    expect(bytes).toContain('\n\u0001b\u0010\u0002');
    expect(bytes).toContain('\n\b__name__\u0010\u0002');
  });

  it('ends with the definition to paste', () => {
    const pasted = message.split('\nOr add to firestore.indexes.json: ')[1]!;
    expect(JSON.parse(pasted)).toEqual({
      indexes: [
        {
          collectionGroup: 'c',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'b', order: 'DESCENDING' },
          ],
        },
      ],
      fieldOverrides: [],
    });
  });

  it('names a collection-group single-field index as production does', () => {
    const single = indexesNeededFor(query(eq('a'), [], true), EMPTY_CONFIG);
    expect(indexNeededMessage(db, single)).toMatch(
      /^The query requires a COLLECTION_GROUP_ASC index for collection c and field a\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-p\/firestore\/indexes\?create_exemption=/,
    );
  });

  it('names a named database in the link', () => {
    const named = parseDatabase('projects/demo-p/databases/other');
    expect(indexNeededMessage(named, need)).toContain('/firestore/databases/other/indexes?');
  });
});

describe('the indexes file', () => {
  it('refuses what firebase deploy would refuse, naming the entry', () => {
    expect(() => parseIndexConfig('{"indexes":[{"collectionGroup":"c","fields":[]}]}')).toThrow(
      'indexes[0]: an index needs fields',
    );
    expect(() =>
      parseIndexConfig(
        '{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"a","order":"UP"}]}]}',
      ),
    ).toThrow('indexes[0].fields[0]: order must be ASCENDING or DESCENDING');
    expect(() => parseIndexConfig('{"fieldOverrides":[{"fieldPath":"a"}]}')).toThrow(
      'fieldOverrides[0].collectionGroup: must be a non-empty string',
    );
    expect(() => parseIndexConfig('nope')).toThrow('not JSON');
  });

  it('reads field paths in any quoting as one field', () => {
    const config = parseIndexConfig(
      JSON.stringify({
        indexes: [
          {
            collectionGroup: 'c',
            queryScope: 'COLLECTION',
            fields: [
              { fieldPath: '`a`', order: 'ASCENDING' },
              { fieldPath: 'b', order: 'ASCENDING' },
            ],
          },
        ],
      }),
    );
    expect(indexesNeededFor(query(eq('a'), [['b', 'ASCENDING']]), config)).toEqual([]);
  });

  it('ignores vector indexes (findNearest is not planned)', () => {
    const config = parseIndexConfig(
      JSON.stringify({
        indexes: [
          {
            collectionGroup: 'c',
            queryScope: 'COLLECTION',
            fields: [{ fieldPath: 'v', vectorConfig: { dimension: 3, flat: {} } }],
          },
        ],
      }),
    );
    expect(config.indexes).toEqual([]);
  });
});
