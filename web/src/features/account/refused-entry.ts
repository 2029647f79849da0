/**
 * Which name of the list a refusal of the API is about, from the field it names (`names.2.name`,
 * `ApiError.field`), never from its text; and the text to show under that name, without the
 * field's technical name the API adds to it ("… (campo: names.2.name)").
 */
import { ApiError } from '@/lib/api-error';

const ENTRY_FIELD = /^names\.(\d+)\.(?:name|state)$/;

export function refusedEntry(error: unknown, text: string): { index: number; text: string } | null {
  const field = error instanceof ApiError ? error.field : null;
  const match = field === null ? null : ENTRY_FIELD.exec(field);
  if (!match) return null;
  const named = text.lastIndexOf(' (');
  const shown = named >= 0 && text.endsWith(`: ${field})`) ? text.slice(0, named) : text;
  return { index: Number(match[1]), text: shown };
}
