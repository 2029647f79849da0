/** The outcome of checking untrusted input: the clean value, or the message to show. */
export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

export const valid = <T>(value: T): Validation<T> => ({ ok: true, value });
export const invalid = <T = never>(error: string): Validation<T> => ({ ok: false, error });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Control and format characters (and line separators): never part of text people type. */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
