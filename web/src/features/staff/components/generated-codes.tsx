/**
 * The codes "Generar solo códigos" made, on the page (issue 19): staff write them on paper
 * certificates, so they can read them, and copy them all at once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './staff.module.css';

export function GeneratedCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (codes.length === 0) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): the codes stay on the page to select.
      setCopied(false);
    }
  };

  return (
    <div className={styles.codes}>
      <ol data-testid="generated-codes" aria-label={t('staff.generatedCodes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() => void copy() /* no clipboard is caught inside */}
        data-testid="copy-codes"
      >
        {copied ? t('staff.codesCopied') : t('staff.copyCodes')}
      </Button>
    </div>
  );
}
