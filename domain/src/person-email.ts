/**
 * One mailbox can be written many ways: `A.B@gmail.com`, `ab+parish@gmail.com` and
 * `ab@googlemail.com` all reach the same person. The cash limit counts per person, so it counts
 * per mailbox, read through this key (docs/product.md, "Money").
 */

/** Providers that ignore dots in the mailbox name, and their canonical domain. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address reaches, as a key: lower case, the `+tag` dropped (the common
 * sub-addressing of Gmail, Outlook, iCloud, Fastmail...), and for Gmail the dots dropped and
 * `googlemail.com` read as `gmail.com`. Stricter than any one provider on purpose: two
 * addresses that might be one person count as one.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTLESS_DOMAINS[domain];
  if (canonical) {
    domain = canonical;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
