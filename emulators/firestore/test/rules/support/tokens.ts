/** Unsigned ID tokens (`alg: none`) as the Auth emulator and `createMockUserToken` make them. */
export function unsignedIdToken(projectId: string, claims: Record<string, unknown>): string {
  const encode = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(tokenClaims(projectId, claims))}.`;
}

/** Every claim of the token: the standard ones of a Firebase ID token plus the case's own. */
export function tokenClaims(
  projectId: string,
  claims: Record<string, unknown>,
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    user_id: claims.sub,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
}
