/**
 * "Ask someone else to pay" (docs/product.md, "A relative pays"): makes a payment link for the
 * plots it is given and offers ways to send it: the phone's share sheet where there is one, else
 * WhatsApp, e-mail and copying the address. Two places offer it, composed by their routes:
 * My account for the rest of the donor's reservations (`complete`, the link shown in place,
 * beside "Cancel my payment links"), and the map's selection bar for the free plots picked
 * (`buy`, a quieter button whose link opens in a dialog, so the sticky bar of a phone stays
 * small). A refusal (a plot taken meanwhile, too many links, no network) is said where the link
 * would be, in the donor's language.
 */
import type { PaymentLinkKind } from '@parroquia/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import {
  useCancelPaymentLinks,
  useCreatePaymentLink,
  type MadePaymentLink,
} from '../api/donor-payment-links';
import own from './ask-someone-to-pay.module.css';

interface AskSomeoneToPayProps {
  kind: PaymentLinkKind;
  plots: readonly string[];
  /** `inline`: the link in place of the button (My account); `dialog`: in a dialog (the map). */
  presentation?: 'inline' | 'dialog';
  /** While the page does something else with these plots (a payment starting). */
  disabled?: boolean;
  /** The dialog closed after its link was made: the plots are the payer's to pay now. */
  onDone?: () => void;
}

/** The button's words: a reservation's rest ("…pay it") or plots picked ("…pay"). */
const ASK_KEYS = { complete: 'payLink.ask', buy: 'payLink.askBuy' } as const;

export function AskSomeoneToPay({
  kind,
  plots,
  presentation = 'inline',
  disabled = false,
  onDone,
}: AskSomeoneToPayProps) {
  const { t } = useTranslation();
  const making = useCreatePaymentLink();
  const ask = () => making.mutate({ kind, plots });
  const label = t(ASK_KEYS[kind]);
  return presentation === 'dialog' ? (
    <InDialog
      label={label}
      kind={kind}
      making={making}
      disabled={disabled}
      ask={ask}
      onDone={onDone}
    />
  ) : (
    <InPlace label={label} making={making} disabled={disabled} ask={ask} />
  );
}

type Making = ReturnType<typeof useCreatePaymentLink>;

interface PresentationProps {
  label: string;
  making: Making;
  disabled: boolean;
  ask: () => void;
}

/** My account: the button, then the link in its place; "Cancel my payment links" beside both. */
function InPlace({ label, making, disabled, ask }: PresentationProps) {
  const { t } = useTranslation();
  const cancelling = useCancelPaymentLinks({
    onSuccess: ({ cancelled }) => {
      toast.success(t('payLink.cancelledMine', { count: cancelled }));
      making.reset();
    },
    onError: (error) => toast.error(apiErrorText(error, t)),
  });
  const cancelButton = (
    <Button
      variant="secondary"
      data-testid="cancel-payment-links"
      disabled={cancelling.isPending}
      onClick={() => cancelling.mutate()}
    >
      {t('payLink.cancelMine')}
    </Button>
  );

  if (!making.isSuccess) {
    return (
      <div>
        {making.isError && <p role="alert">{apiErrorText(making.error, t)}</p>}
        <Button
          variant="secondary"
          data-testid="ask-someone-to-pay"
          disabled={disabled || making.isPending}
          onClick={ask}
        >
          {making.isPending ? <Spinner /> : null}
          {label}
        </Button>{' '}
        {cancelButton}
      </div>
    );
  }
  return (
    <div className={own.made}>
      <MadeLink
        link={making.data}
        extra={cancelButton}
        tellCopy={(outcome) =>
          outcome === 'copied'
            ? toast.success(t('payLink.copied'))
            : toast.error(t('payLink.copyFailed'))
        }
      />
    </div>
  );
}

/**
 * The map: a quiet button in the selection bar; pressed, it makes the link and opens the dialog
 * at once, which says that the link is being made, then shows it (or why not). Closing the
 * dialog after a link was made tells the page (`onDone`).
 */
function InDialog({
  label,
  kind,
  making,
  disabled,
  ask,
  onDone,
}: PresentationProps & Pick<AskSomeoneToPayProps, 'kind' | 'onDone'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => {
    const made = making.isSuccess;
    setOpen(false);
    making.reset();
    if (made) onDone?.();
  };
  return (
    <>
      <Button
        variant="secondary"
        className={own.quiet}
        data-testid="ask-someone-to-pay"
        disabled={disabled || making.isPending}
        onClick={() => {
          setOpen(true);
          ask();
        }}
      >
        {label}
      </Button>
      {open && (
        <Dialog
          title={label}
          closeLabel={t('payLink.close')}
          onClose={close}
          data-testid="pay-link-dialog"
        >
          {making.isPending && (
            <p role="status">
              <Spinner /> {t('payLink.making')}
            </p>
          )}
          {making.isError && (
            <p role="alert" className={own.refused} data-testid="pay-link-refused">
              {apiErrorText(making.error, t)}
            </p>
          )}
          {making.isSuccess && (
            <>
              <p data-testid="pay-link-plots">
                {t('payLink.plots', { count: making.data.plots.length })}{' '}
                {making.data.plots.join(', ')}
              </p>
              <MadeLink link={making.data} />
              {kind === 'buy' && <p className={own.note}>{t('payLink.notHeld')}</p>}
            </>
          )}
        </Dialog>
      )}
    </>
  );
}

type CopyOutcome = 'copied' | 'copyFailed';

/**
 * The link made: its amount and last day, its address to read or select, and the ways to send
 * it. Whether copying worked goes to `tellCopy` (My account's toasts), else is said under the
 * buttons: in a dialog a toast would sit under the backdrop.
 */
function MadeLink({
  link,
  extra,
  tellCopy,
}: {
  link: MadePaymentLink;
  extra?: ReactNode;
  tellCopy?: (outcome: CopyOutcome) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [copied, setCopied] = useState<CopyOutcome | null>(null);
  const said = tellCopy ?? setCopied;
  const url = new URL(paths.payLink.getHref(link.token), window.location.origin).href;
  const message = t('payLink.shareText', {
    amount: formatMoney(link.amount_cents, language),
    url,
  });
  const canShare = typeof navigator.share === 'function';
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => said('copied'),
      () => said('copyFailed'),
    );
  const share = () =>
    navigator.share({ title: t('payLink.shareTitle'), text: message, url }).catch(() => {
      // Closing the share sheet is not an error to tell.
    });
  return (
    <div data-testid="pay-link-made">
      <p>
        {t('payLink.made', {
          amount: formatMoney(link.amount_cents, language),
          date: formatLastDay(link.expires_at, language),
        })}
      </p>
      <input
        className={own.address}
        readOnly
        aria-label={t('payLink.address')}
        value={url}
        data-testid="pay-link-url"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={own.ways}>
        {canShare ? (
          // share() catches its own refusal (the sheet closed): nothing left to await.
          <Button onClick={() => void share()}>{t('payLink.share')}</Button>
        ) : (
          <>
            <a
              className={own.way}
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('payLink.whatsapp')}
            </a>
            <a
              className={own.way}
              href={`mailto:?subject=${encodeURIComponent(t('payLink.shareTitle'))}&body=${encodeURIComponent(message)}`}
            >
              {t('payLink.email')}
            </a>
          </>
        )}
        {/* copy() says its outcome beside the button: nothing left to await. */}
        <Button variant="secondary" onClick={() => void copy()}>
          {t('payLink.copy')}
        </Button>
        {extra}
      </div>
      {!tellCopy && (
        <p role="status" className={own.copied}>
          {copied && t(`payLink.${copied}`)}
        </p>
      )}
    </div>
  );
}
