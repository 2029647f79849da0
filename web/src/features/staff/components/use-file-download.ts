/**
 * A staff button that downloads a file the API makes (a PDF, a CSV): while it runs the buttons
 * wait, and the outcome is said under them, the API's refusal in the reader's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/api-error-text';
import { saveBlob } from '@/lib/download';
import { useSession } from '@/lib/session';
import type { Outcome } from './outcome-message';

export function useFileDownload(doneText: (fileName: string) => string) {
  const { t } = useTranslation();
  const { getToken } = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** Downloads and saves the file; says what happened (never throws). */
  const run = async (download: (token: string) => Promise<Blob>, fileName: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      saveBlob(await download(await getToken()), fileName);
      setOutcome({ ok: true, text: doneText(fileName) });
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, outcome, run };
}
