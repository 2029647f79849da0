/** Log lines of the donor e-mails, structured for Cloud Logging. */
import * as logger from 'firebase-functions/logger';

export function logMailFailed(what: string, error: unknown): void {
  logger.error('mail: could not queue', {
    what,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
