/**
 * The caller of a request, from its `Authorization` header (HTTP) or metadata (gRPC).
 * `Bearer owner` is the owner (firebase-admin, `withSecurityRulesDisabled`). Any other bearer
 * token is read as a Firebase ID token without checking its signature, as Google's emulator
 * does: the Auth emulator and `createMockUserToken` make unsigned ones (`alg: none`).
 */
import type { Caller, CallerAuth } from './backend.ts';

const SIGNED_OUT: Caller = { owner: false, auth: null };

function decodeClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = Buffer.from(payload, 'base64url').toString('utf8');
    const claims: unknown = JSON.parse(json);
    if (claims && typeof claims === 'object' && !Array.isArray(claims)) {
      return claims as Record<string, unknown>;
    }
  } catch {
    /* not a JWT: treated as signed out */
  }
  return undefined;
}

/** uid from `sub` (the standard claim) or `user_id` (Firebase's copy of it). */
export function authFromToken(token: string): CallerAuth | null {
  const claims = decodeClaims(token);
  if (!claims) return null;
  const uid = [claims.sub, claims.user_id].find((v) => typeof v === 'string' && v !== '');
  if (typeof uid !== 'string') return null;
  return { uid, token: claims };
}

export function callerFromAuthorization(header: string | undefined | null): Caller {
  if (!header) return SIGNED_OUT;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return SIGNED_OUT;
  const token = match[1]!.trim();
  if (token === 'owner') return { owner: true };
  return { owner: false, auth: authFromToken(token) };
}
