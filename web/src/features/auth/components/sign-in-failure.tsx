/**
 * A failed sign-in step, said beside the button it is about and kept there until the next try
 * (`use-sign-in-attempt.ts`): its title and reason, and for a provider that cannot load offline
 * a button to use e-mail instead.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { SignInFailureText } from './use-sign-in-attempt';
import styles from './auth.module.css';

export function SignInFailure({
  failure,
  id,
  onUseEmail,
}: {
  failure: SignInFailureText;
  id: string;
  onUseEmail?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" className={styles.failure} data-testid="sign-in-failure">
      <strong>{t('signIn.errorTitle')}</strong>
      <p>{failure.text}</p>
      {failure.offerEmail && onUseEmail && (
        <Button type="button" variant="secondary" onClick={onUseEmail}>
          {t('signIn.useEmail')}
        </Button>
      )}
    </div>
  );
}
