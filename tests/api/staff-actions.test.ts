/**
 * The record of staff actions through Hosting -> Functions -> Firestore (issue 32 part 7): codes
 * generated, blank and filled-in certificates printed, the ledger exported, each listed with who,
 * when and what; pages of 50 by cursor; staff only; a bad cursor or kind is a 400 in the caller's
 * language. And the filled-in certificate itself (part 5).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import type { StaffActionView } from '@parroquia/domain';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { newDonor } from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { apiAs, freshPlots, storedCode } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));

let staff = '';
const { post, get } = apiAs(siteUrl, () => staff);
/** When this file began: actions recorded by earlier files are older. */
let startedAt = 0;
const touched: string[] = [];
const seeded: string[] = [];

beforeAll(async () => {
  startedAt = Date.now() - 1000;
  staff = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await returnPlots(db(), touched);
  await Promise.all(seeded.map((id) => db().collection('staff_actions').doc(id).delete()));
});

interface Page {
  actions: StaffActionView[];
  next_cursor: string | null;
}

async function page(query = ''): Promise<Page> {
  const response = await get(`/api/staff/actions/${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

/** The newest action of a kind this file recorded. */
async function newest(kind: string): Promise<StaffActionView> {
  const { actions } = await page(`?kind=${kind}`);
  const mine = actions.filter((action) => Date.parse(action.at) >= startedAt);
  expect(mine.length, `an action ${kind} of this file`).toBeGreaterThan(0);
  return mine[0]!;
}

const byStaff = { uid: DEMO.staff.uid, name: 'Párroco (demo)', email: DEMO.staff.email };

/** A cash gift registered by staff for a donor: its code and plots. */
async function registration(options: { anonymous?: boolean; reserve?: boolean } = {}) {
  const donor = await newDonor(authHost, db(), 'Ștefan Țăranu');
  const plots = freshPlots(2);
  touched.push(...plots);
  const code = await storedCode(db());
  const response = await post('/api/users/register-physical-certificate/', {
    email: donor.email,
    code,
    name: 'Ștefan Țăranu',
    is_anonymous_donor: options.anonymous ?? false,
    parcelas: plots,
    reserve: options.reserve ?? false,
    method: 'cash',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { code, plots };
}

describe('each audited action appears with who, when and what', () => {
  it('codes generated: the batch, its count and codes, by the staff member', async () => {
    const before = Date.now();
    const response = await post('/api/users/generate-json-codes/', { count: 3 });
    expect(response.status).toBe(200);
    const { codes } = (await response.json()) as { codes: string[] };
    const action = await newest('generate-codes');
    expect(action).toMatchObject({
      action: 'generate-codes',
      staff: byStaff,
      reason: null,
      plots: [],
      details: { count: 3, codes },
    });
    expect(Date.parse(action.at)).toBeGreaterThanOrEqual(before - 1000);
    // The codes exist, unassigned, made by the same staff member.
    const stored = await db().collection('certificate_codes').doc(codes[0]!).get();
    expect(stored.data()).toMatchObject({ status: 'unassigned', created_by: DEMO.staff.uid });
  });

  it('blank certificates printed: the codes on the paper', async () => {
    const response = await post('/api/users/generate-certificates-pdf/', { count: 2 });
    expect(response.status).toBe(200);
    const texts = await pdfPageTexts(new Uint8Array(await response.arrayBuffer()));
    const action = await newest('print-blank');
    expect(action).toMatchObject({ staff: byStaff, details: { count: 2 } });
    expect(action.details!.codes).toHaveLength(2);
    for (const [index, code] of action.details!.codes!.entries()) {
      expect(texts[index]!.replace(/\s+/g, '')).toContain(code);
    }
  });

  it('a filled-in certificate: the name as registered (anonymous or not), the plots, the code, the day; recorded', async () => {
    const { code, plots } = await registration({ anonymous: true, reserve: true });
    const response = await post('/api/staff/certificates/filled-pdf/', {
      code: code.toLowerCase(),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="certificado-${code}.pdf"`,
    );
    const [text] = await pdfPageTexts(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('Ștefan Țăranu');
    expect(text).toContain(`${plots.join(', ')} (reserva)`);
    const today = new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Madrid',
    }).format(new Date());
    expect(text).toContain(today);
    expect(text!.replace(/\s+/g, '')).toContain(code);
    const action = await newest('print-filled');
    expect(action).toMatchObject({ staff: byStaff, plots, details: { code } });
  });

  it('a code with nothing registered prints nothing and records nothing (409 in English); a malformed one is a 400 in Romanian', async () => {
    const code = await storedCode(db());
    const before = (await page('?kind=print-filled')).actions.length;
    const unassigned = await post('/api/staff/certificates/filled-pdf/', { code }, staff, 'en');
    expect(unassigned.status).toBe(409);
    expect(await unassigned.json()).toMatchObject({
      error: 'That code has no gift registered: there is nothing to print.',
    });
    const malformed = await post(
      '/api/staff/certificates/filled-pdf/',
      { code: 'NO' },
      staff,
      'ro',
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: 'Acest cod nu există. Verificați dacă este scris corect.',
    });
    expect((await page('?kind=print-filled')).actions.length).toBe(before);
  });

  it('the ledger exported: the filters as sent and the rows of the CSV', async () => {
    const response = await get('/api/staff/donations.csv?from=2026-01-01');
    expect(response.status).toBe(200);
    const csv = await response.text();
    const rows = csv.trim().split('\r\n').length - 1;
    const action = await newest('export-csv');
    expect(action).toMatchObject({
      staff: byStaff,
      details: { query: { from: '2026-01-01' }, rows },
    });
  });

  it('a registration is listed with its plots before and after', async () => {
    const { plots } = await registration();
    const action = await newest('register');
    expect(action.plots).toEqual(plots);
    expect(action.before.map((state) => state.status)).toEqual(['available', 'available']);
    expect(action.after.map((state) => state.status)).toEqual(['bought', 'bought']);
  });

  it('a registration and its void say how much, how, for whom and with which certificate', async () => {
    const { code, plots } = await registration();
    const registered = (await page('?kind=register')).actions.find(
      (action) => action.plots.join() === plots.join(),
    )!;
    expect(registered.money).toEqual({
      amount_cents: 50_000,
      method: 'cash',
      donor: { name: 'Ștefan Țăranu', email: expect.stringContaining('@') as unknown },
      certificate_code: code,
    });
    const [row] = registered.donations;
    const voided = await post('/api/staff/donations/void/', {
      donation_id: row,
      reason: 'registrada con el código equivocado',
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    const undone = (await page('?kind=void')).actions.find((action) =>
      action.donations.includes(row!),
    )!;
    expect(undone.money).toMatchObject({
      amount_cents: -50_000,
      method: 'cash',
      certificate_code: code,
    });
    expect(undone.after.map((state) => state.status)).toEqual(['available', 'available']);
    // An action that wrote no ledger row says no money.
    expect((await newest('generate-codes')).money).toBeNull();
  });
});

describe('concurrent staff actions', () => {
  it('five code batches and five exports at once: ten actions, none lost, every code once', async () => {
    const [batches] = await Promise.all([
      Promise.all(
        Array.from({ length: 5 }, async () => {
          const response = await post('/api/users/generate-json-codes/', { count: 4 });
          expect(response.status).toBe(200);
          return ((await response.json()) as { codes: string[] }).codes;
        }),
      ),
      Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const response = await get(`/api/staff/donations.csv?from=2026-01-0${i + 1}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }),
      ),
    ]);
    const codes = batches.flat();
    expect(new Set(codes).size).toBe(20);
    const generated = (await page('?kind=generate-codes')).actions.filter((a) =>
      a.details?.codes?.some((code) => codes.includes(code)),
    );
    expect(generated.map((a) => a.details!.codes!.join()).sort()).toEqual(
      batches.map((batch) => batch.join()).sort(),
    );
    const exported = (await page('?kind=export-csv')).actions.map((a) => a.details?.query?.from);
    for (let i = 1; i <= 5; i += 1) expect(exported).toContain(`2026-01-0${i}`);
  });
});

describe('GET /api/staff/actions/', () => {
  it('lists every kind newest first, 50 a page; the cursor gives the rest, none repeated', async () => {
    // 54 old prints (only this file prints filled-in certificates), a minute apart.
    const base = startedAt - 24 * 60 * 60 * 1000;
    for (let i = 0; i < 54; i += 1) {
      const ref = db().collection('staff_actions').doc();
      seeded.push(ref.id);
      await ref.create({
        action: 'print-filled',
        staff: DEMO.staff.uid,
        at: Timestamp.fromMillis(base + i * 60_000),
        reason: null,
        plots: [],
        donations: [],
        before: {},
        after: {},
        details: { code: `OLD${i}` },
      });
    }
    const first = await page('?kind=print-filled');
    expect(first.actions).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const second = await page(`?kind=print-filled&cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    const all = [...first.actions, ...second.actions];
    // The one printed above, then the 54 old ones.
    expect(all).toHaveLength(55);
    expect(new Set(all.map((action) => action.id)).size).toBe(55);
    const times = all.map((action) => Date.parse(action.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((action) => action.action === 'print-filled')).toBe(true);
    expect(all.at(-1)!.details).toEqual({ code: 'OLD0' });

    const everything = await page();
    expect(everything.actions).toHaveLength(50);
    const allTimes = everything.actions.map((action) => Date.parse(action.at));
    expect(allTimes).toEqual([...allTimes].sort((a, b) => b - a));
  });

  it('answers a donor 403, and a signed-out caller 401', async () => {
    const donor = await newDonor(authHost, db(), 'Ana Curiosa');
    expect((await get('/api/staff/actions/', donor.token)).status).toBe(403);
    const code = await storedCode(db());
    const print = await post('/api/staff/certificates/filled-pdf/', { code }, donor.token);
    expect(print.status).toBe(403);
    expect((await fetch(`${siteUrl}/api/staff/actions/`)).status).toBe(401);
  });

  it('answers a bad cursor or kind with a 400 in the caller language', async () => {
    const malformed = await get('/api/staff/actions/?cursor=../users', staff, 'en');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: 'The page asked for is not valid. Load the list again.',
    });
    const unknown = await get('/api/staff/actions/?cursor=noSuchAction00000000', staff, 'es');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: 'La página pedida no es válida. Vuelve a cargar la lista.',
    });
    const kind = await get('/api/staff/actions/?kind=delete', staff, 'ro');
    expect(kind.status).toBe(400);
    expect(await kind.json()).toMatchObject({ error: 'Acest tip de acțiune nu există.' });
  });
});
