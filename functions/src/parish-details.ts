/**
 * The parish as its receipts and statements name it (issue 30; docs/deploy.md): legal name, tax
 * id (CIF) and address from `functions/.env`. Nothing stands in for an unset one: the document
 * then says to ask the parish, in its language, rather than print a name or number nobody gave.
 *
 * `DONATION_TAX_CERTIFICATE=on` adds the wording of a donation certificate for the donor's
 * income tax (Ley 49/2002, art. 24). It is off unless set to exactly `on`: the Romanian Orthodox
 * Church in Spain has no cooperation agreement with the State, and its "notorio arraigo" gives no
 * relief under Ley 49/2002, so the parish may only turn it on once it is itself an entity that
 * law covers (docs/product.md, "My donations").
 */
export interface ParishDetails {
  legalName: string | null;
  taxId: string | null;
  address: string | null;
  taxCertificate: boolean;
}

const valueOf = (raw: string | undefined) => (raw?.trim() ? raw.trim() : null);

export function parishDetailsFromEnvironment(
  env: Record<string, string | undefined> = process.env,
): ParishDetails {
  return {
    legalName: valueOf(env.PARISH_LEGAL_NAME),
    taxId: valueOf(env.PARISH_TAX_ID),
    address: valueOf(env.PARISH_ADDRESS),
    taxCertificate: env.DONATION_TAX_CERTIFICATE?.trim() === 'on',
  };
}
