/** Resource names and field paths. */
import { Code, FirestoreError } from '../backend.ts';
import type { Fields, Value } from './values.ts';

export interface DbRef {
  project: string;
  database: string;
  /** `projects/P/databases/D` */
  db: string;
}

export interface ParsedName extends DbRef {
  /** Path segments after `documents` (may be empty = the root). */
  segments: string[];
  /** Segments joined with `/` ('' for the root). */
  path: string;
}

const MAX_NAME_BYTES = 1500;
const MAX_FULL_NAME_BYTES = 6 * 1024;

function bad(msg: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, msg);
}

export function parseDatabase(name: string | undefined): DbRef {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name ?? '');
  if (!m) throw bad(`Invalid database name: ${name}`);
  return { project: m[1]!, database: m[2]!, db: m[0] };
}

/** Parses `projects/P/databases/D/documents[/...]`. */
export function parseName(name: string | undefined): ParsedName {
  if (typeof name !== 'string') throw bad('Missing resource name');
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m) throw bad(`Invalid resource name: "${name}"`);
  const rest = m[3];
  const segments = rest === undefined || rest === '' ? [] : rest.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s === '' || s === '.' || s === '..') throw bad(`Invalid resource name: "${name}"`);
    if (s.startsWith('__') && /^__.*__$/.test(s) && s !== '__name__')
      throw bad(`Resource id "${s}" is reserved: "${name}"`);
  }
  // Firestore's limits: 1,500 bytes per collection or document id, 6 KiB for the whole name
  // (UTF-8 takes at most 3 bytes a UTF-16 unit: a short id or name needs no counting).
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.length * 3 > MAX_NAME_BYTES && Buffer.byteLength(s, 'utf8') > MAX_NAME_BYTES) {
      throw bad(
        `A document or collection id is longer than 1,500 bytes: "${name.slice(0, 200)}..."`,
      );
    }
  }
  if (
    name.length * 3 > MAX_FULL_NAME_BYTES &&
    Buffer.byteLength(name, 'utf8') > MAX_FULL_NAME_BYTES
  ) {
    throw bad(`Document name is longer than 6 KiB: "${name.slice(0, 200)}..."`);
  }
  return {
    project: m[1]!,
    database: m[2]!,
    db: `projects/${m[1]}/databases/${m[2]}`,
    segments,
    path: rest ?? '',
  };
}

export function parseDocumentName(name: string | undefined): ParsedName {
  const p = parseName(name);
  if (p.segments.length === 0 || p.segments.length % 2 !== 0) {
    throw bad(`Document name "${name}" has odd number of segments`);
  }
  return p;
}

/** Parent of a query/list: the root or a document. */
export function parseParent(name: string | undefined): ParsedName {
  const p = parseName(name);
  if (p.segments.length % 2 !== 0) throw bad(`Invalid parent: "${name}"`);
  return p;
}

export function docName(db: string, path: string): string {
  return `${db}/documents/${path}`;
}

// ---- field paths ----

const SIMPLE = /^[A-Za-z_][A-Za-z_0-9]*$/;

export function parseFieldPath(fp: string | undefined): string[] {
  if (typeof fp !== 'string' || fp === '') throw bad('Invalid field path: empty');
  const out: string[] = [];
  let i = 0;
  while (i < fp.length) {
    let seg = '';
    if (fp[i] === '`') {
      i++;
      let closed = false;
      while (i < fp.length) {
        const c = fp[i]!;
        if (c === '\\') {
          seg += fp[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (c === '`') {
          closed = true;
          i++;
          break;
        }
        seg += c;
        i++;
      }
      if (!closed || seg === '') throw bad(`Invalid field path: ${fp}`);
    } else {
      while (i < fp.length && fp[i] !== '.') seg += fp[i++];
      if (seg === '') throw bad(`Invalid field path: ${fp}`);
    }
    out.push(seg);
    if (i < fp.length) {
      if (fp[i] !== '.') throw bad(`Invalid field path: ${fp}`);
      i++;
      if (i === fp.length) throw bad(`Invalid field path: ${fp}`);
    }
  }
  return out;
}

export function formatFieldPath(segs: string[]): string {
  return segs
    .map((s) => (SIMPLE.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}

export function getField(fields: Fields, path: string[]): Value | undefined {
  let cur: Fields | undefined = fields;
  for (let i = 0; i < path.length; i++) {
    const v: Value | undefined = cur?.[path[i]!];
    if (v === undefined) return undefined;
    if (i === path.length - 1) return v;
    if (!v.mapValue) return undefined;
    cur = v.mapValue.fields ?? {};
  }
  return undefined;
}

/** Returns a copy of fields with path set (copying maps along the path). */
export function setField(fields: Fields, path: string[], value: Value): Fields {
  const out: Fields = { ...fields };
  const [head, ...rest] = path;
  if (rest.length === 0) {
    out[head!] = value;
    return out;
  }
  const cur = out[head!];
  const inner: Fields = cur?.mapValue ? (cur.mapValue.fields ?? {}) : {};
  out[head!] = { mapValue: { fields: setField(inner, rest, value) } };
  return out;
}

export function deleteField(fields: Fields, path: string[]): Fields {
  const [head, ...rest] = path;
  if (!(head! in fields)) return fields;
  const out: Fields = { ...fields };
  if (rest.length === 0) {
    delete out[head!];
    return out;
  }
  const cur = out[head!];
  if (!cur?.mapValue) return fields;
  out[head!] = { mapValue: { fields: deleteField(cur.mapValue.fields ?? {}, rest) } };
  return out;
}

/** Keeps only the given field paths (a projection / mask). */
export function projectFields(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
