/**
 * How the profile shows a stored e-mail (docs/screens.md): accounts without a real address carry the
 * domain's placeholder (`accountEmail` in @parroquia/domain), shown as "Connected with ...".
 */
import { externalProviderOf } from '@parroquia/domain';

export type EmailDisplay =
  | { kind: 'address'; email: string }
  | { kind: 'provider'; provider: 'facebook' | 'apple' | 'other' };

export function emailDisplay(storedEmail: string): EmailDisplay {
  const provider = externalProviderOf(storedEmail);
  if (provider === null) return { kind: 'address', email: storedEmail };
  return { kind: 'provider', provider: provider === 'external' ? 'other' : provider };
}
