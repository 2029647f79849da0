/** How many physical certificates (or bare codes) staff may generate in one go. */
import { MESSAGES } from './messages';
import { invalid, valid, type Validation } from './validation';

export const MIN_CERTIFICATE_COUNT = 1;
export const MAX_CERTIFICATE_COUNT = 250;
export const DEFAULT_CERTIFICATE_COUNT = 1;

/** A whole number from 1 to 250; digits in a string (a form field's value) count too. */
export function validateCertificateCount(count: unknown): Validation<number> {
  const value = typeof count === 'string' && /^\s*\d+\s*$/.test(count) ? Number(count) : count;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < MIN_CERTIFICATE_COUNT ||
    value > MAX_CERTIFICATE_COUNT
  ) {
    return invalid(MESSAGES.certificateCountInvalid);
  }
  return valid(value);
}
