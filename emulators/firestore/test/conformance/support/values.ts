/**
 * Tagged write sentinels and value normalisation shared by every driver (including the
 * browser harness bundle). Scenarios write `S.increment(2)`; each driver turns the tag into
 * its SDK's FieldValue. Reads turn SDK Timestamps into `{ __ts: { seconds, nanos } }`.
 */

export type Sentinel =
  | { __op: 'serverTimestamp' }
  | { __op: 'increment'; by: number }
  | { __op: 'arrayUnion'; values: unknown[] }
  | { __op: 'arrayRemove'; values: unknown[] }
  | { __op: 'deleteField' };

export const S = {
  serverTimestamp: (): Sentinel => ({ __op: 'serverTimestamp' }),
  increment: (by: number): Sentinel => ({ __op: 'increment', by }),
  arrayUnion: (...values: unknown[]): Sentinel => ({ __op: 'arrayUnion', values }),
  arrayRemove: (...values: unknown[]): Sentinel => ({ __op: 'arrayRemove', values }),
  deleteField: (): Sentinel => ({ __op: 'deleteField' }),
};

export interface TsValue {
  __ts: { seconds: number; nanos: number };
}

export interface SdkValues {
  serverTimestamp(): unknown;
  increment(n: number): unknown;
  arrayUnion(...v: unknown[]): unknown;
  arrayRemove(...v: unknown[]): unknown;
  deleteField(): unknown;
  isTimestamp(v: unknown): boolean;
  timestamp(seconds: number, nanos: number): unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Scenario value -> SDK value. */
export function encode(v: unknown, sdk: SdkValues): unknown {
  if (Array.isArray(v)) return v.map((x) => encode(x, sdk));
  if (!isPlainObject(v)) return v;
  const op = (v as { __op?: string }).__op;
  if (op !== undefined) {
    const s = v as Sentinel;
    switch (s.__op) {
      case 'serverTimestamp':
        return sdk.serverTimestamp();
      case 'increment':
        return sdk.increment(s.by);
      case 'arrayUnion':
        return sdk.arrayUnion(...s.values.map((x) => encode(x, sdk)));
      case 'arrayRemove':
        return sdk.arrayRemove(...s.values.map((x) => encode(x, sdk)));
      case 'deleteField':
        return sdk.deleteField();
    }
  }
  if ('__ts' in v) {
    const t = (v as unknown as TsValue).__ts;
    return sdk.timestamp(t.seconds, t.nanos);
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = encode(x, sdk);
  return out;
}

/** SDK value -> plain scenario value. */
export function decode(v: unknown, sdk: SdkValues): unknown {
  if (Array.isArray(v)) return v.map((x) => decode(x, sdk));
  if (v === null || typeof v !== 'object') return v;
  if (sdk.isTimestamp(v)) {
    const t = v as { seconds: number; nanoseconds: number };
    return { __ts: { seconds: Number(t.seconds), nanos: t.nanoseconds } } satisfies TsValue;
  }
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = decode(x, sdk);
    return out;
  }
  return `[unsupported ${Object.getPrototypeOf(v)?.constructor?.name ?? typeof v}]`;
}

export function tsMillis(v: unknown): number {
  if (v === null || typeof v !== 'object' || !('__ts' in v)) {
    throw new Error(`expected a timestamp value, got ${JSON.stringify(v)}`);
  }
  const t = (v as TsValue).__ts;
  return t.seconds * 1000 + t.nanos / 1e6;
}
