/** The donor certificate's words, in the two languages it exists in (docs/api.md). */
import { romanianCount, type CertificateLanguage } from '@parroquia/domain';

export interface DonorCertificateTexts {
  parish: string;
  title: string;
  certifies: string;
  contribution: (count: number) => string;
  personalCode: string;
  plots: string;
  date: string;
  check: string;
  /** The plan's caption (the plan names its own parts: church-plan.ts). */
  planCaption: string;
  /** Under the line where the parish signs and stamps it. */
  signature: string;
  /** The heading of the names the donor asks prayers for, and their two groups. */
  commemorations: string;
  living: string;
  departed: string;
  locale: string;
}

export const DONOR_CERTIFICATE_TEXTS: Record<CertificateLanguage, DonorCertificateTexts> = {
  es: {
    parish: 'Parroquia Ortodoxa de Asturias',
    title: 'Certificado de donante',
    certifies: 'La parroquia agradece y certifica que',
    contribution: (count) =>
      count === 1
        ? 'ha donado 1 parcela para la construcción de la iglesia.'
        : `ha donado ${count} parcelas para la construcción de la iglesia.`,
    personalCode: 'Código personal',
    plots: 'Parcelas',
    date: 'Fecha',
    check: 'Comprueba este certificado en',
    planCaption: 'Sus parcelas en el plano de la iglesia',
    signature: 'Firma y sello de la parroquia',
    commemorations: 'Recordados en la oración de la parroquia',
    living: 'Vivos',
    departed: 'Difuntos',
    locale: 'es-ES',
  },
  ro: {
    parish: 'Parohia Ortodoxă din Asturias',
    title: 'Certificat de donator',
    certifies: 'Parohia mulțumește și certifică faptul că',
    contribution: (count) =>
      `a donat ${romanianCount(count, 'parcelă', 'parcele')} pentru construirea bisericii.`,
    personalCode: 'Cod personal',
    plots: 'Parcele',
    date: 'Data',
    check: 'Verificați acest certificat la',
    planCaption: 'Parcelele dumneavoastră în planul bisericii',
    signature: 'Semnătura și ștampila parohiei',
    commemorations: 'Pomeniți în rugăciunile parohiei',
    living: 'Vii',
    departed: 'Adormiți',
    locale: 'ro-RO',
  },
};

/** The date as people of that language write it, on the parish's calendar (Europe/Madrid). */
export function certificateDate(issuedAt: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(new Date(issuedAt));
}
