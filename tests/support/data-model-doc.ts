/**
 * docs/data-model.md read as data: one table of fields per collection (`### \`name\``), each
 * row `| \`field\` | type | present | what |`, and a stored document checked against it.
 */
import { Timestamp } from 'firebase-admin/firestore';

/** `list` is a list of strings; `list of maps` one of maps, whose fields are `list.field` rows. */
const TYPES = [
  'string',
  'integer',
  'boolean',
  'timestamp',
  'map',
  'list',
  'list of maps',
  'null',
] as const;
export type FieldType = (typeof TYPES)[number];

export interface DocumentedField {
  /** `name`, or `map.name` for a field of a nested map. */
  name: string;
  types: FieldType[];
  /** `always` in the doc; otherwise the field is written only in the case the doc names. */
  always: boolean;
}

/** Every collection with a field table, in the doc's order. */
export function documentedCollections(markdown: string): Map<string, DocumentedField[]> {
  const collections = new Map<string, DocumentedField[]>();
  let current: DocumentedField[] | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^### `([a-z_]+)`\s*$/.exec(line);
    if (heading) {
      current = [];
      collections.set(heading[1]!, current);
      continue;
    }
    if (line.startsWith('#')) current = null;
    const row = /^\|\s*`([\w.]+)`\s*\|([^|]*)\|([^|]*)\|/.exec(line);
    if (!current || !row) continue;
    const [, name, type, present] = row;
    current.push({
      name: name!,
      types: parseTypes(name!, type!),
      always: present!.trim() === 'always',
    });
  }
  return collections;
}

function parseTypes(field: string, text: string): FieldType[] {
  return text
    .trim()
    .split(/\s+or\s+/)
    .map((word) => {
      if (!(TYPES as readonly string[]).includes(word)) {
        throw new Error(`docs/data-model.md: \`${field}\` has the unknown type "${word}"`);
      }
      return word as FieldType;
    });
}

export function typeOf(value: unknown): FieldType | 'other' {
  if (value === null) return 'null';
  if (value instanceof Timestamp) return 'timestamp';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'other';
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return 'list';
    const maps = value.every(
      (item) => typeof item === 'object' && item !== null && !Array.isArray(item),
    );
    return maps ? 'list of maps' : 'other';
  }
  if (typeof value === 'object') return 'map';
  return 'other';
}

/**
 * What in `data` the doc does not say: a field it does not list, an `always` field missing, a
 * value of another type. The fields of a nested map are checked when the doc lists them.
 */
export function fieldProblems(
  data: Record<string, unknown>,
  fields: readonly DocumentedField[],
  prefix = '',
): string[] {
  const own = fields.filter(
    (field) => field.name.startsWith(prefix) && !field.name.slice(prefix.length).includes('.'),
  );
  const problems: string[] = [];
  for (const key of Object.keys(data)) {
    if (!own.some((field) => field.name === `${prefix}${key}`))
      problems.push(`\`${prefix}${key}\` is not documented`);
  }
  for (const field of own) {
    const key = field.name.slice(prefix.length);
    if (!(key in data)) {
      if (field.always) problems.push(`\`${field.name}\` is missing`);
      continue;
    }
    const value = data[key];
    let type = typeOf(value);
    // An empty list is a list of maps with none in it as much as a list of strings.
    if (
      type === 'list' &&
      (value as unknown[]).length === 0 &&
      field.types.includes('list of maps')
    )
      type = 'list of maps';
    if (!(field.types as string[]).includes(type)) {
      problems.push(`\`${field.name}\` is ${type}, documented ${field.types.join(' or ')}`);
    } else if (type === 'map' && fields.some((other) => other.name.startsWith(`${field.name}.`))) {
      problems.push(...fieldProblems(value as Record<string, unknown>, fields, `${field.name}.`));
    } else if (type === 'list of maps') {
      for (const item of value as Array<Record<string, unknown>>) {
        problems.push(...fieldProblems(item, fields, `${field.name}.`));
      }
    }
  }
  return problems;
}
