/**
 * Authorization headers as the web SDK and the emulator tools send them. Tokens are decoded but
 * never verified, and no security rules are evaluated: the identity is only kept for logging.
 */
export interface Identity {
  /** `Bearer owner`: the emulator admin token. */
  owner: boolean;
  uid?: string;
  claims?: Record<string, unknown>;
}

export function decodeAuthorization(header: string | undefined): Identity | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) return undefined;
  const token = m[1]!.trim();
  if (token === 'owner') return { owner: true };
  const parts = token.split('.');
  if (parts.length < 2) return { owner: false };
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    const uid = typeof claims.user_id === 'string' ? claims.user_id : typeof claims.sub === 'string' ? claims.sub : undefined;
    return { owner: false, uid, claims };
  } catch {
    return { owner: false };
  }
}
