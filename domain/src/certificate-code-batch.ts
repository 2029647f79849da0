/**
 * Physical certificate codes: the same 8-character alphabet as personal codes (read off paper,
 * typed back), generated in batches that are unique among themselves. Uniqueness against the
 * codes already stored is the store's job (it creates each code only if absent).
 */
import { generatePersonalCode, type RandomIndex } from './personal-code';

export function generateCertificateCodes(count: number, randomIndex: RandomIndex): string[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`A code count is a whole number, not ${count}`);
  }
  const codes = new Set<string>();
  // 30^8 codes make a repeat vanishingly rare; a source that keeps repeating itself is broken.
  const maxAttempts = count * 4 + 16;
  for (let attempt = 0; codes.size < count; attempt += 1) {
    if (attempt >= maxAttempts) throw new Error('The random source keeps repeating codes');
    codes.add(generatePersonalCode(randomIndex));
  }
  return [...codes];
}
