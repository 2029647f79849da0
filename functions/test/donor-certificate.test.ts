import { parsePlotCode } from '@parroquia/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDonorCertificate, UnprintableTextError } from '../src/pdf/donor-certificate';
import { inkIn } from './support/page-checks';
import { renderPdf } from './support/pdf-pages';
import { pdfPageTexts } from './support/pdf-text';

const ISSUED = Date.UTC(2026, 10, 22, 23, 30); // 23 November in Madrid
const base = {
  language: 'es' as const,
  donorName: 'Begoña Núñez',
  personalCode: 'ANA7K3QZ',
  plots: ['B2', 'K3', 'K4'].map(parsePlotCode),
  issuedAt: ISSUED,
  verifyUrl: 'http://localhost:5000/verificar/ANA7K3QZ',
};

describe('the donor certificate PDF', () => {
  it('shows the parish, the name as typed, the code, the plots, the date and the check address', async () => {
    const [text] = await pdfPageTexts(await renderDonorCertificate(base));
    expect(text).toContain('Parroquia Ortodoxa de Asturias');
    expect(text).toContain('Begoña Núñez');
    expect(text).toContain('Código personal: ANA7K3QZ');
    expect(text).toContain('B2, K3, K4');
    expect(text).toContain('ha donado 3 parcelas');
    expect(text).toContain('Fecha: 23 de noviembre de 2026');
    expect(text).toContain('http://localhost:5000/verificar/ANA7K3QZ');
  });

  it('prints Romanian names in both comma-below and cedilla forms, in Romanian', async () => {
    const name = 'Ștefan Țăranu şi Ţică Îngerașu';
    const [text] = await pdfPageTexts(
      await renderDonorCertificate({
        ...base,
        language: 'ro',
        donorName: name,
        plots: [parsePlotCode('A1')],
      }),
    );
    expect(text).toContain(name);
    expect(text).toContain('Parohia Ortodoxă din Asturias');
    expect(text).toContain('Cod personal: ANA7K3QZ');
    expect(text).toContain('a donat 1 parcelă');
    expect(text).toContain('23 noiembrie 2026');
  });

  it('keeps HTML in a name as plain text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const [text] = await pdfPageTexts(await renderDonorCertificate({ ...base, donorName: name }));
    expect(text).toContain(name);
  });

  it('refuses a name the font cannot print instead of replacing characters', async () => {
    await expect(renderDonorCertificate({ ...base, donorName: 'Ana 漢字' })).rejects.toBeInstanceOf(
      UnprintableTextError,
    );
  });

  it('lists every plot of a large donor on the one page', async () => {
    const plots = Array.from({ length: 39 * 6 }, (_, i) =>
      parsePlotCode(`${'ABCDEF'[Math.floor(i / 39)]}${(i % 39) + 1}`),
    );
    const bytes = await renderDonorCertificate({ ...base, plots });
    const text = (await pdfPageTexts(bytes)).join('\n');
    for (const code of ['A1', 'A39', 'C17', 'F39'])
      expect(text).toMatch(new RegExp(`\\b${code}\\b`));
    expect(text).toContain('ha donado 234 parcelas');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('prints the name as a reader sees it: accents composed, invisible characters left out', async () => {
    const typed = '\u200BS\u0326tefan\u00A0\u00A0T\u0326a\u0306ranu\u2060 s\u0327i Ana\u3164';
    const bytes = await renderDonorCertificate({ ...base, language: 'ro', donorName: typed });
    const [text] = await pdfPageTexts(bytes);
    expect(text).toContain('Ștefan Țăranu şi Ana');
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(
      'Certificat de donator: Ștefan Țăranu şi Ana',
    );
  });

  it('refuses a name in a script its type cannot lay out (Devanagari) as unprintable', async () => {
    await expect(renderDonorCertificate({ ...base, donorName: 'Ana नमस्ते' })).rejects.toBeInstanceOf(
      UnprintableTextError,
    );
  });

  it('weighs under 300 kB, every line printed with ink (its fonts cut to what it prints)', async () => {
    const bytes = await renderDonorCertificate({
      ...base,
      donorName: 'Ștefan Țăranu Ярослав',
      commemorations: [{ name: 'Gheorghe', state: 'departed' }],
    });
    expect(bytes.length).toBeLessThan(300_000);
    const [page] = await renderPdf(bytes, 2);
    const blank = page!.runs.filter((run) => inkIn(page!, run) < run.text.trim().length * 10);
    expect(blank.map((run) => run.text)).toEqual([]);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(
      'Certificado de donante: Ștefan Țăranu Ярослав',
    );
  });
});
