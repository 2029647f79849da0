/**
 * The user edit dialog (docs/screens.md): name editable; e-mail (or "Connected with ...") and
 * personal code read-only; the anonymous-donor checkbox; link a physical certificate's code.
 */
import { DONOR_NAME_MAX_LENGTH } from '@parroquia/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { emailDisplay } from '@/lib/account-email';
import { ApiError } from '@/lib/api-error';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { linkCode, updateProfile } from '../api/account-api';
import styles from './account.module.css';

export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken, reloadUser } = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(user?.name ?? '');
  const [anonymous, setAnonymous] = useState(user?.is_anonymous_donor ?? false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [linking, setLinking] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setSaving(true);
    setSaveError(null);
    try {
      await updateProfile(
        client,
        { name: name.trim(), is_anonymous_donor: anonymous },
        await getToken(),
      );
      await reloadUser();
      toast.success(t('profile.saved.title'), { description: t('profile.saved.description') });
      onClose();
    } catch (error) {
      // The API's reason in the reader's language (an empty name, one too long...), under the
      // field; without an answer, the generic text.
      console.error('Error al actualizar el usuario', error);
      setSaveError(
        error instanceof ApiError && error.fromServer ? error.message : t('profile.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  const link = async () => {
    if (code.trim() === '') return;
    setLinking(true);
    setLinkError(null);
    try {
      await linkCode(client, code.trim(), await getToken());
      await reloadUser();
      setCode('');
      toast.success(t('profile.linked'));
    } catch (error) {
      // The API's reason (in the reader's language), else that it could not answer.
      setLinkError(apiErrorText(error, t));
    } finally {
      setLinking(false);
    }
  };

  const shownEmail = user ? emailDisplay(user.email) : null;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="profile-title"
      onClose={onClose}
    >
      <h2 id="profile-title">{t('profile.title')}</h2>
      <form
        className={styles.form}
        onSubmit={(event) => void save(event) /* shows its own failure */}
      >
        <label className={styles.field}>
          {t('profile.name')}
          <input
            type="text"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setSaveError(null);
            }}
            maxLength={DONOR_NAME_MAX_LENGTH}
            aria-invalid={saveError !== null}
            aria-describedby={saveError ? 'profile-save-error' : undefined}
          />
        </label>
        {saveError && (
          <p id="profile-save-error" role="alert" className={styles.error}>
            {saveError}
          </p>
        )}
        <label className={styles.field}>
          {t('profile.email')}
          <input
            type="text"
            readOnly
            data-testid="profile-email"
            value={
              shownEmail === null
                ? ''
                : shownEmail.kind === 'address'
                  ? shownEmail.email
                  : t(`profile.connectedWith.${shownEmail.provider}`)
            }
          />
        </label>
        <label className={styles.field}>
          {t('profile.personalCode')}
          <input
            type="text"
            readOnly
            value={user?.personal_code ?? ''}
            data-testid="profile-code"
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.target.checked)}
          />
          {t('profile.anonymous')}
        </label>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('profile.cancel')}
          </Button>
          <Button type="submit" disabled={saving || !user}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
      <section className={styles.linkCode} aria-labelledby="link-code-title">
        <h3 id="link-code-title">{t('profile.linkTitle')}</h3>
        <p>{t('profile.linkHelp')}</p>
        <div className={styles.linkRow}>
          <input
            type="text"
            aria-label={t('profile.linkCode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={32}
          />
          <Button
            variant="secondary"
            disabled={linking || code.trim() === ''}
            // link() shows its own failure.
            onClick={() => void link()}
          >
            {t('profile.link')}
          </Button>
        </div>
        {linkError && (
          <p className={styles.error} role="alert">
            {linkError}
          </p>
        )}
      </section>
    </dialog>
  );
}
