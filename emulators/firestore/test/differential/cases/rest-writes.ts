/** Commits, preconditions, transforms, ListDocuments and streamed answers over REST. */
import type { Json, RestCase } from '../support/rest.ts';
import { V, commit, get, runQuery, from } from './rest-helpers.ts';

const DOC = '{root}/c/a';
const SEEDED = { 'c/a': { n: V.int(1), s: V.str('a') } };

function writeCase(
  name: string,
  writes: Json[],
  expect: string,
  seed = true,
  deliberate?: RestCase['deliberate'],
): RestCase {
  return {
    name: `commit: ${name}`,
    ...(seed ? { seed: SEEDED } : {}),
    requests: [commit(...writes), get('c/a')],
    expect,
    ...(deliberate ? { deliberate } : {}),
  };
}

const transform = (fieldPath: string, spec: Json): Json => ({
  update: { name: DOC, fields: {} },
  updateMask: { fieldPaths: [] },
  updateTransforms: [{ fieldPath, ...spec }],
});

export const WRITE_CASES: RestCase[] = [
  writeCase(
    'update of an existing document',
    [{ update: { name: DOC, fields: { n: V.int(2) } } }],
    'OK',
  ),
  writeCase(
    'update with a mask',
    [{ update: { name: DOC, fields: { n: V.int(2) } }, updateMask: { fieldPaths: ['n'] } }],
    'OK',
  ),
  writeCase(
    'update with a mask naming a missing field',
    [{ update: { name: DOC, fields: {} }, updateMask: { fieldPaths: ['gone'] } }],
    'OK',
  ),
  writeCase(
    'create (exists: false) of an existing document',
    [{ update: { name: DOC, fields: {} }, currentDocument: { exists: false } }],
    'ALREADY_EXISTS',
  ),
  writeCase(
    'create (exists: false) of a missing document',
    [{ update: { name: DOC, fields: {} }, currentDocument: { exists: false } }],
    'OK',
    false,
  ),
  writeCase(
    'update (exists: true) of a missing document',
    [{ update: { name: DOC, fields: {} }, currentDocument: { exists: true } }],
    'NOT_FOUND',
    false,
  ),
  writeCase(
    'update (exists: true) of an existing document',
    [{ update: { name: DOC, fields: { x: V.int(1) } }, currentDocument: { exists: true } }],
    'OK',
  ),
  writeCase(
    'delete (exists: true) of a missing document',
    [{ delete: DOC, currentDocument: { exists: true } }],
    'NOT_FOUND',
    false,
  ),
  writeCase('delete of a missing document', [{ delete: DOC }], 'OK', false),
  writeCase(
    'delete (updateTime) of a missing document',
    [{ delete: DOC, currentDocument: { updateTime: '2020-01-01T00:00:00Z' } }],
    'FAILED_PRECONDITION',
    false,
  ),
  writeCase(
    'delete (updateTime) with a stale time',
    [{ delete: DOC, currentDocument: { updateTime: '2020-01-01T00:00:00Z' } }],
    'FAILED_PRECONDITION',
  ),
  writeCase(
    'update (updateTime) with a stale time',
    [
      {
        update: { name: DOC, fields: {} },
        currentDocument: { updateTime: '2020-01-01T00:00:00Z' },
      },
    ],
    'FAILED_PRECONDITION',
  ),
  writeCase(
    'update (updateTime) of a missing document',
    [
      {
        update: { name: DOC, fields: {} },
        currentDocument: { updateTime: '2020-01-01T00:00:00Z' },
      },
    ],
    'FAILED_PRECONDITION',
    false,
  ),
  writeCase(
    'delete then update of one document',
    [{ delete: DOC }, { update: { name: DOC, fields: {} } }],
    'OK',
  ),
  writeCase(
    'update twice of one document',
    [
      { update: { name: DOC, fields: { n: V.int(5) } } },
      { update: { name: DOC, fields: { n: V.int(6) } } },
    ],
    'OK',
  ),
  writeCase(
    'two documents in one commit',
    [
      { update: { name: DOC, fields: { n: V.int(5) } } },
      { update: { name: '{root}/c/b', fields: {} } },
    ],
    'OK',
  ),
  writeCase('empty commit', [], 'OK', true, {
    google: 'OK',
    why: "ours answers an empty commit with its commitTime (clients read it); Google's emulator answers {}",
  }),
  writeCase(
    'write to a collection name',
    [{ update: { name: '{root}/c', fields: {} } }],
    'INVALID_ARGUMENT',
  ),
  writeCase(
    'write to another project',
    [{ update: { name: 'projects/other/databases/(default)/documents/c/a', fields: {} } }],
    'INVALID_ARGUMENT',
    true,
    {
      google: 'OK',
      why: "production refuses a write outside the request's database; Google's emulator writes it to the other project",
    },
  ),
  writeCase(
    'verify of an existing document',
    [{ verify: DOC, currentDocument: { exists: true } }],
    'OK',
  ),
  writeCase(
    'verify of a missing document',
    [{ verify: DOC, currentDocument: { exists: true } }],
    'NOT_FOUND',
    false,
  ),
  writeCase('transform increment int', [transform('n', { increment: V.int(2) })], 'OK'),
  writeCase('transform increment double', [transform('n', { increment: V.double(0.5) })], 'OK'),
  writeCase(
    'transform increment of a string field',
    [transform('s', { increment: V.int(1) })],
    'OK',
  ),
  writeCase(
    'transform increment int64 overflow (saturates)',
    [
      { update: { name: DOC, fields: { n: V.int('9223372036854775807') } } },
      transform('n', { increment: V.int(1) }),
    ],
    'OK',
  ),
  writeCase('transform maximum', [transform('n', { maximum: V.int(7) })], 'OK'),
  writeCase('transform minimum', [transform('n', { minimum: V.double(-1.5) })], 'OK'),
  writeCase(
    'transform appendMissingElements',
    [transform('arr', { appendMissingElements: { values: [V.int(1), V.int(1), V.int(2)] } })],
    'OK',
  ),
  writeCase(
    'transform removeAllFromArray',
    [transform('s', { removeAllFromArray: { values: [V.str('a')] } })],
    'OK',
  ),
  writeCase(
    'transform increment of a non-number',
    [transform('n', { increment: V.str('x') })],
    'INVALID_ARGUMENT',
  ),
  writeCase(
    'transform on __name__',
    [transform('__name__', { increment: V.int(1) })],
    'INVALID_ARGUMENT',
    true,
    {
      google: 'OK',
      why: "production refuses reserved field names (__x__); Google's emulator stores the transform as a field __key__",
    },
  ),
  writeCase(
    'two transforms on one field',
    [
      {
        update: { name: DOC, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'n', increment: V.int(1) },
          { fieldPath: 'n', increment: V.int(1) },
        ],
      },
    ],
    'OK',
  ),
  writeCase(
    'update mask with an empty segment',
    [{ update: { name: DOC, fields: {} }, updateMask: { fieldPaths: ['a..b'] } }],
    'INVALID_ARGUMENT',
  ),
  writeCase(
    'update mask with a field not in the mask',
    [{ update: { name: DOC, fields: { x: V.int(1) } }, updateMask: { fieldPaths: ['n'] } }],
    'OK',
  ),

  // ListDocuments.
  ...[
    ['', 'OK'],
    ['?pageSize=2', 'OK'],
    ['?orderBy=n', 'OK'],
    ['?orderBy=n%20desc', 'OK'],
    ['?orderBy=s%20desc,n', 'OK'],
    [
      '?orderBy=__name__%20desc',
      'OK',
      {
        google: 'FAILED_PRECONDITION',
        why: "production orders by __name__ descending without a composite index; Google's emulator asks for one",
      },
    ],
    ['?mask.fieldPaths=s', 'OK'],
    ['?showMissing=true', 'OK'],
    ['?showMissing=true&orderBy=n', 'INVALID_ARGUMENT'],
    ['?pageSize=-1', 'INVALID_ARGUMENT'],
  ].map(([query, expect, deliberate]): RestCase => ({
    name: `list documents: c${query as string}`,
    ...(deliberate ? { deliberate: deliberate as RestCase['deliberate'] } : {}),
    seed: {
      'c/a': { n: V.int(3), s: V.str('x') },
      'c/b': { n: V.int(1), s: V.str('y') },
      'c/c': { s: V.str('x') },
      'c/missing/sub/d': { n: V.int(2) },
    },
    requests: [get(`c${query as string}`)],
    expect: expect as string,
  })),
  {
    name: 'list collection ids',
    seed: { 'c/a': {}, 'b/a': {}, 'c/a/sub/x': {} },
    requests: [{ method: 'POST', path: ':listCollectionIds', body: {} }],
    expect: 'OK',
  },
  {
    name: 'batch get: found and missing',
    seed: SEEDED,
    requests: [{ method: 'POST', path: ':batchGet', body: { documents: [DOC, '{root}/c/none'] } }],
    expect: 'OK',
  },
  {
    name: 'batch get: a collection name',
    requests: [{ method: 'POST', path: ':batchGet', body: { documents: ['{root}/c'] } }],
    expect: 'INVALID_ARGUMENT',
  },
  {
    name: 'run query: streamed answer ends with done',
    seed: SEEDED,
    requests: [runQuery({ from: from('c') })],
    expect: 'OK',
  },
  {
    name: 'run query: empty answer ends with done',
    requests: [runQuery({ from: from('c') })],
    expect: 'OK',
  },
  {
    name: 'run query: with limit 1 ends with done',
    seed: { 'c/a': {}, 'c/b': {} },
    requests: [runQuery({ from: from('c'), limit: 1 })],
    expect: 'OK',
  },
  {
    name: 'get: missing document',
    requests: [get('c/none')],
    expect: 'NOT_FOUND',
  },
  {
    name: 'get: with a mask',
    seed: SEEDED,
    requests: [get('c/a?mask.fieldPaths=s')],
    expect: 'OK',
  },
  {
    name: 'patch: create through PATCH',
    requests: [{ method: 'PATCH', path: 'c/p', body: { fields: { a: V.int(1) } } }, get('c/p')],
    expect: 'OK',
  },
  {
    name: 'patch: with an update mask',
    seed: SEEDED,
    requests: [
      { method: 'PATCH', path: 'c/a?updateMask.fieldPaths=n', body: { fields: { n: V.int(9) } } },
      get('c/a'),
    ],
    expect: 'OK',
  },
  {
    name: 'patch: currentDocument.exists=true on a missing document',
    requests: [{ method: 'PATCH', path: 'c/p?currentDocument.exists=true', body: { fields: {} } }],
    expect: 'NOT_FOUND',
  },
  {
    name: 'create document: POST to a collection with an id',
    requests: [{ method: 'POST', path: 'c?documentId=made', body: { fields: { a: V.int(1) } } }],
    expect: 'OK',
  },
  {
    name: 'create document: id already taken',
    seed: SEEDED,
    requests: [{ method: 'POST', path: 'c?documentId=a', body: { fields: {} } }],
    expect: 'ALREADY_EXISTS',
  },
  {
    name: 'delete document: then get',
    seed: SEEDED,
    requests: [{ method: 'DELETE', path: 'c/a' }, get('c/a')],
    expect: 'OK',
  },
];
