import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { refusedEntry } from './refused-entry';

const refusal = (text: string, field: string | null) =>
  new ApiError(text, 400, { fromServer: true, code: 'invalidField', field });

describe('refusedEntry', () => {
  it('finds the entry by the field the API named, and shows the text without it', () => {
    const text = 'Nume prea lung (câmp: names.2.name)';
    expect(refusedEntry(refusal(text, 'names.2.name'), text)).toEqual({
      index: 2,
      text: 'Nume prea lung',
    });
    const state = 'Opción no válida (campo: names.0.state)';
    expect(refusedEntry(refusal(state, 'names.0.state'), state)).toEqual({
      index: 0,
      text: 'Opción no válida',
    });
  });

  it('is about no entry when the field is another or none, whatever the text says', () => {
    const text = 'Too many names (field: names.3.name)';
    expect(refusedEntry(refusal(text, 'names'), text)).toBeNull();
    expect(refusedEntry(refusal(text, null), text)).toBeNull();
    expect(refusedEntry(new Error(text), text)).toBeNull();
  });
});
