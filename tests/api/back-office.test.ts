/** The back office's money routes through Hosting -> Functions -> Firestore, with real tokens. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLedgerRow, type ReservationView } from '@parroquia/domain';
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
import { apiAs, poolPlots, storedCode } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const DAY = 24 * 60 * 60 * 1000;

let staff = '';
/** When this file began: rows about its plots from earlier suites (which reuse the pool) are older. */
let startedAt = 0;
const pool = poolPlots();
const plots = (count: number) => pool.take(count);
const { post: call, get } = apiAs(siteUrl, () => staff);

beforeAll(async () => {
  startedAt = Date.now() - 1000;
  staff = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await returnPlots(db(), pool.touched);
});

/** A donor's reservation registered by staff: the deposit in the ledger, the plots reserved. */
async function reservation(
  donor: Donor & { email: string },
  count: number,
  method: 'cash' | 'transfer' = 'transfer',
) {
  const codes = plots(count);
  const code = await storedCode(db());
  const response = await call('/api/users/register-physical-certificate/', {
    email: donor.email,
    code,
    name: donor.name,
    parcelas: codes,
    reserve: true,
    method,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { codes, code };
}

/** The ledger rows this file wrote about these plots. */
async function rowsAbout(codes: readonly string[]) {
  const chunks = Array.from({ length: Math.ceil(codes.length / 30) }, (_, i) =>
    codes.slice(i * 30, i * 30 + 30),
  );
  const found = await Promise.all(
    chunks.map((chunk) =>
      db().collection('donations').where('cells', 'array-contains-any', chunk).get(),
    ),
  );
  const docs = new Map(found.flatMap((each) => each.docs).map((doc) => [doc.id, doc]));
  return [...docs.values()]
    .map((doc) => ({ ...readLedgerRow(doc.id, doc.data()), data: doc.data() }))
    .filter((row) => row.created_at >= startedAt);
}

/** The staff actions this file recorded about a plot. */
async function staffActions(plot: string) {
  const found = await db().collection('staff_actions').where('plots', 'array-contains', plot).get();
  return found.docs
    .map((doc) => doc.data())
    .filter((action) => (action.at as { toMillis(): number }).toMillis() >= startedAt);
}

describe('GET /api/staff/reservations/', () => {
  it('lists each reservation with its holder, contact and deadline; a donor gets 403', async () => {
    const donor = await newDonor(authHost, db(), 'Lucía Reserva');
    const { codes, code } = await reservation(donor, 2);
    const response = await fetch(`${siteUrl}/api/staff/reservations/`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(response.status).toBe(200);
    const { reservations } = (await response.json()) as { reservations: ReservationView[] };
    const mine = reservations.find((r) => r.plots.includes(codes[0]!));
    expect(mine).toMatchObject({
      plots: codes,
      holder: { uid: donor.uid, name: 'Lucía Reserva', email: donor.email },
      certificate_code: code,
      reminders: [],
    });
    const days = (Date.parse(mine!.reserved_until) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const asDonor = await fetch(`${siteUrl}/api/staff/reservations/`, {
      headers: { Authorization: `Bearer ${donor.token}` },
    });
    expect(asDonor.status).toBe(403);
  });
});

describe('POST /api/staff/reservations/complete/', () => {
  it('records the rest paid by transfer: the plots bought, a complete row per plot, a staff action; again: 409, nothing written', async () => {
    const donor = await newDonor(authHost, db(), 'Ion Transfer');
    const { codes } = await reservation(donor, 2);
    const response = await call('/api/staff/reservations/complete/', {
      parcelas: codes,
      method: 'transfer',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ parcelas: codes, amount_cents: 40_000 });
    const cells = await readCells(db(), codes);
    expect(cells.map((cell) => [cell.status, cell.user, cell.reserved_until])).toEqual([
      ['bought', donor.uid, null],
      ['bought', donor.uid, null],
    ]);
    const completions = (await rowsAbout(codes)).filter((row) => row.kind === 'complete');
    expect(completions.map((row) => [row.method, row.amount_cents, row.cells, row.donor])).toEqual(
      expect.arrayContaining([
        ['transfer', 20_000, [codes[0]], donor.uid],
        ['transfer', 20_000, [codes[1]], donor.uid],
      ]),
    );
    expect(completions.every((row) => row.recorded_by !== null)).toBe(true);
    const action = (await staffActions(codes[0]!)).find((each) => each.action === 'complete');
    expect(action).toMatchObject({ plots: codes, staff: DEMO.staff.uid, reason: null });
    expect(action!.before[codes[0]!]).toMatchObject({ status: 'reserved', user: donor.uid });
    expect(action!.after[codes[0]!]).toMatchObject({ status: 'bought', reserved_until: null });

    const before = (await rowsAbout(codes)).length;
    const again = await call(
      '/api/staff/reservations/complete/',
      { parcelas: codes, method: 'transfer' },
      staff,
      'en',
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(`Plot ${codes[0]} is not reserved by that donor.`);
    expect((await rowsAbout(codes)).length).toBe(before);
  });

  it("refuses cash past 999.99 EUR in the month for that person, in the caller's language, writing nothing", async () => {
    const donor = await newDonor(authHost, db(), 'Maria Numerar');
    const { codes } = await reservation(donor, 4, 'cash'); // 200 EUR deposit in cash
    const response = await call(
      '/api/staff/reservations/complete/',
      { parcelas: codes, method: 'cash' },
      staff,
      'ro',
    );
    expect(response.status).toBe(409);
    expect((await response.json()).error).toContain('999,99');
    expect((await readCells(db(), codes)).every((cell) => cell.status === 'reserved')).toBe(true);
    const byTransfer = await call('/api/staff/reservations/complete/', {
      parcelas: codes,
      method: 'transfer',
    });
    expect(byTransfer.status).toBe(200);
  });

  it("refuses a body without plots or with another way of paying, 400 in the caller's language", async () => {
    const empty = await call(
      '/api/staff/reservations/complete/',
      { parcelas: [], method: 'cash' },
      staff,
      'en',
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toContain('Select at least one plot');
    const card = await call('/api/staff/reservations/complete/', {
      parcelas: ['Q30'],
      method: 'card',
    });
    expect(card.status).toBe(400);
  });

  it('staff record the rest while the donor pays it by card: one wins, the ledger has one completion', async () => {
    const donor = await newDonor(authHost, db(), 'Ana Carrera');
    const { codes } = await reservation(donor, 1);
    const [byStaff, byCard] = await Promise.all([
      call('/api/staff/reservations/complete/', { parcelas: codes, method: 'transfer' }),
      startPayment(siteUrl, donor, 'complete', codes),
    ]);
    expect([byStaff.status, byCard.status].sort()).toEqual([200, 409]);
    if (byCard.status === 200) {
      await submitHostedPage(byCard.body.url!, '4242424242424242');
      await waitFor('the card completion', async () =>
        (await readCells(db(), codes))[0]!.status === 'bought' ? true : null,
      );
    }
    const completions = (await rowsAbout(codes)).filter((row) => row.kind === 'complete');
    expect(completions).toHaveLength(1);
    expect((await readCells(db(), codes))[0]).toMatchObject({ status: 'bought', user: donor.uid });
  });
});

describe('a reservation staff registered for someone without an account', () => {
  it('is listed with the name and e-mail staff typed, and its rest recorded names them in the ledger', async () => {
    const codes = plots(1);
    const code = await storedCode(db());
    const email = `sin-cuenta-reserva-${Date.now()}@parroquia.test`;
    const registered = await call('/api/users/register-physical-certificate/', {
      email,
      code,
      name: 'Doña Reserva',
      parcelas: codes,
      reserve: true,
      method: 'cash',
    });
    expect(registered.status).toBe(200);
    const listed = await fetch(`${siteUrl}/api/staff/reservations/`, {
      headers: { Authorization: `Bearer ${staff}` },
    });
    const { reservations } = (await listed.json()) as { reservations: ReservationView[] };
    expect(reservations.find((r) => r.plots.includes(codes[0]!))).toMatchObject({
      holder: { uid: null, name: 'Doña Reserva', email, personal_code: null },
      certificate_code: code,
    });
    const completed = await call('/api/staff/reservations/complete/', {
      parcelas: codes,
      method: 'cash',
    });
    expect(completed.status).toBe(200);
    const completion = (await rowsAbout(codes)).find((row) => row.kind === 'complete');
    expect(completion).toMatchObject({
      donor: null,
      donor_email: email,
      donor_name: 'Doña Reserva',
    });
    expect((await readCells(db(), codes))[0]).toMatchObject({ status: 'bought', user: null });
  });
});

describe('extend and release', () => {
  it('extends to a day at most 30 days past the deadline, with a reason; past that, 409', async () => {
    const donor = await newDonor(authHost, db(), 'Elena Plazo');
    const { codes } = await reservation(donor, 1);
    const [cell] = await readCells(db(), codes);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const tooFar = await call('/api/staff/reservations/extend/', {
      parcelas: codes,
      until: day(cell!.reserved_until! + 32 * DAY),
      reason: 'Espera una transferencia',
    });
    expect(tooFar.status).toBe(409);
    const noReason = await call(
      '/api/staff/reservations/extend/',
      { parcelas: codes, until: day(cell!.reserved_until! + 10 * DAY) },
      staff,
      'en',
    );
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error).toContain('reason');
    const extended = await call('/api/staff/reservations/extend/', {
      parcelas: codes,
      until: day(cell!.reserved_until! + 10 * DAY),
      reason: 'Espera una transferencia',
    });
    expect(extended.status).toBe(200);
    const [after] = await readCells(db(), codes);
    expect(after!.reserved_until! - cell!.reserved_until!).toBeGreaterThan(9 * DAY);
    expect(await staffActions(codes[0]!)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'extend', reason: 'Espera una transferencia' }),
      ]),
    );
  });

  it('chains of extensions stop 30 days past the first deadline; the list and the form say the last day', async () => {
    const donor = await newDonor(authHost, db(), 'Cadena Plazos');
    const { codes } = await reservation(donor, 1);
    const [cell] = await readCells(db(), codes);
    const first = cell!.reserved_until!;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const extend = (until: number, language = 'es') =>
      call(
        '/api/staff/reservations/extend/',
        { parcelas: codes, until: day(until), reason: 'Otra semana' },
        staff,
        language,
      );
    // The attack: one extension after another, each within 30 days of the current deadline.
    expect((await extend(first + 12 * DAY)).status).toBe(200);
    expect((await extend(first + 24 * DAY)).status).toBe(200);
    const listed = await get('/api/staff/reservations/');
    const card = (
      (await listed.json()) as {
        reservations: Array<{ plots: string[]; extend_until_max: string }>;
      }
    ).reservations.find((each) => each.plots.includes(codes[0]!));
    const madridDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });
    expect(card!.extend_until_max).toBe(madridDay.format(first + 30 * DAY - 1));
    const tooFar = await extend(first + 36 * DAY, 'en');
    expect(tooFar.status).toBe(409);
    expect((await tooFar.json()).error).toMatch(/All extensions together reach at most 30 days/);
    const [after] = await readCells(db(), codes);
    expect(after!.reserved_until! - first).toBeLessThanOrEqual(30 * DAY);
  });

  it('three people registered without an account and extended to one day stay three cards, each with its code', async () => {
    const registered = [];
    for (const who of ['Uno', 'Dos', 'Tres']) {
      const codes = plots(1);
      const code = await storedCode(db());
      const response = await call('/api/users/register-physical-certificate/', {
        email: `sin-cuenta-${who.toLowerCase()}-${Date.now()}@example.com`,
        code,
        name: `Persona ${who}`,
        parcelas: codes,
        reserve: true,
        method: 'transfer',
      });
      expect(response.status).toBe(200);
      registered.push({ codes, code, name: `Persona ${who}` });
    }
    const [cell] = await readCells(db(), registered[0]!.codes);
    const sameDay = new Date(cell!.reserved_until! + 5 * DAY).toISOString().slice(0, 10);
    for (const { codes } of registered) {
      const extended = await call('/api/staff/reservations/extend/', {
        parcelas: codes,
        until: sameDay,
        reason: 'Pagan juntos el sábado',
      });
      expect(extended.status).toBe(200);
    }
    const deadlines = (
      await readCells(
        db(),
        registered.flatMap((r) => r.codes),
      )
    ).map((each) => each.reserved_until);
    expect(new Set(deadlines).size).toBe(1);
    const { reservations } = (await (await get('/api/staff/reservations/')).json()) as {
      reservations: ReservationView[];
    };
    for (const { codes, code, name } of registered) {
      const card = reservations.find((each) => each.plots.includes(codes[0]!));
      expect(card).toMatchObject({
        plots: codes,
        certificate_code: code,
        holder: { uid: null, name },
      });
    }
  });

  it('a malformed query on a staff route is a 400 naming it, never a 500', async () => {
    for (const path of [
      '/api/staff/donations/?from=2026-13-45',
      '/api/staff/donations/?from[]=2026-01-01',
      '/api/staff/donations/?__proto__=x&from=2026-01-01',
      '/api/staff/actions/?kind[x]=void',
      '/api/staff/actions/?constructor=1&kind=%E0%A4%A',
      '/api/staff/donors/?q=%ZZ',
      '/api/staff/donors/person/?id[]=x',
      '/api/staff/actions/?cursor=a/b',
      '/api/staff/actions/?cursor=..',
      '/api/staff/actions/?cursor=__x__',
      '/api/staff/donations/?cursor=a/b',
      '/api/staff/donations/?cursor=..',
    ]) {
      const answer = await get(path);
      expect([200, 400, 404], path).toContain(answer.status);
      expect(answer.status, path).not.toBe(500);
    }
  });

  it('releases a reservation now: the plots on sale, the deposit kept in the ledger', async () => {
    const donor = await newDonor(authHost, db(), 'Pablo Libera');
    const { codes } = await reservation(donor, 1);
    const released = await call('/api/staff/reservations/release/', {
      parcelas: codes,
      reason: 'Renuncia por teléfono',
    });
    expect(released.status).toBe(200);
    expect((await readCells(db(), codes))[0]).toMatchObject({ status: 'available', user: null });
    expect((await rowsAbout(codes)).map((row) => [row.kind, row.amount_cents])).toEqual([
      ['reserve', 5_000],
    ]);
  });
});

describe('POST /api/staff/donations/void/', () => {
  it('voids a registration made by mistake: a void row naming it, the plots free, the code unassigned; twice: 409', async () => {
    const donor = await newDonor(authHost, db(), 'Error Registro');
    const codes = plots(1);
    const code = await storedCode(db());
    const registered = await call('/api/users/register-physical-certificate/', {
      email: donor.email,
      code,
      name: donor.name,
      parcelas: codes,
      method: 'cash',
    });
    expect(registered.status).toBe(200);
    const [gift] = await rowsAbout(codes);
    const voided = await call('/api/staff/donations/void/', {
      donation_id: gift!.id,
      reason: 'Parcela equivocada',
    });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toEqual({ parcelas: codes });
    expect((await readCells(db(), codes))[0]).toMatchObject({ status: 'available', user: null });
    const rows = await rowsAbout(codes);
    expect(rows.map((row) => [row.kind, row.method, row.amount_cents, row.refund_of])).toEqual(
      expect.arrayContaining([
        ['buy', 'cash', 25_000, null],
        ['void', 'cash', -25_000, gift!.id],
      ]),
    );
    expect((await db().collection('certificate_codes').doc(code).get()).data()).toMatchObject({
      status: 'unassigned',
      user: null,
      plots: [],
    });
    const twice = await call(
      '/api/staff/donations/void/',
      { donation_id: gift!.id, reason: 'Otra vez' },
      staff,
      'en',
    );
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toBe('That registration is already voided.');
    const unknown = await call('/api/staff/donations/void/', {
      donation_id: 'no-such-row',
      reason: 'x',
    });
    expect(unknown.status).toBe(409);
  });
});

describe('POST /api/staff/donations/void/ on a registration of more than 30 plots (issue 40 item 11)', () => {
  it('reads the ledger of every plot: voiding a 32-plot reservation completed at the parish frees none of its paid plots', async () => {
    const donor = await newDonor(authHost, db(), 'Reserva Grande');
    const { codes } = await reservation(donor, 32);
    // The rest recorded plot by plot, as the transfers arrive: the last two too.
    for (const plot of codes) {
      const completed = await call('/api/staff/reservations/complete/', {
        parcelas: [plot],
        method: 'transfer',
      });
      expect(completed.status, plot).toBe(200);
    }
    const [registration] = (await rowsAbout(codes)).filter((row) => row.kind === 'reserve');
    expect(registration!.cells).toHaveLength(32);
    const voided = await call('/api/staff/donations/void/', {
      donation_id: registration!.id,
      reason: 'Registro duplicado',
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    // Every plot's 200 EUR completion stands, so every plot stays the donor's.
    expect(await voided.json()).toEqual({ parcelas: [] });
    const cells = await readCells(db(), codes);
    expect(cells.filter((cell) => cell.status !== 'bought' || cell.user !== donor.uid)).toEqual([]);
  }, 120_000);
});

describe('GET /api/certificates/verify/ for a paper certificate (issue 32, part 8)', () => {
  const verify = (code: string) =>
    fetch(`${siteUrl}/api/certificates/verify/?code=${code}`, {
      headers: { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250)}` },
    });

  it('confirms a registered code with its plots and the name only as the map shows it', async () => {
    const codes = plots(2);
    const code = await storedCode(db());
    const unassigned = await verify(code);
    expect(unassigned.status).toBe(404);
    const registered = await call('/api/users/register-physical-certificate/', {
      email: `sin-cuenta-${Date.now()}@parroquia.test`,
      code,
      name: 'Doña Carmen',
      parcelas: codes,
      method: 'cash',
    });
    expect(registered.status).toBe(200);
    const answer = await verify(code);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      code,
      donor_display: 'Doña Carmen',
      plots: codes.map((plot) => ({ code: plot, status: 'bought' })),
    });
  });

  it('names nobody for an anonymous registration, and is unknown once its plots are gone', async () => {
    const codes = plots(1);
    const code = await storedCode(db());
    const registered = await call('/api/users/register-physical-certificate/', {
      email: `anonima-${Date.now()}@parroquia.test`,
      code,
      name: 'Nombre Secreto',
      is_anonymous_donor: true,
      parcelas: codes,
      method: 'transfer',
    });
    expect(registered.status).toBe(200);
    const answer = await verify(code);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ donor_display: null, plots: [{ code: codes[0] }] });
    expect(text).not.toContain('Nombre Secreto');
    const [gift] = await rowsAbout(codes);
    const voided = await call('/api/staff/donations/void/', {
      donation_id: gift!.id,
      reason: 'Error',
    });
    expect(voided.status).toBe(200);
    expect((await verify(code)).status).toBe(404);
  });
});
