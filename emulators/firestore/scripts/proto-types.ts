/**
 * Writes src/proto-types.ts: the TypeScript types of the google.firestore.v1 messages in the
 * shape the core takes (PROTO_LOADER_OPTIONS in src/backend.ts), from the very reflection the
 * emulator serves (src/proto-root.ts: the descriptor of @google-cloud/firestore, plus
 * `Write.verify`). Every type reachable from the Firestore service is written.
 *
 *   npx tsx scripts/proto-types.ts           (re)write src/proto-types.ts
 *   npx tsx scripts/proto-types.ts --check   fail when it differs from what the protos give
 *                                            (run by `npm run typecheck`, so by `npm run check`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import prettier from 'prettier';
import { firestoreRoot } from '../src/proto-root.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PROTO_TYPES_FILE = path.join(here, '..', 'src', 'proto-types.ts');

const MAIN_PACKAGE = 'google.firestore.v1';

/** The proto-loader shape of each scalar (PROTO_LOADER_OPTIONS: longs as strings). */
const SCALARS: Record<string, string> = {
  double: 'number',
  float: 'number',
  int32: 'number',
  uint32: 'number',
  sint32: 'number',
  fixed32: 'number',
  sfixed32: 'number',
  int64: 'string',
  uint64: 'string',
  sint64: 'string',
  fixed64: 'string',
  sfixed64: 'string',
  bool: 'boolean',
  string: 'string',
  bytes: 'Buffer',
};

type Named = protobuf.Type | protobuf.Enum;

/** Every message and enum the service's requests and responses reach, by full name. */
function reachable(root: protobuf.Root): Named[] {
  const seen = new Map<string, Named>();
  const visit = (type: Named) => {
    if (seen.has(type.fullName)) return;
    seen.set(type.fullName, type);
    if (type instanceof protobuf.Type) {
      for (const field of type.fieldsArray) {
        const resolved = field.resolve().resolvedType;
        if (resolved) visit(resolved);
      }
    }
  };
  for (const method of root.lookupService(`${MAIN_PACKAGE}.Firestore`).methodsArray) {
    method.resolve();
    visit(method.resolvedRequestType!);
    visit(method.resolvedResponseType!);
  }
  return [...seen.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** The package of a type (`google.protobuf`) and its path inside it (`StructuredQuery.Order`). */
function split(type: Named): { pkg: string; local: string[] } {
  const parts: string[] = [];
  let at: protobuf.ReflectionObject | null = type;
  while (at && (at instanceof protobuf.Type || at instanceof protobuf.Enum)) {
    parts.unshift(at.name);
    at = at.parent;
  }
  return { pkg: at ? at.fullName.replace(/^\./, '') : '', local: parts };
}

/** Names a generated type must not take: they would hide a global of JavaScript. */
const GLOBALS = new Set(['Function', 'Object', 'Map', 'Set', 'Date', 'Array', 'Error', 'Promise']);

/**
 * TypeScript names: `StructuredQuery_Order`; with its package's last part (`Protobuf_Value`,
 * `V1_Function`) where the name is taken by the main package or by a JavaScript global.
 */
function namesOf(types: Named[]): Map<string, string> {
  const local = (type: Named) => split(type).local.join('_');
  const taken = new Set(
    types.filter((type) => split(type).pkg === MAIN_PACKAGE).map((type) => local(type)),
  );
  const names = new Map<string, string>();
  for (const type of types) {
    const { pkg } = split(type);
    let name = local(type);
    if ((pkg !== MAIN_PACKAGE && taken.has(name)) || GLOBALS.has(name)) {
      const last = pkg.split('.').at(-1)!;
      name = `${last[0]!.toUpperCase()}${last.slice(1)}_${name}`;
    }
    names.set(type.fullName, name);
  }
  return names;
}

function comment(text: string | null | undefined, indent: string): string {
  if (!text) return '';
  const lines = text
    .trim()
    .split('\n')
    .map((line) => line.trim().replace(/\*\//g, '*\\/'));
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

function fieldType(field: protobuf.Field, names: Map<string, string>): string {
  const resolved = field.resolvedType;
  const one = resolved ? names.get(resolved.fullName)! : SCALARS[field.type];
  if (!one) throw new Error(`no TypeScript type for ${field.type} (${field.fullName})`);
  if (field instanceof protobuf.MapField) return `Record<string, ${one}>`;
  return field.repeated ? `${one}[]` : one;
}

function messageSource(type: protobuf.Type, names: Map<string, string>): string {
  const lines: string[] = [];
  for (const field of [...type.fieldsArray].sort((a, b) => a.id - b.id)) {
    lines.push(`${comment(field.comment, '  ')}  ${field.name}?: ${fieldType(field, names)};`);
  }
  for (const oneof of type.oneofsArray) {
    const members = oneof.fieldsArray.map((field) => `'${field.name}'`).join(' | ');
    lines.push(`  /** Which member of the oneof \`${oneof.name}\` is set (decoded messages). */`);
    lines.push(`  ${oneof.name}?: ${members};`);
  }
  const body = lines.length ? `{\n${lines.join('\n')}\n}` : '{}';
  const name = names.get(type.fullName)!;
  return lines.length
    ? `${comment(type.comment, '')}export interface ${name} ${body}\n`
    : `${comment(type.comment, '')}export type ${name} = Record<string, never>;\n`;
}

function enumSource(type: protobuf.Enum, names: Map<string, string>): string {
  const values = Object.keys(type.values)
    .map((value) => `'${value}'`)
    .join(' | ');
  return `${comment(type.comment, '')}export type ${names.get(type.fullName)!} = ${values};\n`;
}

/** The text of src/proto-types.ts, formatted as the repository formats TypeScript. */
export async function protoTypesSource(): Promise<string> {
  const root = firestoreRoot();
  const types = reachable(root);
  const names = namesOf(types);
  const parts = [
    '// Generated by scripts/proto-types.ts from the google.firestore.v1 protos of\n' +
      '// @google-cloud/firestore (src/proto-root.ts): do not edit; run `npm run proto-types`.\n' +
      '//\n' +
      '// Messages as the core sees them (PROTO_LOADER_OPTIONS in backend.ts): every field optional,\n' +
      '// int64 as decimal strings, enums as their names, bytes as Buffer, maps as records, and for\n' +
      '// each oneof a field naming its member that is set.\n',
  ];
  for (const type of types) {
    parts.push(
      type instanceof protobuf.Type ? messageSource(type, names) : enumSource(type, names),
    );
  }
  const messages = types.filter(
    (type) => type instanceof protobuf.Type && split(type).pkg === MAIN_PACKAGE,
  );
  parts.push(
    `/** The ${MAIN_PACKAGE} messages by name, for code that picks a type by its name. */\n` +
      `export interface Messages {\n${messages
        .map((type) => `  ${names.get(type.fullName)!}: ${names.get(type.fullName)!};`)
        .join('\n')}\n}\n`,
  );
  const options = await prettier.resolveConfig(PROTO_TYPES_FILE);
  return prettier.format(parts.join('\n'), { ...options, parser: 'typescript' });
}

async function main(): Promise<void> {
  const source = await protoTypesSource();
  if (!process.argv.includes('--check')) {
    writeFileSync(PROTO_TYPES_FILE, source);
    return;
  }
  let current = '';
  try {
    current = readFileSync(PROTO_TYPES_FILE, 'utf8');
  } catch {
    /* missing: stale */
  }
  if (current !== source) {
    console.error(
      'emulators/firestore/src/proto-types.ts does not match the protos of @google-cloud/firestore: ' +
        'run `npm run proto-types -w emulators/firestore`, then fix what no longer compiles.',
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
