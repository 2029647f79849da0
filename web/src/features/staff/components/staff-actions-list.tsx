/**
 * The record of staff actions (docs/screens.md, /staff/acciones), newest first: when, who, what,
 * why, each plot before → after, and what the action carried away (codes, the certificate
 * printed, the CSV's filters). Filtered by kind; 50 at a time, "more" asks for the next page.
 */
import { STAFF_ACTION_KINDS, type StaffActionView } from '@parroquia/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { localeOf } from '@/lib/format';
import { useSession } from '@/lib/session';
import { listStaffActions } from '../api/staff-actions-api';
import { OutcomeMessage } from './outcome-message';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Kind = (typeof STAFF_ACTION_KINDS)[number];

interface Listing {
  kind: Kind | '';
  actions: StaffActionView[];
  next: string | null;
}

type Loading = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'ready' };

export function StaffActionsList() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [kind, setKind] = useState<Kind | ''>('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [failure, setFailure] = useState<{ kind: Kind | ''; text: string } | null>(null);
  const [more, setMore] = useState<Loading>({ state: 'ready' });

  useEffect(() => {
    let current = true;
    getToken()
      .then((token) => listStaffActions(client, kind ? { kind } : {}, token))
      .then(
        (page) => current && setListing({ kind, actions: page.actions, next: page.next_cursor }),
        (error: unknown) => current && setFailure({ kind, text: apiErrorText(error, t) }),
      );
    return () => {
      current = false;
    };
  }, [client, getToken, kind, t]);

  const loadMore = async () => {
    if (!listing?.next) return;
    setMore({ state: 'loading' });
    try {
      const page = await listStaffActions(
        client,
        { cursor: listing.next, ...(kind ? { kind } : {}) },
        await getToken(),
      );
      setListing({
        kind: listing.kind,
        actions: [...listing.actions, ...page.actions],
        next: page.next_cursor,
      });
      setMore({ state: 'ready' });
    } catch (error) {
      setMore({ state: 'failed', text: apiErrorText(error, t) });
    }
  };

  const shown = listing?.kind === kind ? listing : null;
  return (
    <>
      <label className={styles.filter}>
        {t('staffActions.filter')}
        <select
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind | '');
            setMore({ state: 'ready' });
          }}
          data-testid="staff-actions-kind"
        >
          <option value="">{t('staffActions.allKinds')}</option>
          {STAFF_ACTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`staffActions.kind.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {shown ? (
        <ActionsShown listing={shown} />
      ) : failure?.kind === kind ? (
        <OutcomeMessage outcome={{ ok: false, text: failure.text }} testId="staff-actions-error" />
      ) : (
        <p role="status">
          <Spinner /> {t('staffActions.loading')}
        </p>
      )}
      {shown?.next && (
        <div className={styles.buttons}>
          <Button
            type="button"
            disabled={more.state === 'loading'}
            onClick={() => void loadMore() /* shows its own failure */}
          >
            {t('staffActions.more')}
          </Button>
        </div>
      )}
      {more.state === 'failed' && (
        <OutcomeMessage outcome={{ ok: false, text: more.text }} testId="staff-actions-error" />
      )}
    </>
  );
}

function ActionsShown({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  if (listing.actions.length === 0) return <p>{t('staffActions.none')}</p>;
  return (
    <ol className={styles.reservations} aria-label={t('staffActions.title')}>
      {listing.actions.map((action) => (
        <StaffActionItem key={action.id} action={action} />
      ))}
    </ol>
  );
}

function StaffActionItem({ action }: { action: StaffActionView }) {
  const { t } = useTranslation();
  const when = new Intl.DateTimeFormat(localeOf(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(new Date(action.at));
  const who =
    [action.staff.name, action.staff.email].filter(Boolean).join(' · ') || action.staff.uid;
  const status = (value: string | undefined) =>
    value ? t(`staffActions.status.${value}`, { defaultValue: value }) : '—';
  const details = action.details;
  /** Plots an action moved show before → after; those it only names (a print), their codes. */
  const moved = action.after.length > 0 || action.before.length > 0;
  return (
    <li
      className={styles.record}
      data-testid={`staff-action-${action.id}`}
      data-kind={action.action}
    >
      <dl className={styles.facts}>
        <dt>{t('staffActions.when')}</dt>
        <dd>
          <time dateTime={action.at}>{when}</time>
        </dd>
        <dt>{t('staffActions.who')}</dt>
        <dd>{who}</dd>
        <dt>{t('staffActions.what')}</dt>
        <dd>{t(`staffActions.kind.${action.action}`)}</dd>
        {action.reason && (
          <>
            <dt>{t('staffActions.reason')}</dt>
            <dd>{action.reason}</dd>
          </>
        )}
        {action.plots.length > 0 && (
          <>
            <dt>{t(moved ? 'staffActions.plotsMoved' : 'staffActions.plots')}</dt>
            <dd>
              {moved ? (
                <ul className={styles.moves}>
                  {action.plots.map((plot) => (
                    <li key={plot}>
                      {plot}: {status(action.before.find((s) => s.plot === plot)?.status)} →{' '}
                      {status(action.after.find((s) => s.plot === plot)?.status)}
                    </li>
                  ))}
                </ul>
              ) : (
                action.plots.join(', ')
              )}
            </dd>
          </>
        )}
        {details?.codes && (
          <>
            <dt>{t('staffActions.codes', { count: details.count ?? details.codes.length })}</dt>
            <dd className={styles.codes}>{details.codes.join(' ')}</dd>
          </>
        )}
        {details?.code && (
          <>
            <dt>{t('staffActions.code')}</dt>
            <dd>{details.code}</dd>
          </>
        )}
        {details?.query && (
          <>
            <dt>{t('staffActions.filters')}</dt>
            <dd>
              {Object.entries(details.query)
                .map(([key, value]) => `${key}=${value}`)
                .join(', ') || t('staffActions.noFilters')}
              {' · '}
              {t('staffActions.rows', { count: details.rows ?? 0 })}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}
