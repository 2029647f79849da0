/**
 * What to tell a person when an API call failed, in the page's language: the API's own message
 * when it gave one (it answers in the language asked), else that the server could not be
 * reached or could not answer. Never the client's fallback texts (`api-error.ts`), which are
 * Spanish or technical ("HTTP error! status: 504").
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

export function apiErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('error.server', { status: '?' });
  if (error.fromServer) return error.message;
  if (error.status === null) return t('error.network');
  return t('error.server', { status: error.status });
}
