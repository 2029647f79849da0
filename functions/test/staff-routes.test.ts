import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { createApiHandler } from '../src/api/app';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, testDependencies, type TestDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(deps: TestDependencies) {
  server = await startServer(createApiHandler(deps));
  return server.url;
}

function post(url: string, token: string | null, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const STAFF_ROUTES: Array<[string, string, unknown]> = [
  ['POST', '/api/users/generate-certificates-pdf/', { count: 1, lang: 'es' }],
  ['POST', '/api/users/generate-json-codes/', { count: 1, lang: 'es' }],
  [
    'POST',
    '/api/users/register-physical-certificate/',
    { email: 'a@b.es', code: 'X', parcelas: ['A1'] },
  ],
  ['GET', '/api/staff/donations.csv', undefined],
];

describe('staff routes', () => {
  it.each(STAFF_ROUTES)(
    '%s %s answers 401 without a token and 403 to a donor, writing nothing',
    async (method, path, body) => {
      const deps = testDependencies();
      const url = `${await serve(deps)}${path}`;
      const init = (token: string | null): RequestInit => ({
        method,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect((await fetch(url, init(null))).status).toBe(401);
      const donor = await fetch(url, init('token-ana'));
      expect(donor.status).toBe(403);
      expect(await donor.json()).toMatchObject({
        error: 'Solo el personal de la parroquia puede hacer esto.',
      });
      expect(deps.certificateCodes.codes.size).toBe(0);
      expect(deps.physicalCertificates.calls).toHaveLength(0);
      expect(deps.donations.ranges).toHaveLength(0);
    },
  );
});

describe('POST /api/users/generate-json-codes/', () => {
  it('answers count new codes, stored as made by the staff member', async () => {
    const deps = testDependencies();
    const response = await post(
      `${await serve(deps)}/api/users/generate-json-codes/`,
      'token-staff',
      {
        count: 3,
        lang: 'es',
      },
    );
    expect(response.status).toBe(200);
    const { codes } = (await response.json()) as { codes: string[] };
    expect(codes).toHaveLength(3);
    expect([...deps.certificateCodes.codes.keys()].sort()).toEqual([...codes].sort());
    expect(deps.certificateCodes.codes.get(codes[0]!)).toEqual({
      created_by: 'staff-demo',
      created_at: NOW,
    });
  });

  it.each([0, 251, 'abc', 2.5, -1, null, undefined])(
    'answers 400 for count %s and stores nothing',
    async (count) => {
      const deps = testDependencies();
      const response = await post(
        `${await serve(deps)}/api/users/generate-json-codes/`,
        'token-staff',
        {
          count,
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'Introduce un número válido (entre 1 y 250).',
      });
      expect(deps.certificateCodes.codes.size).toBe(0);
    },
  );

  it('draws a new batch when a code already exists', async () => {
    const deps = testDependencies();
    deps.certificateCodes.codes.set('22222222', { created_by: 'x', created_at: 0 });
    let calls = 0;
    // The first batch is the stored code; later ones are random.
    deps.randomIndex = (size) => (calls++ < 8 ? 0 : Math.floor(Math.random() * size));
    const response = await post(
      `${await serve(deps)}/api/users/generate-json-codes/`,
      'token-staff',
      {
        count: 1,
      },
    );
    const { codes } = (await response.json()) as { codes: string[] };
    expect(codes).toHaveLength(1);
    expect(codes[0]).not.toBe('22222222');
    expect(deps.certificateCodes.codes.size).toBe(2);
  });
});

describe('POST /api/users/generate-certificates-pdf/', () => {
  it('answers a PDF with one page per new code', async () => {
    const deps = testDependencies();
    const response = await post(
      `${await serve(deps)}/api/users/generate-certificates-pdf/`,
      'token-staff',
      {
        count: '4',
        lang: 'es',
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="certificados-fisicos.pdf"',
    );
    const pdf = await PDFDocument.load(await response.arrayBuffer());
    expect(pdf.getPageCount()).toBe(4);
    expect(deps.certificateCodes.codes.size).toBe(4);
  });
});

describe('POST /api/users/register-physical-certificate/', () => {
  const form = {
    email: 'maria@parroquia.test',
    code: 'cert 2345',
    name: 'María',
    parcelas: ['K3'],
  };

  it('answers the docs/api.md message for missing fields, without registering', async () => {
    const deps = testDependencies();
    const url = `${await serve(deps)}/api/users/register-physical-certificate/`;
    for (const body of [
      { ...form, email: '' },
      { ...form, code: ' ' },
      { ...form, parcelas: [] },
      {},
    ]) {
      const response = await post(url, 'token-staff', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'Rellena todos los campos y selecciona al menos una parcela.',
      });
    }
    expect(deps.physicalCertificates.calls).toHaveLength(0);
  });

  it('answers 400 for a plot code that is not one, or an unknown payment method', async () => {
    const deps = testDependencies();
    const url = `${await serve(deps)}/api/users/register-physical-certificate/`;
    expect((await post(url, 'token-staff', { ...form, parcelas: ['Z99'] })).status).toBe(400);
    expect((await post(url, 'token-staff', { ...form, method: 'card' })).status).toBe(400);
    expect(deps.physicalCertificates.calls).toHaveLength(0);
  });

  it('registers with the staff uid and the clock, answering the docs/api.md message', async () => {
    const deps = testDependencies();
    const response = await post(
      `${await serve(deps)}/api/users/register-physical-certificate/`,
      'token-staff',
      form,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: 'Certificado vinculado correctamente.',
    });
    expect(deps.physicalCertificates.calls).toEqual([
      {
        registration: expect.objectContaining({ code: 'CERT2345', method: 'cash' }),
        staffUid: 'staff-demo',
        now: NOW,
      },
    ]);
  });

  it('answers 409 when a plot was taken and 400 past the cash limit', async () => {
    const deps = testDependencies();
    const url = `${await serve(deps)}/api/users/register-physical-certificate/`;
    deps.physicalCertificates.outcome = {
      ok: false,
      reason: 'plot-not-available',
      message: 'Alguna parcela no está disponible',
    };
    const taken = await post(url, 'token-staff', form);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: 'Alguna parcela no está disponible' });
    deps.physicalCertificates.outcome = { ok: false, reason: 'over-cash-limit', message: 'límite' };
    expect((await post(url, 'token-staff', form)).status).toBe(400);
  });
});

describe('GET /api/staff/donations.csv', () => {
  it('answers the ledger of the days asked as a CSV download', async () => {
    const deps = testDependencies();
    deps.donations.entries = [
      {
        id: 'don-1',
        donor: null,
        donor_email: 'm@x.es',
        donor_key: 'm@x.es',
        donor_name: 'María',
        method: 'cash',
        kind: 'buy',
        amount_cents: 25000,
        cells: ['K3'],
        month: '2026-03',
        created_at: Date.UTC(2026, 2, 10, 9, 0),
        recorded_by: 'staff-demo',
        refund_of: null,
      },
    ];
    const response = await fetch(
      `${await serve(deps)}/api/staff/donations.csv?from=2026-03-01&to=2026-03-31`,
      { headers: { Authorization: 'Bearer token-staff' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="donativos.csv"',
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      '\uFEFFfecha;referencia;donante;correo;forma_de_pago;tipo;parcelas;importe_eur;certificado;motivo;registrado_por;deshace\r\n' +
        '10/03/2026 10:00;"don-1";"María";"m@x.es";"efectivo";"compra";"K3";250,00;"";"";"staff-demo";""\r\n',
    );
    expect(deps.donations.ranges).toEqual([
      { from: Date.UTC(2026, 1, 28, 23), to: Date.UTC(2026, 2, 31, 22) },
    ]);
  });

  it('answers 400 for a malformed date', async () => {
    const deps = testDependencies();
    const response = await fetch(`${await serve(deps)}/api/staff/donations.csv?from=1/3/2026`, {
      headers: { Authorization: 'Bearer token-staff' },
    });
    expect(response.status).toBe(400);
    expect(deps.donations.ranges).toHaveLength(0);
  });
});
