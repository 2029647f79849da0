/** ID-token middleware: who is calling, from `Authorization: Bearer <Firebase ID token>`. */
import type { Access } from '@parroquia/domain';
import { logIdTokenRejected, logStaffOnlyRefused } from '../log';
import type { Caller, IdTokenVerifier } from '../ports/sign-in';
import { ApiError, type ApiRequest } from './http';
import { API_MESSAGES } from './messages';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function bearerToken(req: ApiRequest): string | null {
  const header = req.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The caller a route's access needs: null for public routes, else verified (401/403 if not). */
export async function authenticate(
  req: ApiRequest,
  path: string,
  access: Access,
  idTokens: IdTokenVerifier,
): Promise<Caller | null> {
  if (access === 'public') return null;
  const token = bearerToken(req);
  if (!token) {
    logIdTokenRejected(path, 'missing');
    throw new ApiError(401, API_MESSAGES.signInRequired, { 'WWW-Authenticate': 'Bearer' });
  }
  const caller = await idTokens.verify(token);
  if (!caller) {
    logIdTokenRejected(path, 'invalid');
    throw new ApiError(401, API_MESSAGES.sessionInvalid, {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  }
  if (access === 'staff' && !caller.staff) {
    logStaffOnlyRefused(path, caller.uid);
    throw new ApiError(403, API_MESSAGES.staffOnly);
  }
  return caller;
}
