/**
 * The words of a gift's receipt and a year's statement (issue 30), in the site's three languages:
 * unlike the donor certificate, English is a language of its own here, as a donor abroad may
 * need to show what they gave. What they say and why: docs/product.md, "My donations".
 */
import type { DonationKind, DonationMethod, Language } from '@parroquia/domain';

export interface DonationDocumentTexts {
  locale: string;
  parish: string;
  /** What stands for a detail the parish has not configured. */
  askParish: string;
  legalName: string;
  taxId: string;
  address: string;
  receiptTitle: string;
  statementTitle: (year: number) => string;
  /** The title with the tax switch on. */
  taxReceiptTitle: string;
  taxStatementTitle: (year: number) => string;
  donor: string;
  personalCode: string;
  reference: string;
  issued: string;
  columns: { date: string; what: string; plots: string; amount: string };
  kinds: Record<DonationKind, string>;
  methods: Record<DonationMethod, string>;
  given: string;
  undone: string;
  net: string;
  noRows: (year: number) => string;
  /** Switch off: what the document is, and is not. */
  notTaxCertificate: (document: 'receipt' | 'statement') => string;
  /** Switch on: the certificate's wording for the donor's income tax. */
  taxCertificate: (parish: string, taxId: string, donor: string) => string;
  purpose: string;
}

export const DONATION_DOCUMENT_TEXTS: Record<Language, DonationDocumentTexts> = {
  es: {
    locale: 'es-ES',
    parish: 'Parroquia Ortodoxa de Asturias',
    askParish: 'pregunta en la parroquia',
    legalName: 'Entidad',
    taxId: 'CIF',
    address: 'Domicilio',
    receiptTitle: 'Recibo de donativo',
    statementTitle: (year) => `Resumen de donativos del año ${year}`,
    taxReceiptTitle: 'Certificado de donativo',
    taxStatementTitle: (year) => `Certificado de donativos del año ${year}`,
    donor: 'Donante',
    personalCode: 'Código personal',
    reference: 'Referencia',
    issued: 'Emitido el',
    columns: { date: 'Fecha', what: 'Concepto', plots: 'Parcelas', amount: 'Importe' },
    kinds: {
      buy: 'Donativo',
      reserve: 'Reserva (señal)',
      complete: 'Pago del resto',
      refund: 'Devolución',
      void: 'Anulación de un registro',
    },
    methods: { card: 'tarjeta', cash: 'efectivo', transfer: 'transferencia' },
    given: 'Donado',
    undone: 'Devuelto o anulado',
    net: 'Total neto',
    noRows: (year) => `No hay donativos en ${year}.`,
    notTaxCertificate: (document) =>
      `Este documento es un ${document === 'receipt' ? 'recibo' : 'resumen'} de lo donado a la ` +
      'parroquia. No es un certificado de donativos a efectos fiscales (IRPF, artículo 24 de la ' +
      'Ley 49/2002).',
    taxCertificate: (parish, taxId, donor) =>
      `A efectos del artículo 24 de la Ley 49/2002, de 23 de diciembre, y del IRPF, ${parish}, ` +
      `con CIF ${taxId}, certifica que ${donor} ha entregado los donativos irrevocables que se ` +
      'detallan.',
    purpose: 'Destino: la construcción de la iglesia de la parroquia.',
  },
  en: {
    locale: 'en-GB',
    parish: 'Orthodox Parish of Asturias',
    askParish: 'ask the parish',
    legalName: 'Entity',
    taxId: 'Tax id (CIF)',
    address: 'Address',
    receiptTitle: 'Donation receipt',
    statementTitle: (year) => `Statement of donations for ${year}`,
    taxReceiptTitle: 'Donation certificate',
    taxStatementTitle: (year) => `Certificate of donations for ${year}`,
    donor: 'Donor',
    personalCode: 'Personal code',
    reference: 'Reference',
    issued: 'Issued on',
    columns: { date: 'Date', what: 'Item', plots: 'Plots', amount: 'Amount' },
    kinds: {
      buy: 'Donation',
      reserve: 'Reservation (deposit)',
      complete: 'Payment of the balance',
      refund: 'Refund',
      void: 'Registration voided',
    },
    methods: { card: 'card', cash: 'cash', transfer: 'bank transfer' },
    given: 'Given',
    undone: 'Refunded or voided',
    net: 'Net total',
    noRows: (year) => `There are no donations in ${year}.`,
    notTaxCertificate: (document) =>
      `This document is a ${document} of what was given to the parish. It is not a donation ` +
      'certificate for tax purposes (Spanish income tax, IRPF, article 24 of Ley 49/2002).',
    taxCertificate: (parish, taxId, donor) =>
      `For the purposes of article 24 of Spanish Law 49/2002 of 23 December and of income tax ` +
      `(IRPF), ${parish}, tax id ${taxId}, certifies that ${donor} made the irrevocable ` +
      'donations listed.',
    purpose: 'Purpose: building the parish church.',
  },
  ro: {
    locale: 'ro-RO',
    parish: 'Parohia Ortodoxă din Asturias',
    askParish: 'întrebați la parohie',
    legalName: 'Entitatea',
    taxId: 'Cod fiscal (CIF)',
    address: 'Adresa',
    receiptTitle: 'Chitanță de donație',
    statementTitle: (year) => `Situația donațiilor din anul ${year}`,
    taxReceiptTitle: 'Certificat de donație',
    taxStatementTitle: (year) => `Certificat al donațiilor din anul ${year}`,
    donor: 'Donator',
    personalCode: 'Cod personal',
    reference: 'Referință',
    issued: 'Emis la',
    columns: { date: 'Data', what: 'Descriere', plots: 'Parcele', amount: 'Suma' },
    kinds: {
      buy: 'Donație',
      reserve: 'Rezervare (avans)',
      complete: 'Plata restului',
      refund: 'Rambursare',
      void: 'Înregistrare anulată',
    },
    methods: { card: 'card', cash: 'numerar', transfer: 'transfer bancar' },
    given: 'Donat',
    undone: 'Rambursat sau anulat',
    net: 'Total net',
    noRows: (year) => `Nu există donații în ${year}.`,
    notTaxCertificate: (document) =>
      `Acest document este ${document === 'receipt' ? 'o chitanță' : 'o situație'} a celor ` +
      'donate parohiei. Nu este un certificat de donație în scopuri fiscale (impozitul pe venit ' +
      'din Spania, IRPF, articolul 24 din Legea 49/2002).',
    taxCertificate: (parish, taxId, donor) =>
      `În sensul articolului 24 din Legea spaniolă 49/2002 din 23 decembrie și al impozitului pe ` +
      `venit (IRPF), ${parish}, cod fiscal ${taxId}, certifică faptul că ${donor} a făcut ` +
      'donațiile irevocabile de mai jos.',
    purpose: 'Destinația: construirea bisericii parohiei.',
  },
};

/** A day as that language writes it, on the parish's calendar (Europe/Madrid). */
export function documentDate(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(new Date(at));
}

/** A table row's day, short enough for its column: "27 nov 2026", "27 Nov 2026", "27 nov. 2026". */
export function documentShortDate(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Madrid',
  }).format(new Date(at));
}
