/**
 * The name typed on the sign-up form, handed to the session's first sync of that account
 * (`POST /api/users/sync/`, issue 19). Firebase signs the new account in before any profile
 * update of it could reach the sync, so the sync takes the name from here; it is also set as
 * the account's display name, which a sync after a reload reads instead.
 */
let pending: { email: string; name: string } | null = null;

export function holdSignUpName(email: string, name: string): void {
  pending = { email: email.toLowerCase(), name };
}

export function dropSignUpName(): void {
  pending = null;
}

/** The name held for this account's e-mail, given once; null for any other account. */
export function takeSignUpName(email: string | null): string | null {
  if (!pending || email?.toLowerCase() !== pending.email) return null;
  const { name } = pending;
  pending = null;
  return name;
}
