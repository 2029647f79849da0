/**
 * The "how to donate" popup (docs/product.md): online (6 steps and the colour legend), cash (3 steps),
 * bank transfer (the parish's details, then 4 steps). Its button leads to the map. A detail the
 * parish has not configured reads "ask the parish", never an invented value.
 */
import { useTranslation } from 'react-i18next';
import { priceTexts } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { parishDetails } from '../parish-details';
import styles from './how-to-donate.module.css';
import { currentLanguage } from '@/lib/i18n';

const ONLINE_STEPS = ['1', '2', '3', '4', '5', '6'] as const;
const CASH_STEPS = ['1', '2', '3'] as const;
const TRANSFER_STEPS = ['1', '2', '3', '4'] as const;

export function HowToDonateDialog({
  onClose,
  onGoToMap,
}: {
  onClose: () => void;
  onGoToMap: () => void;
}) {
  const { t } = useTranslation();
  const details = parishDetails();

  return (
    <Dialog title={t('howTo.title')} closeLabel={t('howTo.close')} onClose={onClose} wide>
      <section className={styles.way} aria-labelledby="how-online">
        <h3 id="how-online">{t('howTo.online.title')}</h3>
        <ol>
          {ONLINE_STEPS.map((step) => (
            <li key={step}>{t(`howTo.online.steps.${step}`, priceTexts(currentLanguage()))}</li>
          ))}
        </ol>
        <ul className={styles.legend} aria-label={t('howTo.online.legendLabel')}>
          {(['available', 'reserved', 'bought'] as const).map((colour) => (
            <li key={colour}>
              <span className={`${styles.swatch} ${styles[colour]}`} aria-hidden />
              {t(`howTo.online.legend.${colour}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.way} aria-labelledby="how-cash">
        <h3 id="how-cash">{t('howTo.cash.title')}</h3>
        <ol>
          {CASH_STEPS.map((step) => (
            <li key={step}>
              {step === '1' && !details.contactPhone
                ? t('howTo.cash.steps.1_askParish')
                : t(`howTo.cash.steps.${step}`, {
                    phone: details.contactPhone,
                    ...priceTexts(currentLanguage()),
                  })}
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.way} aria-labelledby="how-transfer">
        <h3 id="how-transfer">{t('howTo.transfer.title')}</h3>
        <dl className={styles.bank} data-testid="bank-details">
          <dt>{t('howTo.transfer.holder')}</dt>
          <Detail value={details.holder} />
          <dt>{t('howTo.transfer.bank')}</dt>
          <Detail value={details.bank} />
          <dt>IBAN</dt>
          <Detail value={details.iban} />
          <dt>BIC</dt>
          <Detail value={details.bic} />
        </dl>
        <ol>
          {TRANSFER_STEPS.map((step) => (
            <li key={step}>
              {step === '3' && !details.contactEmail
                ? t('howTo.transfer.steps.3_askParish')
                : t(`howTo.transfer.steps.${step}`, { email: details.contactEmail })}
            </li>
          ))}
        </ol>
      </section>

      <div className={styles.footer}>
        <Button onClick={onGoToMap}>{t('howTo.goToMap')}</Button>
      </div>
    </Dialog>
  );
}

/** A configured detail as it is, an unset one as "ask the parish" in the visitor's language. */
function Detail({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? <dd>{value}</dd> : <dd className={styles.ask}>{t('howTo.askParish')}</dd>;
}
