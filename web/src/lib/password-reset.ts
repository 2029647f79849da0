/**
 * The password reset asked of the API (issue 30; `sendPasswordReset` in `auth.ts` loads this
 * module when the form is sent).
 */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { apiClient } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export async function askPasswordReset(email: string, language: Language): Promise<void> {
  await apiClient.call(API_ROUTES.passwordReset, { body: { email, language } });
}
