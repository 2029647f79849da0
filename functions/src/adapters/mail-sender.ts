/**
 * The `from` of a donor e-mail (a field of the Trigger Email extension's documents): the parish's
 * name in the e-mail's language at `MAIL_FROM_ADDRESS` (docs/deploy.md). Unset, the document has
 * no `from`, and the extension's default sender, one name for every language, is used.
 */
export function mailFrom(senderName: string): string | null {
  const address = (process.env.MAIL_FROM_ADDRESS ?? '').trim();
  if (address === '') return null;
  // A quoted display name: the parish's names have no quote or backslash, and keep none.
  return `"${senderName.replace(/["\\]/g, '')}" <${address}>`;
}

/**
 * The `replyTo` of a donor e-mail: the parish's own address (`MAIL_REPLY_TO`, docs/deploy.md), so
 * a donor who answers a receipt or a refund's e-mail reaches the parish, not the sending address.
 * Unset, the document has none.
 */
export function mailReplyTo(): string | null {
  const address = (process.env.MAIL_REPLY_TO ?? '').trim();
  return address === '' ? null : address;
}
