/** Rules files that do not compile, and where Google's emulator places the first error. */

export interface CompileErrorCase {
  name: string;
  source: string;
  /** Google's first error position, 1-based; null when the file compiles. */
  position: { line: number; column: number } | null;
}

const wrap = (body: string): string =>
  [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    `    ${body}`,
    '  }',
    '}',
    '',
  ].join('\n');

export const COMPILE_ERROR_CASES: CompileErrorCase[] = [
  { name: 'valid file', source: wrap('match /a/{b} { allow read: if true; }'), position: null },
  {
    name: 'last semicolon omitted',
    source: wrap('match /a/{b} { allow read: if true }'),
    position: null,
  },
  {
    name: 'semicolons omitted between statements',
    source: wrap('match /a/{b} { allow read: if true allow write: if false }'),
    position: null,
  },
  {
    name: 'dangling operator',
    source: wrap('match /a/{b} { allow read: if 1 +; }'),
    position: { line: 4, column: 38 },
  },
  {
    name: 'unknown method (a warning)',
    source: wrap('match /a/{b} { allow fetch: if true; }'),
    position: null,
  },
  {
    name: 'unknown variable (a warning)',
    source: wrap('match /a/{b} { allow read: if x == 1; }'),
    position: null,
  },
  { name: 'empty match body', source: wrap('match /a/{b} { }'), position: { line: 4, column: 20 } },
  {
    name: 'unsupported version',
    source:
      "rules_version = '3';\nservice cloud.firestore {\n  match /a {\n    allow read;\n  }\n}\n",
    position: { line: 1, column: 1 },
  },
  {
    name: 'missing if',
    source: wrap('match /a/{b} { allow read: true; }'),
    position: { line: 4, column: 32 },
  },
  {
    name: 'unclosed match',
    source: wrap('match /a/{b} { allow read: if true;'),
    position: { line: 7, column: 1 },
  },
  {
    name: 'unclosed parenthesis',
    source: wrap('match /a/{b} { allow read: if (true; }'),
    position: { line: 4, column: 40 },
  },
  {
    name: 'stray token',
    source: wrap('match /a/{b} { allow read: if true; } }'),
    position: { line: 6, column: 1 },
  },
  {
    name: 'other service (a warning)',
    source: 'service cloud.storage {\n  match /b/{c} {\n    allow read: if true;\n  }\n}\n',
    position: null,
  },
  {
    name: 'missing match keyword',
    source: wrap('/a/{b} { allow read: if true; }'),
    position: { line: 4, column: 5 },
  },
  {
    name: 'function without return',
    source: wrap('function f() { true; } match /a/{b} { allow read: if f(); }'),
    position: { line: 4, column: 20 },
  },
];
