/** The Firestore errors an adapter expects and answers, by name. */

/** gRPC's ALREADY_EXISTS: a `create` of a document that exists. */
const ALREADY_EXISTS = 6;

export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown }).code === ALREADY_EXISTS;
}
