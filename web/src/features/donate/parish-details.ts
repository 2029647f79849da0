/**
 * The parish's bank and contact details, from configuration (`VITE_PARISH_*`,
 * `config/parish-variables.ts`). An unset one is null: the popup then says to ask the parish
 * rather than show an invented value.
 */
import { env, type Env } from '@/config/env';
import type { ParishDetail } from '@/config/parish-variables';

export type ParishDetails = Record<ParishDetail, string | null>;

export function parishDetails(source: Env = env): ParishDetails {
  const value = (text: string | undefined) => text?.trim() || null;
  return {
    holder: value(source.PARISH_BANK_HOLDER),
    bank: value(source.PARISH_BANK_NAME),
    iban: value(source.PARISH_IBAN),
    bic: value(source.PARISH_BIC),
    contactEmail: value(source.PARISH_CONTACT_EMAIL),
    contactPhone: value(source.PARISH_CONTACT_PHONE),
  };
}
