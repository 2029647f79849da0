/**
 * The e-mail stored for an account (docs/screens.md). Facebook and Apple may sign a donor in without
 * an e-mail address; such accounts get a stable placeholder on a domain that can never receive
 * mail, whose prefix says which provider it was, so the profile can show "Connected with ...".
 */

/** `.invalid` is reserved (RFC 2606): no placeholder can ever be mistaken for a real mailbox. */
export const NO_EMAIL_DOMAIN = 'sin-correo.invalid';

export type ExternalProvider = 'facebook' | 'apple' | 'external';

/** Firebase Auth provider ids (`firebase.sign_in_provider` of the ID token) -> prefix. */
const PREFIX_BY_PROVIDER_ID: Readonly<Record<string, string>> = {
  'facebook.com': 'facebook_',
  'apple.com': 'apple_',
};
const EXTERNAL_PREFIX = 'external_';

export interface SignInIdentity {
  /** The e-mail the identity provider vouched for, if any. */
  email: string | null | undefined;
  /** Firebase Auth provider id: `password`, `google.com`, `facebook.com`, `apple.com`... */
  providerId: string;
  /** The account's stable subject (the Firebase uid). */
  subject: string;
}

/** The address as stored: the real one (trimmed, lower-case), else the provider placeholder. */
export function accountEmail(identity: SignInIdentity): string {
  const real = identity.email?.trim().toLowerCase() ?? '';
  if (real !== '') return real;
  const prefix = PREFIX_BY_PROVIDER_ID[identity.providerId] ?? EXTERNAL_PREFIX;
  // A mailbox name of safe characters only, whatever the subject holds.
  const local = identity.subject.replace(/[^A-Za-z0-9._-]/g, '-');
  return `${prefix}${local}@${NO_EMAIL_DOMAIN}`;
}

/**
 * The reverse rule, for the profile: which provider an account without e-mail came from, or null
 * when the stored address is a real one to show as it is.
 */
export function externalProviderOf(storedEmail: string): ExternalProvider | null {
  if (!storedEmail.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`)) return null;
  if (storedEmail.startsWith('facebook_')) return 'facebook';
  if (storedEmail.startsWith('apple_')) return 'apple';
  return 'external';
}
