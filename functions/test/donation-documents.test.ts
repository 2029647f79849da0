/** The receipt and the statement PDFs (issue 30): what they say, in each language, and the switch. */
import {
  donationEntry,
  donationReceipt,
  donationStatement,
  refundEntry,
  type LedgerRow,
} from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { parishDetailsFromEnvironment } from '../src/parish-details';
import { renderDonationReceipt, renderDonationStatement } from '../src/pdf/donation-documents';
import { pdfPageTexts } from './support/pdf-text';

const AT = Date.UTC(2026, 2, 14, 11);
const gift: LedgerRow = {
  ...donationEntry({
    method: 'card',
    kind: 'buy',
    donor: { uid: 'ana', email: 'ana@example.com', name: 'Ana' },
    plots: ['K3', 'K4'],
    amountCents: 50_000,
    at: AT,
    recordedBy: null,
  }),
  id: 'cs_test_receipt',
};
const refund: LedgerRow = {
  ...refundEntry(gift, gift.id, 10_000, AT + 86_400_000),
  id: 'refund-cs_test_receipt-10000',
};
const rows = [gift, refund];
const unset = parishDetailsFromEnvironment({});
const common = { donorName: 'Ștefana Pîrvu', personalCode: 'ANA7K3QZ', issuedAt: AT };
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('parishDetailsFromEnvironment', () => {
  it('leaves unset details unset, and the tax wording off unless exactly on', () => {
    expect(unset).toEqual({ legalName: null, taxId: null, address: null, taxCertificate: false });
    expect(parishDetailsFromEnvironment({ DONATION_TAX_CERTIFICATE: 'yes' }).taxCertificate).toBe(
      false,
    );
    expect(
      parishDetailsFromEnvironment({ DONATION_TAX_CERTIFICATE: ' on ', PARISH_TAX_ID: ' R1 ' }),
    ).toMatchObject({ taxCertificate: true, taxId: 'R1' });
  });
});

describe('the receipt', () => {
  it('says in each language what was given and given back, that it is no tax certificate, and to ask the parish for unset details', async () => {
    const receipt = donationReceipt(rows, gift.id)!;
    const expected = {
      es: [
        'Recibo de donativo',
        '500,00',
        '-100,00',
        '400,00',
        'No es un certificado de donativos a efectos fiscales',
        'pregunta en la parroquia',
        '14 de marzo de 2026',
      ],
      en: [
        'Donation receipt',
        '€500.00',
        '-€100.00',
        'It is not a donation certificate for tax purposes',
        'ask the parish',
        '14 March 2026',
      ],
      ro: [
        'Chitanță de donație',
        '500,00',
        'Nu este un certificat de donație în scopuri fiscale',
        'întrebați la parohie',
        '14 martie 2026',
      ],
    } as const;
    for (const language of ['es', 'en', 'ro'] as const) {
      const pdf = await renderDonationReceipt({ ...receipt, ...common, language, parish: unset });
      const pages = await pdfPageTexts(pdf);
      expect(pages).toHaveLength(1);
      const text = oneLine(pages[0]!);
      for (const part of expected[language]) expect(text, language).toContain(part);
      expect(text).toContain('Ștefana Pîrvu');
      expect(text).toContain('K3, K4');
      expect(text).not.toMatch(/certifica que|certifies that|certifică faptul/);
    }
  });

  it('carries the configured parish, and the IRPF wording only with the switch on', async () => {
    const receipt = donationReceipt(rows, gift.id)!;
    const parish = {
      legalName: 'Parroquia Ortodoxa Rumana San Test',
      taxId: 'R0000000X',
      address: 'Calle Falsa 1, Oviedo',
      taxCertificate: true,
    };
    const [text] = await pdfPageTexts(
      await renderDonationReceipt({ ...receipt, ...common, language: 'es', parish }),
    );
    const page = oneLine(text!);
    expect(page).toContain('Certificado de donativo');
    expect(page).toContain('artículo 24 de la Ley 49/2002');
    expect(page).toContain('con CIF R0000000X, certifica que Ștefana Pîrvu');
    expect(page).toContain('Calle Falsa 1, Oviedo');
    expect(page).not.toContain('No es un certificado');
  });
});

describe('the statement', () => {
  it('lists the year and nets refunds out, onto more pages when long', async () => {
    const many: LedgerRow[] = Array.from({ length: 70 }, (_, index) => ({
      ...gift,
      id: `cs_${index}`,
      created_at: AT + index * 3_600_000,
    }));
    const statement = donationStatement([...many, refund], 2026);
    const pdf = await renderDonationStatement({
      ...statement,
      ...common,
      language: 'ro',
      parish: unset,
    });
    const pages = (await pdfPageTexts(pdf)).map(oneLine);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    expect(all).toContain('Situația donațiilor din anul 2026');
    expect(all).toContain('Total net');
    expect(all).toContain('34.900,00');
    expect(all).toContain('Nu este un certificat de donație în scopuri fiscale');
    // Every page after the first starts its table again with the headings.
    for (const page of pages.slice(1)) expect(page).toContain('Parcele');
  });

  it('writes nothing given back as 0,00, never -0,00', async () => {
    const statement = donationStatement([gift], 2026);
    const [text] = await pdfPageTexts(
      await renderDonationStatement({ ...statement, ...common, language: 'ro', parish: unset }),
    );
    expect(oneLine(text!)).toMatch(/0,00/);
    expect(oneLine(text!)).not.toMatch(/-0,00/);
  });

  it('says a year without rows has none', async () => {
    const statement = donationStatement(rows, 2025);
    const [text] = await pdfPageTexts(
      await renderDonationStatement({ ...statement, ...common, language: 'en', parish: unset }),
    );
    expect(oneLine(text!)).toContain('There are no donations in 2025.');
  });
});
