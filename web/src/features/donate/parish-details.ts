/**
 * The parish's bank and contact details, from configuration (`VITE_PARISH_*`). Locally they are
 * placeholders, and the popup says so rather than show invented details as real.
 */
import { env } from '@/config/env';

export interface ParishDetails {
  holder: string;
  bank: string;
  iban: string;
  bic: string;
  contactEmail: string;
  contactPhone: string;
  placeholder: boolean;
}

export function parishDetails(): ParishDetails {
  const configured = Boolean(env.PARISH_IBAN);
  return {
    holder: env.PARISH_BANK_HOLDER ?? 'Parroquia Ortodoxa de Asturias',
    bank: env.PARISH_BANK_NAME ?? 'Banco de ejemplo',
    iban: env.PARISH_IBAN ?? 'ES00 0000 0000 0000 0000 0000',
    bic: env.PARISH_BIC ?? 'XXXXESXXXXX',
    contactEmail: env.PARISH_CONTACT_EMAIL ?? 'contacto@parroquia.example',
    contactPhone: env.PARISH_CONTACT_PHONE ?? '+34 600 000 000',
    placeholder: !configured,
  };
}
