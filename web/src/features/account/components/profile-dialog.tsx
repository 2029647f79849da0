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
import { useSession } from '@/lib/session';
import { useLinkCode, useUpdateProfile } from '../api/profile-mutations';
import styles from './account.module.css';

export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(user?.name ?? '');
  const [anonymous, setAnonymous] = useState(user?.is_anonymous_donor ?? false);
  const [code, setCode] = useState('');
  const saving = useUpdateProfile();
  const linking = useLinkCode();
  // The API's reason in the reader's language (an empty name, one too long...), under the
  // field; without an answer, the generic text.
  const saveError =
    saving.error === null
      ? null
      : saving.error instanceof ApiError && saving.error.fromServer
        ? apiErrorText(saving.error, t)
        : t('profile.saveFailed');
  // The API's reason (in the reader's language), else that it could not answer.
  const linkError = linking.error === null ? null : apiErrorText(linking.error, t);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    saving.mutate(
      { name: name.trim(), is_anonymous_donor: anonymous },
      {
        onSuccess: () => {
          toast.success(t('profile.saved.title'), { description: t('profile.saved.description') });
          onClose();
        },
        onError: (error) => console.error('Error al actualizar el usuario', error),
      },
    );
  };

  const link = () => {
    if (code.trim() === '') return;
    linking.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        toast.success(t('profile.linked'));
      },
    });
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
      <form className={styles.form} onSubmit={save}>
        <label className={styles.field}>
          {t('profile.name')}
          <input
            type="text"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (saving.isError) saving.reset();
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
          <Button type="submit" disabled={saving.isPending || !user}>
            {saving.isPending ? t('profile.saving') : t('profile.save')}
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
            disabled={linking.isPending || code.trim() === ''}
            onClick={link}
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
