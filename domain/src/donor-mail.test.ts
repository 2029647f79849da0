import { describe, expect, it } from 'vitest';
import { formatDeadline, paymentReceipt, reminderDue, reservationReminder } from './donor-mail';

const DAY = 24 * 60 * 60 * 1000;
const END = Date.UTC(2026, 6, 31, 10, 0);

describe('reminderDue', () => {
  it.each([
    [END - 8 * DAY, null],
    [END - 7 * DAY, '7d'],
    [END - 2 * DAY, '7d'],
    [END - DAY, '1d'],
    [END - 1, '1d'],
    [END, null],
    [END + DAY, null],
  ] as const)('%i before the end: %s', (now, stage) => {
    expect(reminderDue(END, now)).toBe(stage);
  });
});

describe('paymentReceipt', () => {
  it('says what was paid, for which plots, in the donor language', () => {
    const mail = paymentReceipt({
      language: 'ro',
      name: 'Ioana',
      kind: 'buy',
      plots: ['K3', 'K4'],
      amountCents: 50_000,
      reservedUntil: null,
      siteUrl: 'https://parroquia.example',
    });
    expect(mail.subject).toBe('Chitanța donației dumneavoastră · Parohia Ortodoxă din Asturias');
    expect(mail.text).toContain('Parcele: K3, K4');
    expect(mail.text).toMatch(/Suma: 500,00\s(€|EUR)/);
    expect(mail.text).not.toContain('înainte de');
  });

  it('comes from the parish as the donor’s language names it', () => {
    const from = (language: 'es' | 'en' | 'ro') =>
      paymentReceipt({
        language,
        name: 'Ioana',
        kind: 'buy',
        plots: ['K3'],
        amountCents: 25_000,
        reservedUntil: null,
        siteUrl: 'https://parroquia.example',
      }).sender;
    expect(from('es')).toBe('Parroquia Ortodoxa de Asturias');
    expect(from('en')).toBe('Orthodox Parish of Asturias');
    expect(from('ro')).toBe('Parohia Ortodoxă din Asturias');
  });

  it('gives a deposit its deadline and the link to complete it', () => {
    const mail = paymentReceipt({
      language: 'en',
      name: 'Ann',
      kind: 'reserve',
      plots: ['A1'],
      amountCents: 5_000,
      reservedUntil: END,
      siteUrl: 'https://parroquia.example',
    });
    expect(mail.text).toContain('Last day to complete the purchase: 31 July 2026, 12:00.');
    expect(mail.text).toContain('Left to pay: €200.00');
    expect(mail.html).toContain('<a href="https://parroquia.example/donativos">');
  });

  it('a deposit in Romanian says what is left to pay and until when the plots are kept', () => {
    const mail = paymentReceipt({
      language: 'ro',
      name: 'Maria',
      kind: 'reserve',
      plots: ['H7', 'H8'],
      amountCents: 10_000,
      reservedUntil: END,
      siteUrl: 'https://parroquia.example',
    });
    expect(mail.text).toContain('Parcelele vă sunt rezervate până în ultima zi de mai jos.');
    expect(mail.text).toMatch(/Mai aveți de plătit: 400,00\s(€|EUR)/);
    expect(mail.text).toContain('Ultima zi pentru a plăti restul:');
    expect(mail.text).not.toContain('cât timp');
  });

  it('never lets a name become markup in the HTML', () => {
    const mail = paymentReceipt({
      language: 'es',
      name: '<img src=x onerror=alert(1)>',
      kind: 'complete',
      plots: ['B2'],
      amountCents: 20_000,
      reservedUntil: null,
      siteUrl: 'https://parroquia.example',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img');
    expect(mail.text).toContain('Hola, <img src=x onerror=alert(1)>:');
  });
});

describe('formatDeadline', () => {
  it("writes the day staff extended to, with no hour: the deadline is that day's close", () => {
    // Extended to 11 January 2027: the reservation ends at midnight starting the 12th in Spain.
    const extended = Date.UTC(2027, 0, 11, 23, 0);
    expect(formatDeadline(extended, 'es')).toBe('11 de enero de 2027');
    expect(formatDeadline(extended, 'ro')).toBe('11 ianuarie 2027');
    expect(formatDeadline(extended, 'en')).toBe('11 January 2027');
    // Summer time: the close of 31 July is 22:00 UTC.
    expect(formatDeadline(Date.UTC(2026, 6, 31, 22, 0), 'es')).toBe('31 de julio de 2026');
  });
});

describe('reservationReminder', () => {
  it('differs by stage and names the deadline', () => {
    const base = {
      language: 'es' as const,
      name: 'Ana',
      plots: ['M10'],
      reservedUntil: END,
      siteUrl: 'http://localhost:5000',
    };
    expect(reservationReminder({ ...base, stage: '7d' }).subject).toBe(
      'Tu reserva termina en 7 días',
    );
    const last = reservationReminder({ ...base, stage: '1d' });
    expect(last.subject).toBe('Tu reserva termina mañana');
    expect(last.text).toContain('Último día para completar la compra: 31 de julio de 2026, 12:00.');
    expect(last.text).toContain('http://localhost:5000/donativos');
  });
});
