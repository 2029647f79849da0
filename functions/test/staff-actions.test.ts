/**
 * What the staff routes put on the record (issue 32 part 7) in memory: the CSV export with its
 * query and row count, each code batch with its purpose; and the filled-in paper certificate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import { filledCertificatePdf, plotsLine } from '../src/pdf/filled-certificate';
import { startServer, type RunningServer } from './support/http-server';
import { testDependencies, type TestDependencies } from './support/in-memory';
import { pdfPageTexts } from './support/pdf-text';

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

const asStaff = { headers: { Authorization: 'Bearer token-staff' } };

describe('the record and the filled-in certificate are staff only', () => {
  it.each([
    ['GET', '/api/staff/actions/', undefined],
    ['POST', '/api/staff/certificates/filled-pdf/', { code: 'ABCD2345' }],
  ] as const)('%s %s: 401 without a token, 403 for a donor', async (method, path, body) => {
    const deps = testDependencies();
    const url = `${await serve(deps)}${path}`;
    const init = (token: string | null) => ({
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect((await fetch(url, init(null))).status).toBe(401);
    expect((await fetch(url, init('token-ana'))).status).toBe(403);
  });
});

describe('the CSV export on the record', () => {
  it('records the query as sent and the rows the CSV carried, by the staff member', async () => {
    const deps = testDependencies();
    const url = `${await serve(deps)}/api/staff/donations.csv?from=2026-03-01&to=2026-03-31`;
    expect((await fetch(url, asStaff)).status).toBe(200);
    expect(deps.staffActions.exports).toEqual([
      { query: { from: '2026-03-01', to: '2026-03-31' }, rows: 0, staffUid: 'staff-demo' },
    ]);
  });

  it('records nothing for a refused query', async () => {
    const deps = testDependencies();
    const url = `${await serve(deps)}/api/staff/donations.csv?from=1/3/2026`;
    expect((await fetch(url, asStaff)).status).toBe(400);
    expect(deps.staffActions.exports).toEqual([]);
  });
});

describe('code batches on the record', () => {
  it('names the purpose of each batch: bare codes or blank certificates', async () => {
    const deps = testDependencies();
    const url = await serve(deps);
    const post = (path: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...asStaff.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ count: 2 }),
      });
    expect((await post('/api/users/generate-json-codes/')).status).toBe(200);
    expect((await post('/api/users/generate-certificates-pdf/')).status).toBe(200);
    expect(
      deps.certificateCodes.batches.map(({ purpose, codes }) => [purpose, codes.length]),
    ).toEqual([
      ['generate-codes', 2],
      ['print-blank', 2],
    ]);
  });
});

describe('the filled-in paper certificate', () => {
  const certificate = {
    code: 'ABCD2345',
    donorName: 'Ștefan Țăranu',
    plots: ['K3', 'K4'],
    reserve: false,
    registeredAt: Date.UTC(2026, 10, 3, 23, 30),
  };

  it('writes the name (Romanian letters too), the plots, the day in Madrid and the code', async () => {
    const [page] = await pdfPageTexts(await filledCertificatePdf(certificate));
    expect(page).toContain('Ștefan Țăranu');
    expect(page).toContain('K3, K4');
    // 23:30 UTC on 3 November is already the 4th in Madrid.
    expect(page).toContain('4 de noviembre de 2026');
    // Printed letter-spaced, so a reader extracts it letter by letter.
    expect(page!.replace(/\s+/g, '')).toContain('ABCD2345');
    expect(page).toContain('Certificado de donación');
  });

  it('says a reservation is one, and leaves the name line blank when none was registered', async () => {
    expect(plotsLine({ ...certificate, reserve: true })).toBe('K3, K4 (reserva)');
    const [page] = await pdfPageTexts(
      await filledCertificatePdf({ ...certificate, donorName: '', reserve: true }),
    );
    expect(page).not.toContain('Ștefan');
    expect(page).toContain('K3, K4 (reserva)');
  });

  it('writes the name as a reader sees it, without the characters that show nothing', async () => {
    const [page] = await pdfPageTexts(
      await filledCertificatePdf({
        ...certificate,
        donorName: 'S\u0326tefan\u200B\u3000Pop\u2060',
      }),
    );
    expect(page).toContain('Ștefan Pop');
  });
});
