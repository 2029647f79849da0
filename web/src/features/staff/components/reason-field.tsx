/** The reason staff give for a correction (required; the API allows 500 characters). */
import { useTranslation } from 'react-i18next';

export function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('backOffice.reason')}
      <input
        type="text"
        value={value}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </label>
  );
}
