/** The one mapping from anything thrown to a gRPC status, shared by the gRPC and HTTP sides. */
import { Code, CODE_NAMES, FirestoreError } from './backend.ts';

export interface Status {
  code: Code;
  message: string;
}

/**
 * FirestoreError (and its HTTP subclasses) keep their code; malformed URLs and JSON are
 * INVALID_ARGUMENT; anything else is an emulator bug: INTERNAL, and logged with its stack.
 */
export function toStatus(error: unknown, log: (line: string) => void = console.error): Status {
  if (error instanceof FirestoreError) return { code: error.code, message: error.message };
  if (error instanceof URIError) {
    return { code: Code.INVALID_ARGUMENT, message: `Malformed URL: ${error.message}` };
  }
  if (error instanceof SyntaxError) {
    return {
      code: Code.INVALID_ARGUMENT,
      message: `Invalid JSON payload received. ${error.message}`,
    };
  }
  const loose = error as { code?: unknown; details?: unknown; message?: unknown } | undefined;
  // grpc-js style errors: {code: number, details}
  if (loose && typeof loose.code === 'number' && loose.code in CODE_NAMES) {
    return { code: loose.code as Code, message: String(loose.details ?? loose.message ?? '') };
  }
  log(`firestore emulator: internal error: ${(error as Error)?.stack ?? String(error)}`);
  return { code: Code.INTERNAL, message: `Internal error: ${String(loose?.message ?? error)}` };
}

export function statusName(code: number): string {
  return CODE_NAMES[code as Code] ?? 'UNKNOWN';
}
