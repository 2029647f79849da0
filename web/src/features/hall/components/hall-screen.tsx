/**
 * The church hall's screen (docs/screens.md, docs/product.md): for a television or projector,
 * nothing to click. The whole plan on the left (given by the page: the map's drawing), and
 * beside it the campaign's progress, the latest gifts as the map names their donors, and a QR
 * code of the site. Sized for 1920 x 1080 read from five metres (hall-screen.module.css).
 */
import type { CampaignProgress } from '@parroquia/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { Gift } from '../latest-gifts';
import { SiteQrCode } from './site-qr-code';
import styles from './hall-screen.module.css';

export interface HallScreenProps {
  /** The whole plan, or what shows while it loads. */
  plan: ReactNode;
  /** null: not read yet (or not readable: the last figures read stay until then). */
  progress: CampaignProgress | null;
  gifts: readonly Gift[];
  /** The live plots are catching up after the network dropped. */
  reconnecting: boolean;
  /** The site's address, for the QR code and written under it. */
  siteAddress: string;
}

export function HallScreen({ plan, progress, gifts, reconnecting, siteAddress }: HallScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <main className={styles.screen} data-testid="hall-screen">
      <title>{t('hall.documentTitle')}</title>
      <div className={styles.plan}>{plan}</div>
      <div className={styles.panel}>
        <h1 className={styles.heading}>{t('hall.heading')}</h1>
        <section className={styles.progress} aria-label={t('progress.title')}>
          {progress ? (
            <>
              <p className={styles.raised}>
                <span className={styles.figure} data-testid="hall-raised">
                  {formatMoney(progress.raisedCents, language)}
                </span>{' '}
                {t('hall.raisedOf', { goal: formatMoney(progress.goalCents, language) })}
              </p>
              <p className={styles.plots} data-testid="hall-plots">
                {t('hall.plots', {
                  given: formatNumber(progress.given, language),
                  total: formatNumber(progress.total, language),
                })}
              </p>
              <ProgressBar percent={progress.percent} className={styles.bar} />
            </>
          ) : (
            <p className={styles.plots}>{t('progress.loading')}</p>
          )}
        </section>
        <section className={styles.latest} aria-labelledby="hall-latest-title">
          <h2 id="hall-latest-title" className={styles.latestTitle}>
            {t('hall.latestTitle')}
          </h2>
          {gifts.length === 0 ? (
            <p className={styles.empty}>{t('hall.latestEmpty')}</p>
          ) : (
            <ol className={styles.gifts} data-testid="hall-gifts">
              {gifts.map((gift) => (
                <li
                  key={`${gift.status}:${gift.codes.join()}`}
                  className={styles.gift}
                  data-testid="hall-gift"
                  data-status={gift.status}
                >
                  <span className={styles.giftPlots}>
                    {t('hall.giftPlots', {
                      count: gift.codes.length,
                      plots: gift.codes.join(', '),
                    })}
                  </span>
                  <span className={styles.giftDonor}>{gift.donor}</span>
                  <span className={styles.giftStatus} data-status={gift.status}>
                    {t(`hall.${gift.status}`, { count: gift.codes.length })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <footer className={styles.invite}>
          <SiteQrCode address={siteAddress} label={siteAddress} />
          <p>
            {t('hall.qrCaption')}
            <br />
            <span className={styles.address}>{siteAddress.replace(/^https?:\/\//, '')}</span>
          </p>
        </footer>
      </div>
      {reconnecting && (
        <p className={styles.reconnecting} role="status" data-testid="hall-reconnecting">
          {t('hall.reconnecting')}
        </p>
      )}
    </main>
  );
}
