/**
 * The donors' pages and staff refunds (issue 32, parts 3 and 6) through Hosting -> Functions ->
 * Firestore and the Stripe double, with real tokens: the search, a donor's page with the cash of
 * the month, a partial and a full refund through Stripe and its webhook (the ledger's rows, the
 * plots, the donor's e-mail in their language), bad input, and the race of a void with a link.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLedgerRow, type DonorFound, type DonorPageView } from '@parroquia/domain';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  newDonor,
  readCells,
  startPayment,
  submitHostedPage,
  waitFor,
  type Donor,
} from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { adminAuth, apiAs, poolPlots, storedCode } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));

let staff = '';
/** When this file began: rows about its plots from earlier suites (which reuse the pool) are older. */
let startedAt = 0;
const pool = poolPlots();
const plots = (count: number) => pool.take(count);
const { post, get } = apiAs(siteUrl, () => staff);

beforeAll(async () => {
  startedAt = Date.now() - 1000;
  staff = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await returnPlots(db(), pool.touched);
});

async function search(q: string): Promise<DonorFound[]> {
  const response = await get(`/api/staff/donors/?q=${encodeURIComponent(q)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { donors: DonorFound[] }).donors;
}

async function page(id: string): Promise<DonorPageView> {
  const response = await get(`/api/staff/donors/person/?id=${encodeURIComponent(id)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DonorPageView;
}

/** Letters only, so the name is one nobody else in the suites has. */
const uniqueWord = () =>
  [...randomBytes(6)].map((byte) => 'abcdefghijklmnopqrstuvwxyz'[byte % 26]).join('');

/** A donor with a verified address, named through the API (so `name_search` is kept). */
async function namedDonor(name: string, language: 'es' | 'en' | 'ro' = 'es') {
  const donor = await newDonor(authHost, db(), 'Donante Provisional');
  await adminAuth(authHost).updateUser(donor.uid, { emailVerified: true });
  const renamed = await post('/api/users/update_user/', { name, language }, donor.token);
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  return { ...donor, name };
}

async function register(
  email: string,
  name: string,
  codes: string[],
  method = 'cash',
  reserve = false,
) {
  const code = await storedCode(db());
  const response = await post('/api/users/register-physical-certificate/', {
    email,
    code,
    name,
    parcelas: codes,
    method,
    reserve,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return code;
}

/** The ledger rows this file wrote about these plots. */
async function rowsAbout(codes: readonly string[]) {
  const found = await db()
    .collection('donations')
    .where('cells', 'array-contains-any', [...codes])
    .get();
  return found.docs
    .map((doc) => readLedgerRow(doc.id, doc.data()))
    .filter((row) => row.created_at >= startedAt);
}

async function staffActions(plot: string) {
  const found = await db().collection('staff_actions').where('plots', 'array-contains', plot).get();
  return found.docs
    .map((doc) => doc.data())
    .filter((action) => (action.at as { toMillis(): number }).toMillis() >= startedAt);
}

/** A card purchase through the Stripe double's hosted page, settled by its webhook. */
async function cardGift(donor: Donor, codes: string[]) {
  const started = await startPayment(siteUrl, donor, 'buy', codes);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await submitHostedPage(started.body.url!, '4242424242424242');
  await waitFor('the card purchase', async () =>
    (await readCells(db(), codes)).every((cell) => cell.status === 'bought') ? true : null,
  );
  return started.body.sessionId!;
}

describe('GET /api/staff/donors/ and the donor page', () => {
  it('finds a donor by name (any case, no accents, word starts), e-mail, personal code, certificate code and plot; the page says everything of theirs', async () => {
    const surname = uniqueWord();
    const donor = await namedDonor(`Ștefania Búsqueda ${surname}`, 'ro');
    const [cashPlot, transferPlot] = plots(2);
    const cashCode = await register(donor.email, donor.name, [cashPlot!]);
    await register(donor.email, donor.name, [transferPlot!], 'transfer');
    const personalCode = (await db().collection('users').doc(donor.uid).get()).get(
      'personal_code',
    ) as string;

    const byName = await search(`stefania ${surname.slice(0, 4).toUpperCase()}`);
    expect(byName).toEqual([
      expect.objectContaining({ id: donor.uid, uid: donor.uid, matched: 'name' }),
    ]);
    expect(await search(donor.email.toUpperCase())).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: donor.uid, matched: 'email' })]),
    );
    expect(await search(personalCode.toLowerCase())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: donor.uid, matched: 'personal_code' }),
      ]),
    );
    expect(await search(cashCode)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: donor.uid, matched: 'certificate_code' }),
      ]),
    );
    expect(await search(cashPlot!.toLowerCase())).toEqual([
      expect.objectContaining({ id: donor.uid, matched: 'plot' }),
    ]);

    const view = await page(donor.uid);
    expect(view.identity).toEqual({
      uid: donor.uid,
      name: donor.name,
      email: donor.email,
      email_verified: true,
      personal_code: personalCode,
      is_anonymous_donor: false,
      language: 'ro',
    });
    expect(view.plots).toEqual(
      [
        { plot: cashPlot, status: 'bought', reserved_until: null },
        { plot: transferPlot, status: 'bought', reserved_until: null },
      ].sort((a, b) => a.plot!.localeCompare(b.plot!)),
    );
    expect(
      view.ledger.map((line) => [line.method, line.kind, line.amount_cents, line.voidable]),
    ).toEqual(
      expect.arrayContaining([
        ['cash', 'buy', 25_000, true],
        ['transfer', 'buy', 25_000, true],
      ]),
    );
    expect(view.ledger.find((line) => line.method === 'cash')!.certificate_code).toBe(cashCode);
    expect(view.certificates.map((certificate) => certificate.code)).toContain(cashCode);
    // Only cash counts against the limit: 250 € of 999.99 €.
    expect(view.cash).toMatchObject({
      cash_cents: 25_000,
      limit_cents: 99_999,
      remaining_cents: 74_999,
    });
  });

  it('finds a person without an account by any word of the name or its first letters, e-mail, certificate code and plot, and shows their page', async () => {
    const word = uniqueWord();
    const email = `sin-cuenta-${word}@parroquia.test`;
    const [plot] = plots(1);
    const code = await register(email, `Ștefana ${word} Sin Cuenta`, [plot!]);
    const id = `email:${email}`;
    const byName = [word, word.slice(0, 4).toUpperCase(), `stefana ${word}`, `Ște ${word}`];
    for (const q of [...byName, email, code, plot!]) {
      expect(await search(q), q).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, uid: null, email })]),
      );
    }
    const view = await page(id);
    expect(await search(`${word} Popescu`)).toEqual([]);
    expect(view.identity).toMatchObject({
      uid: null,
      name: `Ștefana ${word} Sin Cuenta`,
      email,
      email_verified: null,
      personal_code: null,
    });
    expect(view.plots).toEqual([{ plot, status: 'bought', reserved_until: null }]);
    expect(view.ledger).toEqual([
      expect.objectContaining({ method: 'cash', amount_cents: 25_000, voidable: true }),
    ]);
    expect(view.certificates).toEqual([expect.objectContaining({ code, status: 'registered' })]);
    expect(view.cash.cash_cents).toBe(25_000);
  });

  it('says which deposits the parish kept: a reservation released by staff or lapsed, and its certificate ended', async () => {
    const word = uniqueWord();
    const email = `senal-${word}@parroquia.test`;
    const [released, lapsed] = plots(2);
    const code = await register(email, `Elena ${word}`, [released!, lapsed!], 'cash', true);
    const id = `email:${email}`;
    const fresh = await page(id);
    expect(fresh.ledger).toEqual([
      expect.objectContaining({ kind: 'reserve', amount_cents: 10_000, deposit_kept_plots: [] }),
    ]);
    expect(fresh.certificates).toEqual([
      expect.objectContaining({ code, status: 'registered', reservation_ended: false }),
    ]);

    const release = await post('/api/staff/reservations/release/', {
      parcelas: [released],
      reason: 'Renuncia por teléfono',
    });
    expect(release.status, await release.clone().text()).toBe(200);
    const halfway = await page(id);
    expect(halfway.ledger[0]!.deposit_kept_plots).toEqual([released]);
    expect(halfway.certificates[0]!.reservation_ended).toBe(false);
    expect(halfway.plots.map((plot) => plot.plot)).toEqual([lapsed]);

    // Its deadline passed an hour ago and no sweep ran yet: already for sale, the deposit kept.
    await db()
      .collection('cells')
      .doc(lapsed!)
      .update({ reserved_until: new Date(Date.now() - 60 * 60 * 1000) });
    const ended = await page(id);
    expect([...ended.ledger[0]!.deposit_kept_plots].sort()).toEqual([released!, lapsed!].sort());
    expect(ended.certificates).toEqual([
      expect.objectContaining({ code, status: 'registered', reservation_ended: true }),
    ]);
    expect(ended.plots).toEqual([]);
  });

  it("refuses a search too short, an unknown person and a donor's token, in the caller's language", async () => {
    const short = await get('/api/staff/donors/?q=a', staff, 'ro');
    expect(short.status).toBe(400);
    expect((await short.json()).error).toContain('Scrieți între 2 și 100 de caractere');
    const unknown = await get('/api/staff/donors/person/?id=nobody-at-all', staff, 'en');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe('There is no donor with that reference.');
    const donor = await newDonor(authHost, db(), 'Curioso');
    for (const path of ['/api/staff/donors/?q=ana', `/api/staff/donors/person/?id=${donor.uid}`]) {
      expect((await get(path, donor.token)).status).toBe(403);
    }
  });
});

describe('POST /api/staff/donations/refund/', () => {
  it('refunds part of a card gift through Stripe, then the rest: the webhook writes the rows, the plots and the e-mail in the donor language', async () => {
    const donor = await namedDonor(`Radu Rambursare ${uniqueWord()}`, 'ro');
    const codes = plots(2);
    const sessionId = await cardGift(donor, codes);
    const before = await page(donor.uid);
    expect(before.ledger.find((line) => line.id === sessionId)).toMatchObject({
      method: 'card',
      amount_cents: 50_000,
      refundable_cents: 50_000,
      voidable: false,
    });

    const part = await post('/api/staff/donations/refund/', {
      donation_id: sessionId,
      amount_cents: 10_000,
      reason: 'Pidió devolver una parte',
    });
    expect(part.status, await part.clone().text()).toBe(200);
    expect(await part.json()).toMatchObject({
      amount_cents: 10_000,
      refund_id: expect.stringMatching(/^re_/),
    });
    const partMail = await waitFor('the partial refund e-mail', async () => {
      const mail = await db().collection('mail').doc(`refund-${sessionId}-10000`).get();
      return mail.exists ? mail.data() : null;
    });
    expect(partMail.to).toBe(donor.email);
    // "Reply to this e-mail" reaches the parish, not the no-reply sender.
    expect(partMail.replyTo).toBe('parroquia@parroquia.test');
    expect(partMail.message.subject).toContain('Rambursarea');
    expect(partMail.message.text).toContain('100,00');
    expect(partMail.message.text).toContain(`Parcela ${codes[0]}: rămâne a dumneavoastră.`);
    expect((await readCells(db(), codes)).map((cell) => cell.status)).toEqual(['bought', 'bought']);
    const [action] = (await staffActions(codes[0]!)).filter((each) => each.action === 'refund');
    expect(action).toMatchObject({
      staff: DEMO.staff.uid,
      reason: 'Pidió devolver una parte',
      donations: [sessionId],
      amount_cents: 10_000,
      stripe_refund: expect.stringMatching(/^re_/),
    });
    expect((await page(donor.uid)).ledger.find((line) => line.id === sessionId)).toMatchObject({
      undone_cents: 10_000,
      refundable_cents: 40_000,
    });

    // More than is left: refused in the caller's language, nothing asked of Stripe or written.
    const actionsBefore = (await staffActions(codes[0]!)).length;
    const tooMuch = await post(
      '/api/staff/donations/refund/',
      { donation_id: sessionId, amount_cents: 40_001, reason: 'Demasiado' },
      staff,
      'en',
    );
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json()).error).toBe(
      'The amount to refund must be more than 0 and at most what is left to refund: 400,00 €.',
    );
    expect((await staffActions(codes[0]!)).length).toBe(actionsBefore);

    const rest = await post('/api/staff/donations/refund/', {
      donation_id: sessionId,
      amount_cents: 40_000,
      reason: 'El resto',
    });
    expect(rest.status, await rest.clone().text()).toBe(200);
    const restMail = await waitFor('the full refund e-mail', async () => {
      const mail = await db().collection('mail').doc(`refund-${sessionId}-50000`).get();
      return mail.exists ? mail.data() : null;
    });
    expect(restMail.message.text).toContain(`Parcela ${codes[1]}: este din nou liberă pe hartă.`);
    expect((await readCells(db(), codes)).map((cell) => [cell.status, cell.user])).toEqual([
      ['available', null],
      ['available', null],
    ]);
    const refunds = (await rowsAbout(codes)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.amount_cents, row.refund_of]).sort()).toEqual([
      [-10_000, sessionId],
      [-40_000, sessionId],
    ]);
    const again = await post(
      '/api/staff/donations/refund/',
      { donation_id: sessionId, amount_cents: 1, reason: 'Otra vez' },
      staff,
      'ro',
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('Această donație este deja rambursată integral.');
  });

  it("refuses bad input 4xx in the caller's language, writing nothing; a donor's token 403", async () => {
    const [plot] = plots(1);
    await register(`efectivo-${uniqueWord()}@parroquia.test`, 'Pago En Mano', [plot!]);
    const [cashRow] = await rowsAbout([plot!]);
    const ledgerBefore = (await rowsAbout([plot!])).length;
    const cases: Array<[unknown, number, string, string]> = [
      [
        { donation_id: cashRow!.id, amount_cents: 'diez', reason: 'x' },
        400,
        'en',
        'whole number of cents',
      ],
      [{ donation_id: cashRow!.id, amount_cents: 1000 }, 400, 'en', 'Give the reason.'],
      [
        { donation_id: '../x', amount_cents: 1000, reason: 'x' },
        400,
        'es',
        'No hay ningún donativo',
      ],
      [
        { donation_id: 'no-such-row', amount_cents: 1000, reason: 'x' },
        409,
        'ro',
        'Nu există nicio donație',
      ],
      [
        { donation_id: cashRow!.id, amount_cents: 1000, reason: 'x' },
        409,
        'es',
        'Solo se puede devolver un donativo con tarjeta.',
      ],
    ];
    for (const [body, status, language, text] of cases) {
      const answer = await post('/api/staff/donations/refund/', body, staff, language);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect((await answer.json()).error).toContain(text);
    }
    const donor = await newDonor(authHost, db(), 'Intruso');
    const asDonor = await post(
      '/api/staff/donations/refund/',
      {
        donation_id: cashRow!.id,
        amount_cents: 1000,
        reason: 'x',
      },
      donor.token,
    );
    expect(asDonor.status).toBe(403);
    expect((await rowsAbout([plot!])).length).toBe(ledgerBefore);
    expect(await staffActions(plot!)).toEqual([expect.objectContaining({ action: 'register' })]);
  });
});

describe('staff void a registration while the donor links its paper code', () => {
  it('one wins: the state is consistent whichever order the transactions took', async () => {
    const donor = await newDonor(authHost, db(), 'Vinculo Carrera');
    const [plot] = plots(1);
    const code = await register(`papel-${uniqueWord()}@parroquia.test`, 'Papel Carrera', [plot!]);
    const [gift] = await rowsAbout([plot!]);
    const [voided, linked] = await Promise.all([
      post('/api/staff/donations/void/', { donation_id: gift!.id, reason: 'Parcela equivocada' }),
      post('/api/users/link-code/', { code }, donor.token),
    ]);
    expect(voided.status, await voided.clone().text()).toBe(200);
    const rows = await rowsAbout([plot!]);
    expect(rows.filter((row) => row.kind === 'void')).toEqual([
      expect.objectContaining({ refund_of: gift!.id, amount_cents: -25_000 }),
    ]);
    const [cell] = await readCells(db(), [plot!]);
    expect(cell).toMatchObject({ status: 'available', user: null });
    const stored = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(stored).toMatchObject({ status: 'unassigned', user: null, plots: [] });
    if (linked.status === 200) {
      // The link came first: the void then undid the linked gift, the account's row included.
      expect(rows.find((row) => row.id === gift!.id)!.donor).toBe(donor.uid);
    } else {
      // The void came first: the code was free again, unknown to the link.
      expect([404, 409]).toContain(linked.status);
      expect(rows.find((row) => row.id === gift!.id)!.donor).toBeNull();
    }
    const view = await page(donor.uid);
    expect(view.plots).toEqual([]);
    expect(view.cash.cash_cents).toBe(0);
  });
});

describe('the record of a refund is true', () => {
  it('three identical refund requests at once make one Stripe refund and one action, named as the staff member was', async () => {
    const auth = adminAuth(authHost);
    const email = `tesorera-${uniqueWord()}@parroquia.test`;
    const treasurer = await auth.createUser({
      email,
      password: 'Prueba-2026',
      displayName: 'María Tesorera',
      emailVerified: true,
    });
    await auth.setCustomUserClaims(treasurer.uid, { staff: true });
    const token = await idTokenOf(authHost, { email, password: 'Prueba-2026' });
    const donor = await namedDonor(`Dana Triple ${uniqueWord()}`, 'es');
    const codes = plots(1);
    const sessionId = await cardGift(donor, codes);
    const body = { donation_id: sessionId, amount_cents: 5_000, reason: 'Devolución pedida' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/staff/donations/refund/', body, token)),
    );
    const refunds = new Set<string>();
    for (const answer of answers) {
      expect(answer.status, await answer.clone().text()).toBe(200);
      refunds.add(((await answer.json()) as { refund_id: string }).refund_id);
    }
    expect(refunds.size).toBe(1);
    const actions = (await staffActions(codes[0]!)).filter((each) => each.action === 'refund');
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      staff: treasurer.uid,
      staff_name: 'María Tesorera',
      staff_email: email,
      stripe_refund: [...refunds][0],
      amount_cents: 5_000,
    });

    // Renamed (or gone) in Auth later: the record still says who acted then.
    await auth.updateUser(treasurer.uid, { displayName: 'Otra Persona', email: `otra-${email}` });
    const listed = await get('/api/staff/actions/?kind=refund');
    const { actions: page } = (await listed.json()) as {
      actions: Array<{
        stripe_refund?: string;
        staff: { name: string; email: string };
        donations: string[];
      }>;
    };
    const shown = page.find((each) => each.donations.includes(sessionId));
    expect(shown?.staff).toMatchObject({ name: 'María Tesorera', email });
  });
});
