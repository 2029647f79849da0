/**
 * The donor's rights through the real stack (docs/product.md, "Your data"): the copy of their
 * data (GDPR art. 15, 20) holds theirs and nobody else's; the erasure (art. 17) asks for a fresh
 * sign-in, keeps the ledger's sums, leaves no name on the map, the check page or the CSV, keeps
 * the blocked name for staff only, and is safe twice at once and against a purchase at once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  callApi,
  consentingDonor,
  newEmailAccount,
  verifyEmail,
  type TestAccount,
} from '../support/accounts.ts';
import { startInProcessApi } from '../support/in-process-api.ts';
import {
  readCells,
  startPayment,
  submitHostedPage,
  waitFor,
  type Donor,
} from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import { adminAuth, freshPlots, postJson, storedCode } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const touched: string[] = [];
let staffToken = '';

beforeAll(async () => {
  staffToken = await idTokenOf(authHost, DEMO.staff);
});
afterAll(() => returnPlots(db(), touched));

type Person = TestAccount & { personalCode: string; name: string; donor: Donor };

/** A signed-up donor whose address is proven (so receipts are mailed to it). */
async function person(name: string): Promise<Person> {
  const account = await newEmailAccount(authHost);
  await verifyEmail(authHost, account.uid);
  const consenting = await consentingDonor(siteUrl, account, { name });
  return { ...consenting, name, donor: { uid: account.uid, token: account.idToken, name } };
}

/** Buys `count` fresh plots by card on the Stripe double's page; waits for the receipt. */
async function buyByCard(who: Person, count: number): Promise<string[]> {
  const plots = freshPlots(count);
  touched.push(...plots);
  const started = await startPayment(siteUrl, who.donor, 'buy', plots);
  expect(started.status, started.body.error).toBe(200);
  expect((await submitHostedPage(started.body.url!, '4242 4242 4242 4242')).status).toBe(303);
  await waitFor(
    'the receipt',
    async () =>
      (await db().collection('mail').doc(`receipt-${started.body.sessionId}`).get()).exists,
  );
  return plots;
}

/** Staff register a cash gift for the donor's address: it goes to their (verified) account. */
async function cashGift(who: Person, count: number): Promise<string[]> {
  const plots = freshPlots(count);
  touched.push(...plots);
  const answer = await postJson(`${siteUrl}/api/users/register-physical-certificate/`, staffToken, {
    email: who.email,
    code: await storedCode(db()),
    name: who.name,
    is_anonymous_donor: false,
    parcelas: plots,
    reserve: false,
    method: 'cash',
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return plots;
}

async function ledgerSum(): Promise<number> {
  const rows = await db().collection('donations').get();
  return rows.docs.reduce((sum, doc) => sum + (doc.get('amount_cents') as number), 0);
}

const raised = async () =>
  (await db().collection('campaign').doc('progress').get()).get('raised_cents') as number;

const erase = (token: string, body: unknown = { confirm: true }) =>
  callApi(siteUrl, '/api/users/erase-account/', { token, body });

describe('GET /api/users/my-data/', () => {
  it('answers 401 without a token', async () => {
    const answer = await callApi(siteUrl, '/api/users/my-data/');
    expect(answer.status).toBe(401);
  });

  it("is one JSON file of the caller's profile, plots, gifts and e-mails, and nobody else's", async () => {
    const rosa = await person('Rosa Exporta');
    const other = await person('Otilia Ajena');
    const card = await buyByCard(rosa, 1);
    const cash = await cashGift(rosa, 1);
    await buyByCard(other, 1);
    await cashGift(other, 1);

    const answer = await callApi(siteUrl, '/api/users/my-data/', { token: rosa.idToken });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toMatch(/mis-datos-\d{4}-\d{2}-\d{2}\.json/);
    const text = await answer.text();
    const data = JSON.parse(text) as {
      profile: { uid: string; name: string; email: string; personal_code: string };
      plots: Array<{ plot: string; status: string }>;
      gifts: Array<{ method: string; amount_cents: number; plots: string[] }>;
      refunds: unknown[];
      emails: Array<{ to: string; subject: string }>;
      commemoration_names: unknown;
    };
    expect(data.profile).toMatchObject({
      uid: rosa.uid,
      name: 'Rosa Exporta',
      email: rosa.email,
      personal_code: rosa.personalCode,
    });
    expect(data.plots.map((plot) => plot.plot).sort()).toEqual([...card, ...cash].sort());
    expect(data.gifts.map((gift) => [gift.method, gift.amount_cents, gift.plots])).toEqual(
      expect.arrayContaining([
        ['card', 25_000, card],
        ['cash', 25_000, cash],
      ]),
    );
    expect(data.gifts).toHaveLength(2);
    expect(data.refunds).toEqual([]);
    expect(data.emails.length).toBeGreaterThanOrEqual(1);
    expect(data.emails.every((mail) => mail.to === rosa.email)).toBe(true);
    expect(data.commemoration_names).toBeNull();
    // Nobody else's data, and none of staff's bookkeeping.
    for (const foreign of [other.name, other.email, other.uid, other.personalCode, 'staff-demo']) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain('"search"');
    expect(text).not.toContain('recorded_by');

    // The same in words, a PDF in her language: her plots and gifts, nobody else's.
    const document = await callApi(siteUrl, '/api/users/my-data/document/?lang=es', {
      token: rosa.idToken,
    });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toMatch(/mis-datos-\d{4}-\d{2}-\d{2}\.pdf/);
    const words = (await pdfPageTexts(new Uint8Array(await document.arrayBuffer()))).join('\n');
    expect(words).toContain('Mis datos');
    expect(words).toContain('Nombre: Rosa Exporta');
    for (const plot of [...card, ...cash]) expect(words).toContain(`${plot}: comprada.`);
    expect(words).toContain('Compra con tarjeta');
    expect(words).toContain('Compra en efectivo');
    for (const foreign of [other.name, other.email, other.personalCode]) {
      expect(words).not.toContain(foreign);
    }
  }, 120_000);

  it('lists the commemoration names when the donor has some', async () => {
    const carmen = await person('Carmen Nombres');
    await db()
      .collection('commemorations')
      .doc(carmen.uid)
      .set({ names: [{ name: 'Ioan', state: 'departed' }], on_certificate: false });
    const answer = await callApi(siteUrl, '/api/users/my-data/', { token: carmen.idToken });
    const data = (await answer.json()) as { commemoration_names: { names: unknown[] } };
    expect(data.commemoration_names.names).toEqual([{ name: 'Ioan', state: 'departed' }]);
  });
});

describe('POST /api/users/erase-account/', () => {
  it('answers 401 without a token, 400 without the confirmation', async () => {
    expect(
      (await callApi(siteUrl, '/api/users/erase-account/', { body: { confirm: true } })).status,
    ).toBe(401);
    const someone = await person('Sin Confirmar');
    const unconfirmed = await erase(someone.idToken, { confirm: false });
    expect(unconfirmed.status).toBe(400);
    expect((await db().collection('users').doc(someone.uid).get()).exists).toBe(true);
  });

  it("refuses a sign-in older than five minutes, in the caller's language, and changes nothing", async () => {
    const late = await person('Tardía Sesión');
    // The API's own handler on the stack's emulators, its clock six minutes on.
    const server = await startInProcessApi({
      firestoreHost: inject('firestoreHost'),
      authHost,
      stripeUrl: inject('stripeUrl'),
      siteUrl,
      now: () => Date.now() + 6 * 60_000,
    });
    try {
      for (const [language, text] of [
        ['es', 'vuelve a iniciar sesión'],
        ['ro', 'autentificați-vă din nou'],
        ['en', 'sign in again'],
      ] as const) {
        const answer = await callApi(server.url, '/api/users/erase-account/', {
          token: late.idToken,
          body: { confirm: true },
          headers: { 'Accept-Language': language },
        });
        expect(answer.status).toBe(401);
        expect(((await answer.json()) as { error: string }).error).toContain(text);
      }
    } finally {
      await server.close();
    }
    expect((await db().collection('users').doc(late.uid).get()).exists).toBe(true);
    expect((await adminAuth(authHost).getUser(late.uid)).uid).toBe(late.uid);
  });

  it('erases the account: sums kept, no name on any public surface, blocked for staff only', async () => {
    // A surname no other suite writes: the stack's data is shared by every file of the suite.
    const erasedName = 'Elena Borrada Zubiri';
    const elena = await person(erasedName);
    const card = await buyByCard(elena, 2);
    const cash = await cashGift(elena, 1);
    await db()
      .collection('commemorations')
      .doc(elena.uid)
      .set({ names: [{ name: 'Maria', state: 'living' }], on_certificate: true });
    const sumBefore = await ledgerSum();
    const raisedBefore = await raised();
    const rowsBefore = await db().collection('donations').where('donor', '==', elena.uid).get();
    expect(rowsBefore.size).toBe(2);

    const answer = await erase(elena.idToken);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ status: 'erased' });

    // The ledger says the same money; its rows stay, without name or e-mail, marked erased.
    expect(await ledgerSum()).toBe(sumBefore);
    expect(await raised()).toBe(raisedBefore);
    const rows = await db().collection('donations').where('donor', '==', elena.uid).get();
    expect(rows.size).toBe(2);
    for (const row of rows.docs) {
      expect(row.get('donor_name')).toBe('');
      expect(row.get('donor_email')).toBe('');
      expect(row.get('erased_at')).toBeDefined();
      expect(JSON.stringify(row.get('search'))).not.toMatch(/elena|zubiri|donante-/);
    }
    // The profile, names and e-mails go; the sign-in goes.
    expect((await db().collection('users').doc(elena.uid).get()).exists).toBe(false);
    expect((await db().collection('commemorations').doc(elena.uid).get()).exists).toBe(false);
    expect((await db().collection('mail').where('to', '==', elena.email).get()).size).toBe(0);
    await expect(adminAuth(authHost).getUser(elena.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    await expect(
      idTokenOf(authHost, { email: elena.email, password: 'Prueba-2026' }),
    ).rejects.toThrow();
    // Blocked apart, for staff.
    const blocked = (await db().collection('erased_donors').doc(elena.uid).get()).data()!;
    expect(blocked).toMatchObject({ name: erasedName, email: elena.email });
    expect(Object.keys(blocked.rows as object).sort()).toEqual(
      rowsBefore.docs.map((d) => d.id).sort(),
    );

    // The plots stay bought, showing the code; the check page names nobody.
    const cells = await readCells(db(), [...card, ...cash]);
    expect(cells.map((cell) => [cell.status, cell.donor_display])).toEqual(
      cells.map(() => ['bought', elena.personalCode]),
    );
    const snapshot = await callApi(siteUrl, '/api/cells/snapshot/');
    expect(await snapshot.text()).not.toContain('Borrada Zubiri');
    const verified = await callApi(
      siteUrl,
      `/api/certificates/verify/?code=${encodeURIComponent(elena.personalCode)}`,
    );
    expect(verified.status).toBe(200);
    const check = await verified.text();
    expect(check).not.toContain('Borrada Zubiri');
    expect(JSON.parse(check)).toMatchObject({ donor_display: elena.personalCode });

    // Staff: the CSV has no name; the donor's page says erased and keeps the blocked name.
    const csv = await callApi(siteUrl, '/api/staff/donations.csv', { token: staffToken });
    expect(csv.status).toBe(200);
    const csvText = await csv.text();
    expect(csvText).not.toContain('Borrada Zubiri');
    expect(csvText).not.toContain(elena.email);
    const page = await callApi(
      siteUrl,
      `/api/staff/donors/person/?id=${encodeURIComponent(elena.uid)}`,
      { token: staffToken },
    );
    expect(page.status).toBe(200);
    const view = (await page.json()) as {
      identity: { name: string; erased_at?: string };
      ledger: unknown[];
    };
    expect(view.identity.name).toBe(erasedName);
    expect(view.identity.erased_at).toMatch(/^\d{4}-/);
    expect(view.ledger).toHaveLength(2);
    // Staff find the erased account by its code or a plot, named by nobody in the list.
    for (const q of [elena.personalCode, card[0]!]) {
      const search = await callApi(siteUrl, `/api/staff/donors/?q=${encodeURIComponent(q)}`, {
        token: staffToken,
      });
      expect(search.status).toBe(200);
      const { donors } = (await search.json()) as { donors: Array<Record<string, unknown>> };
      expect(donors).toEqual([
        expect.objectContaining({
          id: elena.uid,
          name: '',
          email: '',
          personal_code: elena.personalCode,
        }),
      ]);
    }

    // The old token works no more: a second erasure, a sync, the export all answer 401.
    expect((await erase(elena.idToken)).status).toBe(401);
    expect((await callApi(siteUrl, '/api/users/my-data/', { token: elena.idToken })).status).toBe(
      401,
    );
  });

  /** Staff register a transfer for an address no account has yet, then void it by mistake. */
  async function voidedRegistrationFor(email: string, name: string): Promise<string> {
    const plots = freshPlots(1);
    touched.push(...plots);
    const code = await storedCode(db());
    const registered = await postJson(
      `${siteUrl}/api/users/register-physical-certificate/`,
      staffToken,
      { email, code, name, is_anonymous_donor: false, parcelas: plots, method: 'transfer' },
    );
    expect(registered.status, await registered.clone().text()).toBe(200);
    const donationId = (await db().collection('certificate_codes').doc(code).get()).get(
      'donation_id',
    ) as string;
    const voided = await postJson(`${siteUrl}/api/staff/donations/void/`, staffToken, {
      donation_id: donationId,
      reason: 'Transferencia no recibida',
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    return donationId;
  }

  const staffCsv = async () =>
    (await callApi(siteUrl, '/api/staff/donations.csv', { token: staffToken })).text();

  it('also blocks what staff typed for the proven address on a registration never linked to the account', async () => {
    const email = `rosalia-${Date.now().toString(36)}@parroquia.test`;
    const name = 'Rosalía Anulada Quirós';
    const donationId = await voidedRegistrationFor(email, name);
    expect(await staffCsv()).toContain('Anulada Quirós');

    const account = await newEmailAccount(authHost, undefined, email);
    await verifyEmail(authHost, account.uid);
    const rosalia = await consentingDonor(siteUrl, account, { name });
    const answer = await erase(rosalia.idToken);
    expect(answer.status, await answer.clone().text()).toBe(200);

    const csv = await staffCsv();
    expect(csv).not.toContain('Anulada Quirós');
    expect(csv).not.toContain(email);
    const row = (await db().collection('donations').doc(donationId).get()).data()!;
    expect([row.donor_name, row.donor_email]).toEqual(['', '']);
    const blocked = (await db().collection('erased_donors').doc(rosalia.uid).get()).data()!;
    expect(blocked.rows).toMatchObject({ [donationId]: { donor_name: name, donor_email: email } });
  });

  it('an account that never proved the address erases nothing staff registered for it', async () => {
    const email = `suplantada-${Date.now().toString(36)}@parroquia.test`;
    const donationId = await voidedRegistrationFor(email, 'Suplantada Verdadera');
    // Someone signs up with that address without owning the mailbox, and erases the account.
    const impostor = await consentingDonor(
      siteUrl,
      await newEmailAccount(authHost, undefined, email),
      { name: 'Suplantada Verdadera' },
    );
    expect((await erase(impostor.idToken)).status).toBe(200);
    const row = (await db().collection('donations').doc(donationId).get()).data()!;
    expect([row.donor_name, row.donor_email]).toEqual(['Suplantada Verdadera', email]);
  });

  it('twice at once: one erasure, the other answers done or signed out', async () => {
    const twice = await person('Doble Borrado');
    await cashGift(twice, 1);
    const sumBefore = await ledgerSum();
    const answers = await Promise.all([erase(twice.idToken), erase(twice.idToken)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 401]).toContain(statuses[1]);
    expect((await db().collection('erased_donors').doc(twice.uid).get()).get('name')).toBe(
      'Doble Borrado',
    );
    expect(await ledgerSum()).toBe(sumBefore);
  });

  it('racing a purchase: either the purchase holds and erasure waits, or no plot is held for the erased account', async () => {
    for (let round = 0; round < 3; round += 1) {
      const racer = await person(`Carrera ${round}`);
      const plots = freshPlots(1);
      touched.push(...plots);
      const [bought, erased] = await Promise.all([
        startPayment(siteUrl, racer.donor, 'buy', plots),
        erase(racer.idToken),
      ]);
      const [cell] = await readCells(db(), plots);
      if (erased.status === 200) {
        // Erased first: the purchase was refused, nothing is held for a gone account.
        expect([401, 404]).toContain(bought.status);
        expect(cell!.status).toBe('available');
      } else {
        expect(erased.status).toBe(409);
        expect(((await erased.json()) as { error: string }).error).toContain('pago con tarjeta');
        expect(bought.status).toBe(200);
        expect(cell!.user).toBe(racer.uid);
        expect((await db().collection('users').doc(racer.uid).get()).exists).toBe(true);
      }
    }
  });
});
