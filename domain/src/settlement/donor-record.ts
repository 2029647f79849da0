/** A donor as the money operations read them: who shows on the map, and where mail goes. */
import { externalProviderOf } from '../account-email';
import { isProvenAddress } from '../address-proof';
import { donorDisplay } from '../donor';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../messages';
import { mailboxKey } from '../person-email';

export interface DonorOnRecord {
  uid: string;
  name: string;
  /** As stored: a real address, or an external provider's placeholder (account-email.ts). */
  email: string;
  personal_code: string;
  is_anonymous_donor: boolean;
  /** The language of their e-mails. */
  language: Language;
  /** The mailboxes the account stands for (the cash limit's person). */
  mailboxes: string[];
  /**
   * Firebase Auth proves `email` is the account's (address-proof.ts): only then does staff's
   * registration for that e-mail go to the account, and only then does mail go to it.
   */
  verified: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * `users/{uid}` read leniently; accounts from before `mailboxes` stand for their own address.
 * `provenAddress`: the address Firebase Auth proves for the account now (`provenAddressOf`),
 * null when it proves none or was not asked.
 */
export function readDonorRecord(
  uid: string,
  data: Record<string, unknown>,
  provenAddress: string | null,
): DonorOnRecord {
  const email = text(data.email);
  const stored = Array.isArray(data.mailboxes)
    ? data.mailboxes.filter((key): key is string => typeof key === 'string')
    : [];
  const own = email !== '' ? [mailboxKey(email)] : [];
  return {
    uid,
    name: text(data.name),
    email,
    personal_code: text(data.personal_code),
    is_anonymous_donor: data.is_anonymous_donor === true,
    language: isLanguage(data.language) ? data.language : DEFAULT_LANGUAGE,
    mailboxes: [...new Set([...own, ...stored])],
    verified: isProvenAddress(email, provenAddress),
  };
}

/** What the map shows for the donor: their name, or their code when anonymous. */
export function displayOf(donor: DonorOnRecord | null, uid: string): string {
  return donor ? donorDisplay(donor) || donor.personal_code : uid;
}

/**
 * Where the donor's e-mails go: a real address the account has proven only (none for Facebook
 * or Apple accounts without one, none for an e-mail sign-up never verified: docs/product.md).
 */
export function mailAddressOf(
  donor: Pick<DonorOnRecord, 'verified' | 'email'> | null,
): string | null {
  if (!donor?.verified || !donor.email || externalProviderOf(donor.email) !== null) return null;
  return donor.email;
}
