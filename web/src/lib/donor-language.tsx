/**
 * Tells the API which of the site's languages a signed-in donor uses, so their e-mails (receipt,
 * reservation reminders) come in it (issue 19): `POST /api/users/update_user/ { language }`
 * when it differs from the one last told for that account in this browser.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

const told = (uid: string) => `donor-language:${uid}`;

export function DonorLanguage() {
  const { session, getToken } = useSession();
  const client = useApiClient();
  const { i18n } = useTranslation();
  const uid = session.status === 'signed-in' && session.user ? session.user.id : null;
  const language = i18n.resolvedLanguage ? currentLanguage() : null;

  useEffect(() => {
    if (!uid || !language || localStorage.getItem(told(uid)) === language) return;
    // Ends in a catch below: only the e-mails' language is at stake.
    void Promise.all([import('@/lib/donor-record-changes'), getToken()])
      .then(([record, token]) => record.tellLanguage(client, language, token))
      .then(() => localStorage.setItem(told(uid), language))
      // Only the e-mails' language is at stake: tried again on the next page load.
      .catch((error: unknown) => console.error('language not saved', error));
  }, [uid, language, client, getToken]);

  return null;
}
