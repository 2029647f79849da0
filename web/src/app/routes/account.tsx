/**
 * /mi-cuenta: the donor's own account (issue 30; docs/screens.md), one page of self-contained
 * sections: what they gave and what is left to pay ("My donations"), the names they ask prayers
 * for, sharing their plots, and their data (download it, delete the account). The reservations'
 * "Ask someone else to pay" comes from features/pay-link, as the map's does.
 */
import { useTranslation } from 'react-i18next';
import { CommemorationNamesSection } from '@/features/account/components/commemoration-names-section';
import { DonationHistorySection } from '@/features/account/components/donation-history-section';
import { MyDataSection } from '@/features/account/components/my-data-section';
import { SharePlotsSection } from '@/features/account/components/share-plots-section';
import { AskSomeoneToPay } from '@/features/pay-link/components/ask-someone-to-pay';
import { RequireAccess } from './access';
import styles from './account.module.css';

export default function AccountRoute() {
  const { t } = useTranslation();
  return (
    <RequireAccess level="donor">
      <title>{t('accountPage.documentTitle')}</title>
      <h1>{t('accountPage.title')}</h1>
      <div className={styles.sections}>
        <DonationHistorySection
          askSomeoneToPay={(plots) => <AskSomeoneToPay kind="complete" plots={plots} />}
        />
        <SharePlotsSection />
        <CommemorationNamesSection />
        <MyDataSection />
      </div>
    </RequireAccess>
  );
}
