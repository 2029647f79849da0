/**
 * The names the donor asks the parish to remember at the liturgy (docs/screens.md, /mi-cuenta):
 * up to 20 first names, each among the living or the departed, and whether the certificate
 * prints them. Each name is checked as it would be by the API (the name rule, 30 characters) and
 * its refusal shown under it in the page's language; the whole list is saved at once.
 */
import {
  COMMEMORATION_NAME_MAX_LENGTH,
  MAX_COMMEMORATION_NAMES,
  checkCommemorationName,
  type CommemorationState,
  type CommemorationsView,
} from '@parroquia/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { currentLanguage } from '@/lib/i18n';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useLeaveWarning } from '@/lib/use-leave-warning';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { loadCommemorations } from '../api/commemorations-api';
import { useSaveCommemorations } from '../api/save-commemorations';
import { refusedEntry } from '../refused-entry';
import styles from './commemorations.module.css';

interface Row {
  /** A stable key while rows are added and removed. */
  key: number;
  name: string;
  state: CommemorationState;
  error: string | null;
}

export function CommemorationNamesSection() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const id = useId();
  const asked = useQuery({
    queryKey: queryKeys.commemorations(accountUid(session)),
    queryFn: async () => loadCommemorations(client, await getToken()),
  });
  const titleId = `${id}-title`;

  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="commemorations">
      <h2 id={titleId}>{t('commemorations.title')}</h2>
      <p className={styles.lead}>{t('commemorations.lead')}</p>
      {asked.isError ? (
        <p role="alert" className={styles.error}>
          {apiErrorText(asked.error, t)}
        </p>
      ) : asked.isSuccess &&
        asked.isFetchedAfterMount &&
        !asked.data.may_give_names &&
        asked.data.names.length === 0 ? (
        // Names are given by donors whose gift stands: no form to fill in only to be refused.
        <p className={styles.lead} data-testid="commemorations-need-gift">
          {t('commemorations.needGift')}
        </p>
      ) : asked.isSuccess && asked.isFetchedAfterMount ? (
        // The form starts from the list as the server has it now, never from one kept from an
        // earlier visit: saving it would put back names changed since.
        <NamesForm list={asked.data} idPrefix={id} />
      ) : (
        <p role="status">
          <Spinner /> {t('commemorations.loading')}
        </p>
      )}
    </section>
  );
}

/** The list being edited, from the server's list; saved whole. */
function NamesForm({ list, idPrefix: id }: { list: CommemorationsView; idPrefix: string }) {
  const { t } = useTranslation();
  // The first rows take the keys 0…n-1; every row made later takes the next one.
  const nextKey = useRef(list.names.length);
  const [rows, setRows] = useState<Row[]>(() =>
    list.names.map(({ name, state }, key) => ({ key, name, state, error: null })),
  );
  const rowsOf = (view: CommemorationsView): Row[] =>
    view.names.map(({ name, state }) => ({ key: nextKey.current++, name, state, error: null }));
  const [onCertificate, setOnCertificate] = useState(list.on_certificate);
  const [formError, setFormError] = useState<string | null>(null);
  /** The entry to focus once rendered: one just added, or the first refused. */
  const focusKey = useRef<number | null>(null);
  const setFocusKey = (key: number) => {
    focusKey.current = key;
  };
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const saving = useSaveCommemorations();

  useEffect(() => {
    if (focusKey.current === null) return;
    inputs.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  });

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, name: '', state: 'living', error: null }]);
    setFocusKey(key);
  };

  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setFormError(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const language = currentLanguage();
    const checked = rows.map((row) => {
      const outcome = checkCommemorationName(row.name, language);
      return outcome.ok
        ? { ...row, name: outcome.name, error: null }
        : { ...row, error: outcome.message };
    });
    setRows(checked);
    const firstRefused = checked.find((row) => row.error !== null);
    if (firstRefused) {
      setFormError(t('commemorations.fixErrors'));
      setFocusKey(firstRefused.key);
      return;
    }
    setFormError(null);
    saving.mutate(
      {
        names: checked.map(({ name, state }) => ({ name, state })),
        on_certificate: onCertificate,
      },
      {
        onSuccess: (saved) => {
          setRows(rowsOf(saved));
          setOnCertificate(saved.on_certificate);
          toast.success(t('commemorations.saved.title'), {
            description: t('commemorations.saved.description'),
          });
        },
        onError: (error) => {
          const text = apiErrorText(error, t);
          const entry = refusedEntry(error, text);
          const refused = entry ? checked[entry.index] : undefined;
          if (entry && refused) {
            change(refused.key, { error: entry.text });
            setFocusKey(refused.key);
            setFormError(t('commemorations.fixErrors'));
          } else {
            setFormError(text);
          }
        },
      },
    );
  };

  const full = rows.length >= MAX_COMMEMORATION_NAMES;
  // What she typed and has not saved yet: leaving the page asks first.
  const unsaved =
    onCertificate !== list.on_certificate ||
    rows.length !== list.names.length ||
    rows.some(
      (row, index) =>
        row.name !== list.names[index]?.name || row.state !== list.names[index]?.state,
    );
  useLeaveWarning(unsaved, t('commemorations.leaveUnsaved'));

  return (
    <form className={styles.section} onSubmit={save} noValidate>
      {rows.length === 0 && <p className={styles.help}>{t('commemorations.empty')}</p>}
      <ol className={styles.list}>
        {rows.map((row, index) => {
          const number = index + 1;
          const errorId = `${id}-error-${row.key}`;
          return (
            <li key={row.key} className={styles.entry} data-testid="commemoration-entry">
              <div className={styles.row}>
                <label className={styles.field}>
                  {t('commemorations.nameLabel', { number })}
                  <input
                    ref={(element) => {
                      if (element) inputs.current.set(row.key, element);
                      else inputs.current.delete(row.key);
                    }}
                    type="text"
                    autoComplete="off"
                    value={row.name}
                    maxLength={COMMEMORATION_NAME_MAX_LENGTH + 10}
                    aria-invalid={row.error !== null}
                    aria-describedby={row.error ? errorId : undefined}
                    onChange={(event) => change(row.key, { name: event.target.value, error: null })}
                  />
                </label>
                <label className={styles.field}>
                  {t('commemorations.stateLabel')}
                  <select
                    value={row.state}
                    onChange={(event) =>
                      change(row.key, { state: event.target.value as CommemorationState })
                    }
                  >
                    <option value="living">{t('commemorations.states.living')}</option>
                    <option value="departed">{t('commemorations.states.departed')}</option>
                  </select>
                </label>
                <Button
                  variant="secondary"
                  className={styles.target}
                  aria-label={t('commemorations.removeLabel', { number })}
                  onClick={() => remove(row.key)}
                >
                  {t('commemorations.remove')}
                </Button>
              </div>
              {row.error && (
                <p id={errorId} className={styles.error} data-testid="commemoration-error">
                  {row.error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {full ? (
        <p className={styles.help}>{t('commemorations.full', { max: MAX_COMMEMORATION_NAMES })}</p>
      ) : (
        <div>
          <Button variant="secondary" className={styles.target} onClick={add}>
            {t('commemorations.add')}
          </Button>
        </div>
      )}
      <div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={onCertificate}
            aria-describedby={`${id}-certificate-help`}
            onChange={(event) => setOnCertificate(event.target.checked)}
          />
          {t('commemorations.onCertificate')}
        </label>
        <p id={`${id}-certificate-help`} className={styles.help}>
          {t('commemorations.onCertificateHelp')}
        </p>
      </div>
      {formError && (
        <p role="alert" className={styles.error} data-testid="commemorations-form-error">
          {formError}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" className={styles.target} disabled={saving.isPending}>
          {saving.isPending ? t('commemorations.saving') : t('commemorations.save')}
        </Button>
      </div>
    </form>
  );
}
