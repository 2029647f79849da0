/**
 * E-mail sign-up asked of the API (issue 30; `requestSignUp` in `auth.ts` loads this module when
 * the form is sent).
 */
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { apiClient } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';

export async function askSignUp(
  email: string,
  password: string,
  name: string,
  language: Language,
  returnTo: string | null,
): Promise<void> {
  await apiClient.call(API_ROUTES.signUp, {
    body: { email, password, name, language, ...(returnTo ? { return_to: returnTo } : {}) },
  });
}

/** The sign-up e-mail's link opened: its code confirms the account (once). */
export async function confirmSignUp(code: string): Promise<'confirmed' | 'existing'> {
  const { status } = await apiClient.call(API_ROUTES.confirmSignUp, { body: { code } });
  return status;
}
