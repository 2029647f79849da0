/**
 * The staff registration form (docs/screens.md, docs/api.md): donor name and e-mail, certificate
 * code (typed from the paper, or a new one generated for a gift with no paper, as a transfer),
 * stay anonymous, reserve instead of buy, cash or transfer, for the plots selected on the map
 * below it or typed. It says the amount before staff confirm, and what happened after, brought
 * into view; a missing field is named and focused.
 */
import { checkoutTotalCents, isPlotCode, type OfflinePaymentMethod } from '@parroquia/domain';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { formatMoney } from '@/lib/format';
import type { PhysicalCertificate, RegisteredCertificate } from '../api/staff-api';
import { useGenerateCodes, useRegisterCertificate } from '../api/staff-mutations';
import { FilledCertificateButton } from './filled-certificate-button';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './staff.module.css';
import { currentLanguage } from '@/lib/i18n';

interface FormProps {
  selectedPlots: readonly string[];
  /** Plots typed by their codes, added to the selection (the map drops one not available). */
  onPlotsTyped: (codes: string[]) => void;
  onRegistered: () => void;
}

type Missing = 'email' | 'code' | 'plots';

export function PhysicalCertificateForm({ selectedPlots, onPlotsTyped, onRegistered }: FormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [reserve, setReserve] = useState(false);
  const [method, setMethod] = useState<OfflinePaymentMethod>('cash');
  const registering = useRegisterCertificate();
  const [result, setResult] = useState<Outcome | null>(null);
  /** The code just registered: its certificate can be printed filled in. */
  const [printable, setPrintable] = useState<string | null>(null);
  const [missing, setMissing] = useState<Missing[]>([]);
  const [typed, setTyped] = useState('');
  const coding = useGenerateCodes();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const plotsRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // What happened is brought into view: on a phone the form sits above a long map.
  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);

  const addTyped = () => {
    const codes = typed
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
    const wrong = codes.filter((plot) => !isPlotCode(plot));
    if (wrong.length > 0) {
      setResult({ ok: false, text: t('staff.plotsTypedInvalid', { codes: wrong.join(', ') }) });
      return;
    }
    onPlotsTyped(codes);
    setTyped('');
    setMissing((before) => before.filter((field) => field !== 'plots'));
  };

  const newCode = () =>
    coding.mutate(1, {
      onSuccess: ({ codes }) => {
        setCode(codes[0] ?? '');
        setMissing((before) => before.filter((field) => field !== 'code'));
      },
      onError: (error) => setResult({ ok: false, text: apiErrorText(error, t) }),
    });

  /** Said, printable, and the form cleared for the next donor. */
  const registered = (answer: RegisteredCertificate, sent: PhysicalCertificate) => {
    setResult({
      ok: true,
      text: t(answer.linked_to_account ? 'staff.registeredLinked' : 'staff.registeredWaiting', {
        plots: answer.parcelas.join(', '),
        amount: formatMoney(answer.amount_cents, currentLanguage()),
        method: t(`staff.method.${sent.method ?? method}`),
        code: answer.code,
        email: sent.email,
      }),
    });
    setPrintable(answer.code);
    setName('');
    setEmail('');
    setCode('');
    setAnonymous(false);
    setReserve(false);
    setMethod('cash');
    onRegistered();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new attempt: the last donor's certificate is no longer the one to print.
    setPrintable(null);
    const absent: Missing[] = [
      ...(email.trim() === '' ? (['email'] as const) : []),
      ...(code.trim() === '' ? (['code'] as const) : []),
      ...(selectedPlots.length === 0 ? (['plots'] as const) : []),
    ];
    setMissing(absent);
    if (absent.length > 0) {
      setResult({
        ok: false,
        text: t('staff.missingFields', {
          fields: absent.map((field) => t(`staff.missing.${field}`)).join(', '),
        }),
      });
      ({ email: emailRef, code: codeRef, plots: plotsRef })[absent[0]!].current?.focus();
      return;
    }
    registering.mutate(
      {
        email: email.trim(),
        code: code.trim(),
        name: name.trim(),
        is_anonymous_donor: anonymous,
        parcelas: [...selectedPlots],
        reserve,
        method,
      },
      {
        onSuccess: registered,
        onError: (error) => setResult({ ok: false, text: apiErrorText(error, t) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label>
        {t('staff.name')}
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <RequiredField
        label={t('staff.email')}
        inputRef={emailRef}
        type="email"
        value={email}
        missing={missing.includes('email')}
        onChange={setEmail}
      />
      <RequiredField
        label={t('staff.code')}
        inputRef={codeRef}
        type="text"
        value={code}
        missing={missing.includes('code')}
        onChange={setCode}
      />
      <p className={styles.hint}>
        {t('staff.noPaper')}{' '}
        <Button type="button" variant="secondary" disabled={coding.isPending} onClick={newCode}>
          {t('staff.newCode')}
        </Button>
      </p>
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
      <div className={styles.typedPlots}>
        <label>
          {t('staff.typePlots')}
          <input
            ref={plotsRef}
            type="text"
            value={typed}
            autoCapitalize="characters"
            aria-invalid={missing.includes('plots') || undefined}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              addTyped();
            }}
          />
        </label>
        <Button type="button" variant="secondary" onClick={addTyped}>
          {t('staff.addPlots')}
        </Button>
      </div>
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
      <Button type="submit" disabled={registering.isPending}>
        {t('staff.register')}
      </Button>
      <div ref={resultRef}>
        <OutcomeMessage outcome={result} testId="register-result" />
        {printable && <FilledCertificateButton key={printable} code={printable} />}
      </div>
    </form>
  );
}

/** A field the registration cannot go without: marked so, and flagged when left empty. */
function RequiredField({
  label,
  inputRef,
  type,
  value,
  missing,
  onChange,
}: {
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  type: 'email' | 'text';
  value: string;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label>
      <span>
        {label} <span className={styles.required}>{t('staff.required')}</span>
      </span>
      <input
        ref={inputRef}
        type={type}
        value={value}
        required
        aria-invalid={missing || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
