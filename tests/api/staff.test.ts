/** The staff routes of issue 11 through Hosting -> Functions -> Firestore, with real tokens. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { newEmailAccount } from '../support/accounts.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { returnPlots } from '../support/plots.ts';
import {
  readAsSpanishExcel,
  spanishCents,
  spanishDateTime,
} from '../support/spanish-spreadsheet.ts';
import { freshPlots, newAccount, postJson, storedCode, uniqueName } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const REGISTER = `${siteUrl}/api/users/register-physical-certificate/`;

let staffToken = '';
let donorToken = '';
const touched: string[] = [];
const plots = (count: number) => {
  const codes = freshPlots(count);
  touched.push(...codes);
  return codes;
};

beforeAll(async () => {
  staffToken = await idTokenOf(authHost, DEMO.staff);
  donorToken = await idTokenOf(authHost, DEMO.ana);
});
afterAll(async () => {
  await returnPlots(db(), touched);
});

async function collectionSize(name: string): Promise<number> {
  return (await db().collection(name).count().get()).data().count;
}

async function cellsById(): Promise<Map<string, Record<string, unknown>>> {
  const response = await fetch(`${siteUrl}/api/cells/`);
  const cells = (await response.json()) as Array<Record<string, unknown>>;
  return new Map(cells.map((cell) => [cell.id as string, cell]));
}

/** The certificate code is linked to the account, and so is the donation it recorded. */
async function expectCodeLinkedTo(code: string, uid: string): Promise<void> {
  const record = (await db().collection('certificate_codes').doc(code).get()).data()!;
  expect(record).toMatchObject({ status: 'linked', user: uid });
  const donation = await db()
    .collection('donations')
    .doc(record.donation_id as string)
    .get();
  expect(donation.get('donor')).toBe(uid);
}

describe('every staff route', () => {
  const routes: Array<[string, string, unknown]> = [
    ['POST', '/api/users/generate-certificates-pdf/', { count: 1, lang: 'es' }],
    ['POST', '/api/users/generate-json-codes/', { count: 1, lang: 'es' }],
    [
      'POST',
      '/api/users/register-physical-certificate/',
      { email: 'x@y.es', code: 'AAAA2222', parcelas: ['Q1'] },
    ],
    ['GET', '/api/staff/donations.csv', undefined],
  ];
  it.each(routes)(
    '%s %s: 401 without a token, 403 for a donor, nothing written',
    async (method, path, body) => {
      const before = await collectionSize('certificate_codes');
      const init = (token: string | null): RequestInit => ({
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const anonymous = await fetch(`${siteUrl}${path}`, init(null));
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toHaveProperty('error');
      const donor = await fetch(`${siteUrl}${path}`, init(donorToken));
      expect(donor.status).toBe(403);
      expect(await donor.json()).toMatchObject({
        error: 'Solo el personal de la parroquia puede hacer esto.',
      });
      expect(await collectionSize('certificate_codes')).toBe(before);
    },
  );
});

describe('certificate codes', () => {
  it('generate-json-codes answers new codes, each stored unassigned by this staff member', async () => {
    const response = await postJson(`${siteUrl}/api/users/generate-json-codes/`, staffToken, {
      count: 5,
      lang: 'es',
    });
    expect(response.status).toBe(200);
    const { codes } = (await response.json()) as { codes: string[] };
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    const stored = await db().getAll(
      ...codes.map((code) => db().collection('certificate_codes').doc(code)),
    );
    for (const snapshot of stored) {
      expect(snapshot.data()).toMatchObject({ status: 'unassigned', created_by: DEMO.staff.uid });
    }
  });

  it('generate-certificates-pdf answers one page per new stored code, 250 at most', async () => {
    const before = await collectionSize('certificate_codes');
    const response = await postJson(`${siteUrl}/api/users/generate-certificates-pdf/`, staffToken, {
      count: 250,
      lang: 'es',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    expect(pdf.getPageCount()).toBe(250);
    expect(await collectionSize('certificate_codes')).toBe(before + 250);
    // Under a second alone; one CI run beside the other suites took over 30 s, so the hang guard
    // is wider here than the suite's.
  }, 90_000);

  it('concurrent requests get distinct codes', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        postJson(`${siteUrl}/api/users/generate-json-codes/`, staffToken, { count: 20 }),
      ),
    );
    const codes = (
      await Promise.all(answers.map((r) => r.json() as Promise<{ codes: string[] }>))
    ).flatMap((body) => body.codes);
    expect(codes).toHaveLength(60);
    expect(new Set(codes).size).toBe(60);
  });

  it.each([0, 251, 'abc', 2.5])(
    'count %s answers 400 with the docs/api.md message and stores nothing',
    async (count) => {
      const before = await collectionSize('certificate_codes');
      for (const path of ['generate-json-codes', 'generate-certificates-pdf']) {
        const response = await postJson(`${siteUrl}/api/users/${path}/`, staffToken, {
          count,
          lang: 'es',
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          error: 'Introduce un número válido (entre 1 y 250).',
        });
      }
      expect(await collectionSize('certificate_codes')).toBe(before);
    },
  );
});

describe('POST /api/users/register-physical-certificate/', () => {
  it('buys plots for a registered donor: theirs at once on the map, ledger entry, code linked', async () => {
    const code = await storedCode(db());
    const parcelas = plots(2);
    const response = await postJson(REGISTER, staffToken, {
      email: 'ANA@parroquia.test',
      code: code.toLowerCase(),
      name: '',
      is_anonymous_donor: false,
      parcelas,
      reserve: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: 'Certificado vinculado correctamente.',
      linked_to_account: true,
      amount_cents: 50000,
    });
    const map = await cellsById();
    for (const plot of parcelas) {
      expect(map.get(plot)).toMatchObject({
        status: 'bought',
        user: DEMO.ana.uid,
        donor_display: 'Ana García',
      });
    }
    const linked = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(linked).toMatchObject({
      status: 'linked',
      user: DEMO.ana.uid,
      email: 'ana@parroquia.test',
      plots: parcelas,
      reserve: false,
      method: 'cash',
      registered_by: DEMO.staff.uid,
    });
    const donation = (
      await db()
        .collection('donations')
        .doc(linked.donation_id as string)
        .get()
    ).data()!;
    expect(donation).toMatchObject({
      donor: DEMO.ana.uid,
      donor_email: 'ana@parroquia.test',
      method: 'cash',
      kind: 'buy',
      amount_cents: 50000,
      cells: parcelas,
      recorded_by: DEMO.staff.uid,
      certificate_code: code,
    });
  });

  it('reserves by transfer for 30 days; a code registered before its donor signs up waits on code and e-mail', async () => {
    const code = await storedCode(db());
    const email = `${uniqueName('nueva')}@parroquia.test`;
    const parcelas = plots(1);
    const started = Date.now();
    const response = await postJson(REGISTER, staffToken, {
      email,
      code,
      name: 'Elena Pérez',
      is_anonymous_donor: false,
      parcelas,
      reserve: true,
      method: 'transfer',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      linked_to_account: false,
      status: 'reserved',
      amount_cents: 5000,
    });
    const cell = (await db().collection('cells').doc(parcelas[0]!).get()).data()!;
    expect(cell).toMatchObject({ status: 'reserved', user: null, donor_display: 'Elena Pérez' });
    const until = (cell.reserved_until as { toMillis(): number }).toMillis();
    expect(until - started).toBeGreaterThanOrEqual(30 * 86_400_000 - 60_000);
    expect(until - started).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
    // What the donor's sync (by e-mail) and link-code (by code) look for.
    const pending = await db()
      .collection('certificate_codes')
      .where('email', '==', email)
      .where('user', '==', null)
      .get();
    expect(pending.docs.map((doc) => doc.id)).toEqual([code]);
    expect(pending.docs[0]!.data()).toMatchObject({
      status: 'registered',
      name: 'Elena Pérez',
      plots: parcelas,
      reserve: true,
      method: 'transfer',
      registered_by: DEMO.staff.uid,
    });
  });

  it('the donor who signs up later links the code: plots, code and ledger entry become theirs', async () => {
    const code = await storedCode(db());
    const parcelas = plots(2);
    const donor = await newEmailAccount(authHost);
    const registered = await postJson(REGISTER, staffToken, {
      email: donor.email,
      code,
      name: 'Lucía (en papel)',
      parcelas,
    });
    // The account exists in Auth but has no profile yet (never synced): the plots wait.
    expect(await registered.json()).toMatchObject({ linked_to_account: false });
    expect((await db().collection('cells').doc(parcelas[0]!).get()).get('user')).toBeNull();

    expect(
      (
        await postJson(`${siteUrl}/api/users/sync/`, donor.idToken, {
          email: donor.email,
          name: 'Lucía',
          sub: donor.uid,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await postJson(`${siteUrl}/api/users/accept-privacy-policy/`, donor.idToken, {
          accepted: true,
          anonymous: false,
        })
      ).status,
    ).toBe(200);
    const linked = await postJson(`${siteUrl}/api/users/link-code/`, donor.idToken, { code });
    expect(linked.status).toBe(200);

    const map = await cellsById();
    for (const plot of parcelas) {
      expect(map.get(plot)).toMatchObject({
        status: 'bought',
        user: donor.uid,
        donor_display: 'Lucía',
      });
    }
    await expectCodeLinkedTo(code, donor.uid);
  });

  it('a donor whose verified e-mail signs up later gets the plots at the first sync', async () => {
    const email = `${uniqueName('verificada')}@parroquia.test`;
    const code = await storedCode(db());
    const parcelas = plots(2);
    const registered = await postJson(REGISTER, staffToken, {
      email,
      code,
      name: 'Rosa',
      parcelas,
    });
    expect(await registered.json()).toMatchObject({ linked_to_account: false });

    const donor = await newAccount(authHost, { email, emailVerified: true });
    const synced = await postJson(`${siteUrl}/api/users/sync/`, donor.token, {
      email,
      name: 'Rosa Martín',
      sub: donor.uid,
    });
    expect(synced.status).toBe(201);
    const map = await cellsById();
    for (const plot of parcelas) {
      expect(map.get(plot)).toMatchObject({ user: donor.uid, donor_display: 'Rosa Martín' });
    }
    await expectCodeLinkedTo(code, donor.uid);
  });

  it('an unverified e-mail claims nothing at sync: the plots keep waiting for the code', async () => {
    const email = `${uniqueName('sinverificar')}@parroquia.test`;
    const code = await storedCode(db());
    const parcelas = plots(1);
    expect(
      (await postJson(REGISTER, staffToken, { email, code, name: 'Otro', parcelas })).status,
    ).toBe(200);
    const stranger = await newAccount(authHost, { email });
    expect(
      (
        await postJson(`${siteUrl}/api/users/sync/`, stranger.token, {
          email,
          name: 'X',
          sub: stranger.uid,
        })
      ).status,
    ).toBe(201);
    expect((await db().collection('cells').doc(parcelas[0]!).get()).get('user')).toBeNull();
    expect((await db().collection('certificate_codes').doc(code).get()).get('status')).toBe(
      'registered',
    );
  });

  it('two staff registering the same plots at once: one wins, the other gets 409, one ledger entry', async () => {
    const otherStaff = await newAccount(authHost, { staff: true });
    const parcelas = plots(2);
    const [codeA, codeB] = [await storedCode(db()), await storedCode(db())];
    const email = `${uniqueName('carrera')}@parroquia.test`;
    const answers = await Promise.all([
      postJson(REGISTER, staffToken, {
        email,
        code: codeA,
        name: 'A',
        parcelas,
        method: 'transfer',
      }),
      postJson(REGISTER, otherStaff.token, {
        email,
        code: codeB,
        name: 'B',
        parcelas,
        method: 'transfer',
      }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(await loser.json()).toMatchObject({ error: 'Alguna parcela no está disponible' });
    const entries = await db().collection('donations').where('donor_email', '==', email).get();
    expect(entries.size).toBe(1);
    const statuses = await Promise.all(
      [codeA, codeB].map(async (code) =>
        (await db().collection('certificate_codes').doc(code).get()).get('status'),
      ),
    );
    expect(statuses.sort()).toEqual(['registered', 'unassigned']);
  });

  it('refuses cash past 999.99 EUR in the month, naming the amounts, writing nothing; transfers pass', async () => {
    const email = `${uniqueName('efectivo')}@parroquia.test`;
    const register = async (count: number, extra: Record<string, unknown> = {}) =>
      postJson(REGISTER, staffToken, {
        email,
        code: await storedCode(db()),
        parcelas: plots(count),
        ...extra,
      });

    const fourPlots = await register(4);
    expect(fourPlots.status).toBe(400);
    expect(await fourPlots.json()).toMatchObject({
      error:
        'Los pagos en efectivo no pueden superar 999,99 € al mes por donante. Este donante ya ha ' +
        'entregado 0,00 € en efectivo este mes; aún puede entregar 999,99 €.',
    });
    expect((await register(3)).status).toBe(200);
    const before = await collectionSize('donations');
    const oneMore = await register(1);
    expect(oneMore.status).toBe(400);
    expect((await oneMore.json()).error).toContain(
      'ya ha entregado 750,00 € en efectivo este mes; aún puede entregar 249,99 €.',
    );
    expect(await collectionSize('donations')).toBe(before);
    expect((await register(1, { reserve: true })).status).toBe(200);
    expect((await register(4, { method: 'transfer' })).status).toBe(200);
  });

  it('answers 400 and writes nothing for missing fields, unknown or used codes, unknown plots', async () => {
    const used = await storedCode(db());
    expect(
      (
        await postJson(REGISTER, staffToken, {
          email: 'u@x.es',
          code: used,
          parcelas: plots(1),
          method: 'transfer',
        })
      ).status,
    ).toBe(200);
    const [plot] = plots(1);
    await db().collection('cells').doc('X39').delete();
    try {
      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { email: '', code: used, parcelas: [plot] },
          'Rellena todos los campos y selecciona al menos una parcela.',
        ],
        [
          { email: 'u@x.es', code: used, parcelas: [] },
          'Rellena todos los campos y selecciona al menos una parcela.',
        ],
        [
          { email: 'u@x.es', code: 'NOEXISTE', parcelas: [plot] },
          'Ese código no existe. Revisa que esté bien escrito.',
        ],
        [
          { email: 'u@x.es', code: used, parcelas: [plot] },
          'El código del certificado ya está vinculado.',
        ],
        [
          { email: 'u@x.es', code: await storedCode(db()), parcelas: [plot, 'X39'] },
          'La parcela X39 no existe en el plano.',
        ],
        [{ email: 'u@x.es', code: used, parcelas: ['Z1'] }, 'Parcela no válida: Z1.'],
      ];
      const donations = await collectionSize('donations');
      for (const [body, error] of cases) {
        const response = await postJson(REGISTER, staffToken, body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error });
      }
      expect(await collectionSize('donations')).toBe(donations);
      expect((await db().collection('cells').doc(plot!).get()).get('status')).toBe('available');
    } finally {
      touched.push('X39');
    }
  });
});

describe('GET /api/staff/donations.csv', () => {
  it('exports the ledger of the days asked, quoted and safe from spreadsheet formulas', async () => {
    // A formula at the start, and one after a `;` where Spanish Excel splits a line.
    const name = `=HYPERLINK("http://x.test","${uniqueName('clic')}");=1+1;x`;
    const email = `${uniqueName('csv')}@parroquia.test`;
    const parcelas = plots(2);
    expect(
      (
        await postJson(REGISTER, staffToken, {
          email,
          code: await storedCode(db()),
          name,
          parcelas,
          method: 'transfer',
        })
      ).status,
    ).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(),
    );
    const response = await fetch(`${siteUrl}/api/staff/donations.csv?from=${today}&to=${today}`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    // The byte-order mark first: Excel reads the file as UTF-8 (accents) only with it.
    expect(text.startsWith('\uFEFFfecha;referencia;donante;correo;')).toBe(true);
    const sheet = readAsSpanishExcel(text);
    const found = sheet.rows.find((line) => line.correo === email)!;
    expect(spanishDateTime(found.fecha!)).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d$`));
    expect(spanishCents(found.importe_eur!)).toBe(50_000);
    expect(found).toMatchObject({
      forma_de_pago: 'transferencia',
      tipo: 'compra',
      parcelas: parcelas.join(' '),
      // Who recorded it: the demo staff member, by name and address.
      registrado_por: expect.stringContaining(DEMO.staff.email) as unknown,
    });
    expect(found.donante).toMatch(/^'=HYPERLINK\("http:\/\/x.test","clic-[^"]+"\);'=1\+1;x$/);
    expect(found.certificado).toMatch(/^[A-Z0-9]{8}$/);
    const row = text.split('\r\n').find((line) => line.includes(email));
    // However a spreadsheet splits the line, no piece of it starts a formula.
    for (const separator of [';', ',']) {
      const pieces = row!.split(separator).map((piece) => piece.replace(/^"+/, ''));
      expect(pieces.filter((piece) => /^[=+\-@]/.test(piece))).toEqual([]);
    }

    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await fetch(`${siteUrl}/api/staff/donations.csv?to=${yesterday}`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    expect(await before.text()).not.toContain(email);

    const bad = await fetch(`${siteUrl}/api/staff/donations.csv?from=hoy`, {
      headers: { Authorization: `Bearer ${staffToken}` },
    });
    expect(bad.status).toBe(400);
  });
});
