/**
 * The ledger as staff read it (issue 32, parts 1 and 2) through Hosting -> Functions ->
 * Firestore: the list, its filters, totals, paging and CSV; the panel's totals and the home
 * page's progress moving by exactly what the ledger moved.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  generatePersonalCode,
  monthDays,
  readLedgerSummary,
  readProgressDocument,
  spanishMonthOf,
  type LedgerRowView,
} from '@parroquia/domain';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  newDonor,
  readCells,
  startPayment,
  stripeClient,
  submitHostedPage,
  waitFor,
} from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { apiAs, poolPlots, storedCode, uniqueName } from '../support/staff.ts';
import {
  ledgerCsvNetCents,
  readAsSpanishExcel,
  spanishCents,
} from '../support/spanish-spreadsheet.ts';
import { pdfPageLines } from '../../functions/test/support/pdf-text.ts';
import { monthRows, writeMonthRows } from '../support/month-rows.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const stripe = stripeClient(inject('stripeUrl'));
const db = () => adminFirestore(inject('firestoreHost'));

let staff = '';
const pool = poolPlots();
const plots = (count: number) => pool.take(count);
const { post, get } = apiAs(siteUrl, () => staff);

beforeAll(async () => {
  staff = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await returnPlots(db(), pool.touched);
});

interface ListAnswer {
  rows: LedgerRowView[];
  next_cursor: string | null;
  totals: { rows: number; given_cents: number; refunded_cents: number; net_cents: number };
}

async function list(query: Record<string, string>, token = staff, language = 'es') {
  const response = await get(
    `/api/staff/donations/?${new URLSearchParams(query).toString()}`,
    token,
    language,
  );
  return {
    status: response.status,
    body: (await response.json()) as ListAnswer & { error?: string },
  };
}

/** A staff registration for `email` (no account): its plots, code and ledger row id. */
async function registered(
  email: string,
  name: string,
  method: 'cash' | 'transfer',
  reserve = false,
) {
  const codes = plots(1);
  const code = await storedCode(db());
  const response = await post('/api/users/register-physical-certificate/', {
    email,
    code,
    name,
    parcelas: codes,
    reserve,
    method,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const row = await db().collection('donations').where('certificate_code', '==', code).get();
  return { codes, code, id: row.docs[0]!.id };
}

describe('GET /api/staff/month-close.pdf', () => {
  it("prints one page whose figures are the month's export, in Spanish or Romanian; refuses a bad month", async () => {
    const month = '2021-03';
    const rows = monthRows(month);
    const remove = await writeMonthRows(db(), month);
    try {
      const pdf = await get(`/api/staff/month-close.pdf?month=${month}&lang=es`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const pages = await pdfPageLines(await pdf.arrayBuffer());
      expect(pages).toHaveLength(1);
      const lines = pages[0]!.map((line) => line.replace(/\s/g, ' '));
      expect(lines.slice(0, 2)).toEqual([
        'Parroquia Ortodoxa de Asturias',
        'Cierre de marzo de 2021',
      ]);
      const after = (label: string) =>
        lines.slice(lines.indexOf(label) + 1, lines.indexOf(label) + 5);
      expect(after('Tarjeta')).toEqual(['500,00 €', '250,00 €', '0,00 €', '250,00 €']);
      expect(after('Efectivo')).toEqual(['50,00 €', '0,00 €', '50,00 €', '0,00 €']);
      expect(after('Total')).toEqual(['750,00 €', '250,00 €', '50,00 €', '450,00 €']);
      expect(lines).toContain('1 parcela comprada');

      // The month's export, read as Spanish Excel reads it, sums to the close's figures.
      const { from, to } = monthDays(month);
      const csv = await get(`/api/staff/donations.csv?from=${from}&to=${to}`);
      const exported = readAsSpanishExcel(await csv.text()).rows;
      expect(exported.map((line) => line.referencia).sort()).toEqual(
        rows.map(({ id }) => id).sort(),
      );
      expect(exported.reduce((sum, line) => sum + spanishCents(line.importe_eur!), 0)).toBe(45_000);

      const romanian = await get(`/api/staff/month-close.pdf?month=${month}&lang=ro`);
      expect((await pdfPageLines(await romanian.arrayBuffer()))[0]![1]).toBe(
        'Închiderea lunii martie 2021',
      );
      const bad = await get('/api/staff/month-close.pdf?month=2026-13', staff, 'ro');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe(
        'Luna trebuie scrisă ca AAAA-LL, între 2020 și 2100.',
      );
    } finally {
      await remove();
    }
  });
});

describe('GET /api/staff/donations/', () => {
  it('lists newest first, each void tied to its gift, filtered, with the totals of what it finds; the CSV gives the same', async () => {
    const word = uniqueName('lucia').replaceAll('-', '');
    const name = `Lucía ${word}`;
    const email = `${word}@donantes.test`;
    const cash = await registered(email, name, 'cash');
    const transfer = await registered(email, name, 'transfer', true);
    const voided = await post('/api/staff/donations/void/', {
      donation_id: cash.id,
      reason: 'registrada en la parcela equivocada',
    });
    expect(voided.status, await voided.clone().text()).toBe(200);

    const all = await list({ q: email.toUpperCase() });
    expect(all.status).toBe(200);
    const [voidRow, transferRow, cashRow] = all.body.rows;
    expect(all.body.rows.map((row) => row.kind)).toEqual(['void', 'reserve', 'buy']);
    expect(transferRow!.id).toBe(transfer.id);
    expect(cashRow).toMatchObject({ id: cash.id, method: 'cash', certificate_code: cash.code });
    expect(voidRow!.undoes).toMatchObject({ id: cash.id, amount_cents: 25_000 });
    expect(cashRow!.undone_by).toEqual([
      expect.objectContaining({ id: voidRow!.id, kind: 'void' }),
    ]);
    expect(all.body.totals).toEqual({
      rows: 3,
      given_cents: 30_000,
      refunded_cents: 25_000,
      net_cents: 5_000,
    });
    expect(all.body.next_cursor).toBeNull();

    const cashOnly = await list({ q: email, method: 'cash' });
    expect(cashOnly.body.rows.map((row) => row.id)).toEqual([voidRow!.id, cash.id]);
    expect(cashOnly.body.totals).toMatchObject({ rows: 2, net_cents: 0 });
    const voids = await list({ q: email, kind: 'void' });
    expect(voids.body.totals).toEqual({
      rows: 1,
      given_cents: 0,
      refunded_cents: 25_000,
      net_cents: -25_000,
    });
    // By a word of the name without its accent, by the certificate's code, by the plot.
    expect((await list({ q: 'LUCIA ' + word })).body.rows).toHaveLength(3);
    expect((await list({ q: word })).body.rows).toHaveLength(3);
    // By the first letters of any word, in any order, case and accents aside; every word counts.
    const firstLetters = await list({ q: `${word.slice(0, 12).toUpperCase()} lucí` });
    expect(firstLetters.body.rows.map((row) => row.id)).toEqual(all.body.rows.map((row) => row.id));
    expect(firstLetters.body.totals).toEqual(all.body.totals);
    expect((await list({ q: `${word} Popescu` })).body.totals.rows).toBe(0);
    expect((await list({ q: cash.code.toLowerCase() })).body.rows.map((row) => row.id)).toContain(
      cash.id,
    );
    expect((await list({ q: transfer.codes[0]! })).body.rows.map((row) => row.id)).toContain(
      transfer.id,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(),
    );
    expect((await list({ q: email, from: today, to: today })).body.totals.rows).toBe(3);
    expect((await list({ q: email, to: '2020-01-01' })).body.totals.rows).toBe(0);

    const csv = await fetch(
      `${siteUrl}/api/staff/donations.csv?${new URLSearchParams({ q: email })}`,
      { headers: { Authorization: `Bearer ${staff}` } },
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.trim().split('\r\n')).toHaveLength(4);
    expect(ledgerCsvNetCents(text)).toBe(5_000);
    // Each row says its certificate, who recorded it and, for the void, why.
    const rows = readAsSpanishExcel(text).rows;
    expect(rows.map((row) => [row.tipo, row.certificado, row.motivo])).toEqual([
      ['compra', cash.code, ''],
      ['reserva', transfer.code, ''],
      ['anulación', cash.code, 'registrada en la parcela equivocada'],
    ]);
    expect(rows.every((row) => row.registrado_por?.includes(DEMO.staff.email))).toBe(true);
  });

  it("finds a donor's rows by their personal code, on the page and in the CSV", async () => {
    const [plot] = plots(1);
    const donor = await newDonor(authHost, db(), 'Código Personal');
    const paid = await startPayment(siteUrl, donor, 'buy', [plot]);
    await submitHostedPage(paid.body.url!, '4242424242424242');
    await waitFor('bought', async () => (await readCells(db(), [plot!]))[0]?.status === 'bought');
    // A personal code and its claim, as signing up writes them.
    const code = generatePersonalCode((size) => randomInt(size));
    await db().collection('users').doc(donor.uid).update({ personal_code: code });
    await db().collection('personal_codes').doc(code).create({ uid: donor.uid });
    const listed = await list({ q: code.toLowerCase() });
    expect(listed.body.rows.map((row) => row.id)).toEqual([paid.body.sessionId]);
    const csv = await get(`/api/staff/donations.csv?q=${code}`);
    expect(readAsSpanishExcel(await csv.text()).rows.map((row) => row.referencia)).toEqual([
      paid.body.sessionId,
    ]);
  });

  it('pages 50 rows at a time by cursor, none twice, none left out', async () => {
    const word = uniqueName('pagina').replaceAll('-', '');
    const base = Date.now() - 60_000;
    const batch = db().batch();
    const ids = Array.from({ length: 55 }, (_, i) => `${word}-${String(i).padStart(2, '0')}`);
    ids.forEach((id, i) =>
      batch.set(db().collection('donations').doc(id), {
        donor: null,
        donor_email: `${word}@donantes.test`,
        donor_key: `${word}@donantes.test`,
        donor_name: word,
        method: 'cash',
        kind: 'buy',
        amount_cents: 100,
        cells: [],
        month: spanishMonthOf(base),
        // Two rows share each instant: the cursor must still tell them apart.
        created_at: Timestamp.fromMillis(base + Math.floor(i / 2)),
        recorded_by: 'staff-demo',
        refund_of: null,
        search: [word, 'pagina'],
      }),
    );
    await batch.commit();
    try {
      // One word: Firestore's pages; two: the rows of the longest, kept and paged here.
      for (const q of [word, `pagina ${word}`]) await pagesAll(q);
    } finally {
      await Promise.all(ids.map((id) => db().collection('donations').doc(id).delete()));
    }

    async function pagesAll(q: string) {
      const first = await list({ q });
      expect(first.body.rows).toHaveLength(50);
      expect(first.body.totals).toMatchObject({ rows: 55, net_cents: 5_500 });
      const second = await list({ q, cursor: first.body.next_cursor! });
      expect(second.body.rows).toHaveLength(5);
      expect(second.body.next_cursor).toBeNull();
      const seen = [...first.body.rows, ...second.body.rows].map((row) => row.id);
      expect(new Set(seen).size).toBe(55);
      expect(seen).toEqual([...ids].reverse());
    }
  });

  it("refuses bad filters with a 400 in the caller's language, and a donor's token with 403", async () => {
    const method = await list({ method: 'cheque' }, staff, 'ro');
    expect(method.status).toBe(400);
    expect(method.body.error).toBe(
      'Modalitatea de plată trebuie să fie card, numerar sau transfer.',
    );
    expect((await list({ cursor: 'x' })).status).toBe(400);
    expect((await list({ from: '2026-02-30' })).status).toBe(400);
    const donor = await newDonor(authHost, db(), 'Curioso');
    expect((await list({}, donor.token)).status).toBe(403);
  });
});

describe("the panel's totals and the home page's progress", () => {
  async function figures() {
    const [progress, summary] = await db().getAll(
      db().collection('campaign').doc('progress'),
      db().collection('campaign').doc('ledger'),
    );
    const month = spanishMonthOf(Date.now());
    const card = readLedgerSummary(summary!.get('months'))[month]?.card;
    return {
      progress: readProgressDocument(progress!.data()!)!.counts,
      card: card ?? { given_cents: 0, refunded_cents: 0 },
    };
  }

  it('move by what the ledger kept: a completed plot whose deposit was refunded raised 200 €', async () => {
    const [plot] = plots(1);
    const donor = await newDonor(authHost, db(), 'Completa');
    const before = await figures();
    const reserved = await startPayment(siteUrl, donor, 'reserve', [plot]);
    await submitHostedPage(reserved.body.url!, '4242424242424242');
    await waitFor(
      'reserved',
      async () => (await readCells(db(), [plot!]))[0]?.status === 'reserved',
    );
    const completed = await startPayment(siteUrl, donor, 'complete', [plot]);
    await submitHostedPage(completed.body.url!, '4242424242424242');
    await waitFor('bought', async () => (await readCells(db(), [plot!]))[0]?.status === 'bought');
    const deposit = await stripe.checkout.sessions.retrieve(reserved.body.sessionId!);
    await stripe.refunds.create({ payment_intent: deposit.payment_intent as string });
    await waitFor('the refund in the ledger', async () => {
      const refunds = await db()
        .collection('donations')
        .where('refund_of', '==', reserved.body.sessionId!)
        .get();
      return refunds.size === 1;
    });

    const after = await figures();
    expect((await readCells(db(), [plot!]))[0]?.status).toBe('bought');
    expect(after.progress.raised_cents - before.progress.raised_cents).toBe(20_000);
    expect(after.progress.plots_bought - before.progress.plots_bought).toBe(1);
    expect(after.card.given_cents - before.card.given_cents).toBe(25_000);
    expect(after.card.refunded_cents - before.card.refunded_cents).toBe(5_000);
  });
});
