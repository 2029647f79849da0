/**
 * The record of staff actions (docs/screens.md, /staff/acciones), newest first: when, who, what,
 * why, each plot before → after, and what the action carried away (codes, the certificate
 * printed, the CSV's filters). Filtered by kind; 50 at a time, "more" asks for the next page.
 */
import { STAFF_ACTION_KINDS, type StaffActionView } from '@parroquia/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatMoney, localeOf } from '@/lib/format';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { listStaffActions } from '../api/staff-actions-api';
import { OutcomeMessage } from './outcome-message';
import styles from './back-office.module.css';
import { currentLanguage } from '@/lib/i18n';

type Kind = (typeof STAFF_ACTION_KINDS)[number];

export function StaffActionsList() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const [kind, setKind] = useState<Kind | ''>('');
  // Keyed by the kind: a listing asked for another kind never shows under this one.
  const pages = useInfiniteQuery({
    queryKey: queryKeys.staffActions(accountUid(session), kind),
    queryFn: async ({ pageParam }) =>
      listStaffActions(
        client,
        { ...(pageParam ? { cursor: pageParam } : {}), ...(kind ? { kind } : {}) },
        await getToken(),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const actions = pages.data?.pages.flatMap((page) => page.actions);

  return (
    <>
      <label className={styles.filter}>
        {t('staffActions.filter')}
        <select
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind | '')}
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
      {actions ? (
        <ActionsShown actions={actions} />
      ) : pages.isError ? (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(pages.error, t) }}
          testId="staff-actions-error"
        />
      ) : (
        <p role="status">
          <Spinner /> {t('staffActions.loading')}
        </p>
      )}
      {actions && pages.hasNextPage && (
        <div className={styles.buttons}>
          <Button
            type="button"
            disabled={pages.isFetchingNextPage}
            // The failure, if any, is said below: nothing to wait for here.
            onClick={() => void pages.fetchNextPage()}
          >
            {t('staffActions.more')}
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(pages.error, t) }}
          testId="staff-actions-error"
        />
      )}
    </>
  );
}

function ActionsShown({ actions }: { actions: StaffActionView[] }) {
  const { t } = useTranslation();
  if (actions.length === 0) return <p>{t('staffActions.none')}</p>;
  return (
    <ol className={styles.reservations} aria-label={t('staffActions.title')}>
      {actions.map((action) => (
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
  const { money } = action;
  /**
   * Plots an action moved show before → after; those it only names (a print), their codes. A
   * refund moves none itself: Stripe's confirmation decides each plot, so it shows them as asked.
   */
  const moved = action.action !== 'refund' && (action.after.length > 0 || action.before.length > 0);
  const asked = action.action === 'refund' && action.before.length > 0;
  /** The rest paid at the parish says how: by transfer or in cash. */
  const kind: StaffActionView['action'] | 'complete-cash' | 'complete-transfer' =
    action.action === 'complete' && (money?.method === 'cash' || money?.method === 'transfer')
      ? `complete-${money.method}`
      : action.action;
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
        <dd>{t(`staffActions.kind.${kind}`)}</dd>
        {money && (
          <>
            <dt>{t('staffActions.money')}</dt>
            <dd data-testid={`staff-action-money-${action.id}`}>
              {[
                formatMoney(money.amount_cents, currentLanguage()),
                money.method ? t(`staffPanel.methods.${money.method}`) : null,
                [money.donor.name, money.donor.email && `<${money.donor.email}>`]
                  .filter(Boolean)
                  .join(' '),
                money.certificate_code
                  ? t('staffActions.certificate', { code: money.certificate_code })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
        {action.reason && (
          <>
            <dt>{t('staffActions.reason')}</dt>
            <dd>{action.reason}</dd>
          </>
        )}
        {action.plots.length > 0 && (
          <>
            <dt>
              {t(
                moved
                  ? 'staffActions.plotsMoved'
                  : asked
                    ? 'staffActions.plotsAsked'
                    : 'staffActions.plots',
              )}
            </dt>
            <dd>
              {asked ? (
                <ul className={styles.moves}>
                  {action.before.map((state) => (
                    <li key={state.plot}>
                      {state.plot}: {status(state.status)}
                    </li>
                  ))}
                </ul>
              ) : moved ? (
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
