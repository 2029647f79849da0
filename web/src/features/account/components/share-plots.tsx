/**
 * "Share" (docs/product.md, "Sharing a plot"): the phone's share sheet (`navigator.share`) where
 * there is one; otherwise, or when it fails, WhatsApp, Facebook and the address to copy. What is
 * shared is the certificate's check page in the sharer's language: its preview (the plan with
 * the plots and the name as the map shows it) is drawn by the server.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { facebookShareUrl, sharedPageUrl, whatsAppShareUrl } from './share-link';
import styles from './share-plots.module.css';

export function SharePlots({ code }: { code: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const url = sharedPageUrl(window.location.origin, code, currentLanguage());
  const text = t('share.text');

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('share.title'), text, url });
        return;
      } catch (error) {
        // Closed by the donor: nothing to do. Any other failure: the links below instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setOpen(true);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the address stays selected to copy by hand.
      setCopied(false);
    }
  };

  return (
    <div className={styles.share} data-testid="share-plots">
      <Button
        type="button"
        variant="secondary"
        aria-expanded={open}
        // share() falls back on the links itself; it never rejects.
        onClick={() => void share()}
      >
        {t('share.action')}
      </Button>
      {open && (
        <div className={styles.options} data-testid="share-options">
          <a
            className={styles.appLink}
            href={whatsAppShareUrl(text, url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.whatsapp')}
          </a>
          <a
            className={styles.appLink}
            href={facebookShareUrl(url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('share.facebook')}
          </a>
          <label className={styles.addressField}>
            <span className="visually-hidden">{t('share.address')}</span>
            <input
              className={styles.address}
              readOnly
              value={url}
              data-testid="share-url"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <Button
            type="button"
            variant="secondary"
            // copy() says itself whether it worked.
            onClick={() => void copy()}
          >
            {copied ? t('share.copied') : t('share.copy')}
          </Button>
        </div>
      )}
    </div>
  );
}
