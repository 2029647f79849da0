/**
 * The parish's bank and contact details, one `VITE_` variable each, set at build time
 * (docs/deploy.md). Nothing stands in for an unset one: the "how to donate" popup then says to
 * ask the parish, and `npm start` names the unset ones in one line. Plain data, so the start
 * script reads the same list as the app.
 */
export const PARISH_VARIABLES = {
  holder: 'VITE_PARISH_BANK_HOLDER',
  bank: 'VITE_PARISH_BANK_NAME',
  iban: 'VITE_PARISH_IBAN',
  bic: 'VITE_PARISH_BIC',
  contactEmail: 'VITE_PARISH_CONTACT_EMAIL',
  contactPhone: 'VITE_PARISH_CONTACT_PHONE',
} as const;

export type ParishDetail = keyof typeof PARISH_VARIABLES;

/** The names of the variables with no value (absent, empty or blank) in `source`. */
export function unsetParishVariables(source: Record<string, string | undefined>): string[] {
  return Object.values(PARISH_VARIABLES).filter((name) => !source[name]?.trim());
}
