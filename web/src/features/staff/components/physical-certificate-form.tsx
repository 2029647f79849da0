/**
 * The staff registration form (docs/screens.md, docs/api.md): donor name and e-mail, certificate
 * code, stay anonymous, reserve instead of buy, cash or transfer, for the plots selected on the
 * map below it. It says the amount before staff confirm, and what happened after.
 */
import { checkoutTotalCents, MESSAGES } from '@parroquia/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { registerPhysicalCertificate } from '../api/staff-api';
import { FilledCertificateButton } from './filled-certificate-button';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './staff.module.css';
import { currentLanguage } from '@/lib/i18n';

interface FormProps {
  selectedPlots: readonly string[];
  onRegistered: () => void;
}

export function PhysicalCertificateForm({ selectedPlots, onRegistered }: FormProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [reserve, setReserve] = useState(false);
  const [method, setMethod] = useState<'cash' | 'transfer'>('cash');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  /** The code just registered: its certificate can be printed filled in. */
  const [printable, setPrintable] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || code.trim() === '' || selectedPlots.length === 0) {
      setResult({ ok: false, text: MESSAGES.physicalCertificateIncomplete });
      return;
    }
    setSending(true);
    setPrintable(null);
    try {
      const registered = await registerPhysicalCertificate(
        client,
        {
          email: email.trim(),
          code: code.trim(),
          name: name.trim(),
          is_anonymous_donor: anonymous,
          parcelas: [...selectedPlots],
          reserve,
          method,
        },
        await getToken(),
      );
      setResult({
        ok: true,
        text: t(
          registered.linked_to_account ? 'staff.registeredLinked' : 'staff.registeredWaiting',
          {
            plots: registered.parcelas.join(', '),
            amount: formatMoney(registered.amount_cents, currentLanguage()),
            method: t(`staff.method.${method}`),
            code: registered.code,
            email: email.trim(),
          },
        ),
      });
      setPrintable(registered.code);
      setName('');
      setEmail('');
      setCode('');
      setAnonymous(false);
      setReserve(false);
      setMethod('cash');
      onRegistered();
    } catch (error) {
      setResult({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event) /* shows its own failure */}
      noValidate
    >
      <label>
        {t('staff.name')}
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('staff.email')}
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t('staff.code')}
        <input type="text" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        {t('staff.anonymous')}
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={reserve} onChange={(e) => setReserve(e.target.checked)} />
        {t('staff.reserve')}
      </label>
      <fieldset className={styles.methods}>
        <legend>{t('staff.methodLegend')}</legend>
        {(['cash', 'transfer'] as const).map((choice) => (
          <label key={choice} className={styles.check}>
            <input
              type="radio"
              name="method"
              value={choice}
              checked={method === choice}
              onChange={() => setMethod(choice)}
            />
            {t(`staff.method.${choice}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.selected}>
        {t('staff.selectedPlots', { n: selectedPlots.length, codes: selectedPlots.join(', ') })}
      </p>
      {selectedPlots.length > 0 && (
        <p className={styles.selected} data-testid="register-amount">
          {t('staff.amountToRecord', {
            amount: formatMoney(
              checkoutTotalCents(reserve ? 'reserve' : 'buy', selectedPlots.length),
              currentLanguage(),
            ),
            method: t(`staff.method.${method}`),
          })}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {t('staff.register')}
      </Button>
      <OutcomeMessage outcome={result} testId="register-result" />
      {printable && <FilledCertificateButton key={printable} code={printable} />}
    </form>
  );
}
