import { describe, expect, it } from 'vitest';
import { checkoutLineName } from './checkout-lines';
import { paymentReceipt, refundNotice, reservationReminder } from './donor-mail';
import { DOMAIN_MESSAGES, type Language } from './messages';
import type { CheckoutKind } from './money';
import { ROMANIAN_FAMILIAR, SPANISH_FORMAL, registerSlips } from './register';

describe('registerSlips in Romanian', () => {
  it.each([
    ['Cumpără: donezi parcela întreagă.', ['donezi', 'cumpără']],
    ['Verifică-ți conexiunea și încearcă din nou.', ['ți', 'verifică']],
    ['Ți-am trimis un link. Uită-te și în spam.', ['ți', 'te', 'uită']],
    ['Nu ai cont? Creează unul', ['ai', 'creează']],
    ['Apăsați „Cumpără” pentru a dona.', ['cumpără']],
    ['Parcelele tale sunt ale tale.', ['tale', 'tale']],
    ['Poți intra cu adresa ta.', ['poți', 'ta']],
  ])('finds the familiar words of %j', (text, slips) => {
    expect(registerSlips(text, ROMANIAN_FAMILIAR)).toEqual(slips);
  });

  it.each([
    'Atingeți sau apăsați parcelele de pe plan pentru a le alege.',
    'Parohia înregistrează donația și vă trimite certificatul.',
    'V-am trimis la {{email}} un link ca să confirmați că adresa este a dumneavoastră.',
    'Rezervată până la {{date}}',
    'Lipsește identificatorul contului (sub).',
    'Plată în curs',
    'Alegeți noua ultimă zi a rezervării; indicați motivul.',
  ])('leaves the polite %j alone', (text) => {
    expect(registerSlips(text, ROMANIAN_FAMILIAR)).toEqual([]);
  });
});

describe('registerSlips in Spanish', () => {
  it('finds usted, and its imperatives where an instruction begins', () => {
    expect(registerSlips('Pulse aquí. Si usted lo desea, elija otra.', SPANISH_FORMAL)).toEqual([
      'usted',
      'pulse',
    ]);
    expect(
      registerSlips('Aparecerá en cuanto Stripe la confirme. Toca el plano.', SPANISH_FORMAL),
    ).toEqual([]);
  });
});

/** Every text a message catalogue gives, its functions called with sample values. */
function texts(catalogue: object): string[] {
  return Object.values(catalogue).map((value: unknown) =>
    typeof value === 'function'
      ? String((value as (...args: string[]) => unknown)('K3', 'K4', 'K5'))
      : String(value),
  );
}

/** Every donor e-mail in `language`, each kind and stage and fate. */
function mails(language: Language): string[] {
  const common = { language, name: 'Ioana', siteUrl: 'https://parroquia.example' };
  const kinds: CheckoutKind[] = ['buy', 'reserve', 'complete'];
  const all = [
    ...kinds.map((kind) =>
      paymentReceipt({ ...common, kind, plots: ['K3'], amountCents: 5000, reservedUntil: 1 }),
    ),
    ...(['7d', '1d'] as const).map((stage) =>
      reservationReminder({ ...common, stage, plots: ['K3'], reservedUntil: 1 }),
    ),
    refundNotice({
      ...common,
      refundedCents: 100,
      giftCents: 200,
      plots: [
        { plot: 'K3', fate: 'kept' },
        { plot: 'K4', fate: 'reserved', until: 1 },
        { plot: 'K5', fate: 'released' },
        { plot: 'K6', fate: 'lost' },
      ],
    }),
  ];
  return all.flatMap((mail) => [mail.sender, mail.subject, mail.text]);
}

describe("the domain's texts keep their language's register", () => {
  it('Romanian: the messages, the e-mails and the checkout lines are in the polite form', () => {
    const all = [
      ...texts(DOMAIN_MESSAGES.ro),
      ...mails('ro'),
      ...(['buy', 'reserve', 'complete'] as const).map((kind) =>
        checkoutLineName(kind, 'K3', 'ro'),
      ),
    ];
    const slips = all.filter((text) => registerSlips(text, ROMANIAN_FAMILIAR).length > 0);
    expect(slips).toEqual([]);
  });

  it('Spanish: the messages and the e-mails say tú, never usted', () => {
    const all = [...texts(DOMAIN_MESSAGES.es), ...mails('es')];
    expect(all.filter((text) => registerSlips(text, SPANISH_FORMAL).length > 0)).toEqual([]);
  });
});
