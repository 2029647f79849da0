/**
 * Beside a name on a donor's page: staff take it off the list read at the altar, saying why
 * (kept in the record of staff actions). The error, if any, stays beside the form.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useCommemorationRemoval } from '../api/staff-mutations';
import { OutcomeMessage } from './outcome-message';
import styles from './donors.module.css';

export function CommemorationRemoval({
  id,
  entry,
}: {
  id: string;
  entry: { name: string; state: 'living' | 'departed' };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const removal = useCommemorationRemoval(id);

  if (!open) {
    return (
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {t('commemorations.staff.remove', { name: entry.name })}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    removal.mutate({ ...entry, reason });
  };
  return (
    <form className={styles.inlineForm} onSubmit={onSubmit}>
      <label htmlFor={reasonId}>
        {t('commemorations.staff.removeReason', { name: entry.name })}
      </label>
      <textarea
        id={reasonId}
        value={reason}
        required
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" disabled={removal.isPending}>
        {t('commemorations.staff.removeConfirm')}
      </Button>
      {removal.isError && (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(removal.error, t) }}
          testId="commemoration-removal-error"
        />
      )}
    </form>
  );
}
