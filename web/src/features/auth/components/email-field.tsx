/** The e-mail field shared by signing in, creating an account and resetting the password. */
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export function EmailField({
  value,
  onChange,
  field,
}: {
  value: string;
  onChange: (email: string) => void;
  field: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {t('signIn.email')}
      <input
        ref={field}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
