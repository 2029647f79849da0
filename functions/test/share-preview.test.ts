/**
 * A shared plot's preview over in-memory ports: the picture route (what it draws, its cache and
 * its limit) and `/verificar/<code>`'s link-preview tags (the whole stack: tests/api and the
 * share-plot journey).
 */
import { availableCell, parsePlotCode } from '@parroquia/domain';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import { SHARE_IMAGE_CACHE } from '../src/api/routes/share-image';
import { checkCertificate } from '../src/api/routes/certificates';
import type { UserProfile } from '../src/ports/donors';
import type { StoredCell } from '../src/ports/plots';
import {
  SHARE_IMAGES_KEPT,
  shareImageKey,
  shareImagePng,
  shareImagesKept,
} from '../src/share/share-image';
import { plotCentreOnImage, SHARE_PLOT_COLOURS, shareImageSvg } from '../src/share/share-image-svg';
import { createVerifyPageHandler, hostedSiteIndex, KEPT_ORIGINS } from '../src/api/verify-page';
import { startServer, type RunningServer } from './support/http-server';
import { NOW, testDependencies, type TestDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

const profile = (name: string, code: string, anonymous: boolean): UserProfile => ({
  name,
  email: `${code.toLowerCase()}@parroquia.test`,
  personal_code: code,
  is_anonymous_donor: anonymous,
  accepted_privacy_policy: true,
  is_staff: false,
  sub: code,
  created_at: null,
});
const ANA = profile('Ana García', 'ANA7K3QZ', false);
const ION = profile('Ion Popescu', 'PVN4W8RT', true);

const bought = (code: string, user: string, display: string): StoredCell => ({
  id: code,
  ...availableCell(parsePlotCode(code)),
  status: 'bought',
  user,
  donor_display: display,
});

function parish(): TestDependencies {
  const deps = testDependencies();
  deps.users.profiles.set('donor-ana', ANA);
  deps.users.profiles.set('donor-ion', ION);
  deps.cells.cells = [
    bought('K3', 'donor-ana', 'Ana García'),
    bought('L3', 'donor-ana', 'Ana García'),
    bought('A1', 'donor-ion', 'PVN4W8RT'),
  ];
  return deps;
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function image(deps: TestDependencies, query: string, ip = '198.51.100.7') {
  server = await startServer(createApiHandler(deps, { maxBodyBytes: 64 * 1024 }));
  return fetch(`${server.url}/api/certificates/share-image/?${query}`, {
    headers: { 'X-Forwarded-For': ip },
  });
}

/** The colour at a point of a PNG, `#rrggbb`. */
async function colourAt(png: Buffer, point: { x: number; y: number }) {
  const picture = await loadImage(png);
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0);
  const [r, g, b] = context.getImageData(Math.round(point.x), Math.round(point.y), 1, 1).data;
  return {
    size: [picture.width, picture.height],
    colour: `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`,
  };
}

describe('GET /api/certificates/share-image/', () => {
  it('draws a 1200 x 630 PNG with the plots in the map colour, cached publicly for hours', async () => {
    const response = await image(parish(), 'code=ana7k3qz&lng=ro');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(SHARE_IMAGE_CACHE);
    expect(response.headers.get('content-disposition')).toBeNull();
    const png = Buffer.from(await response.arrayBuffer());
    const plot = await colourAt(png, plotCentreOnImage('K3'));
    expect(plot.size).toEqual([1200, 630]);
    expect(plot.colour).toBe(SHARE_PLOT_COLOURS.bought);
    // Elsewhere on the plan, no plot's colour.
    expect((await colourAt(png, plotCentreOnImage('F20'))).colour).not.toBe(
      SHARE_PLOT_COLOURS.bought,
    );
  });

  it("draws an anonymous donor's code, never the name: the picture is drawn from what the map shows", async () => {
    const deps = parish();
    const certificate = await checkCertificate(deps, 'PVN4W8RT', NOW);
    expect(certificate.donor_display).toBe('PVN4W8RT');
    for (const language of ['es', 'en', 'ro'] as const) {
      const svg = shareImageSvg(certificate, language, null);
      expect(svg).toContain('>PVN4W8RT<');
      expect(svg).toContain('>A1<');
      expect(svg).not.toMatch(/Ion|Popescu/);
    }
    const named = shareImageSvg(await checkCertificate(deps, 'ANA7K3QZ', NOW), 'ro', null);
    expect(named).toContain('>Ana García<');
    expect(named).toContain('PAROHIA ORTODOXĂ DIN ASTURIAS');
  });

  it('answers 404 with nothing drawn for an unknown code and for a donor whose plots were refunded; 400 for an unknown language', async () => {
    const deps = parish();
    const unknown = await image(deps, 'code=ZZZZ2222');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(await unknown.json()).toMatchObject({
      error: 'Ese código no corresponde a ningún donante.',
    });
    await server?.close();
    deps.cells.cells = deps.cells.cells.map((cell) =>
      cell.user === 'donor-ion' ? { ...availableCell(parsePlotCode(cell.id)), id: cell.id } : cell,
    );
    expect((await image(deps, 'code=PVN4W8RT')).status).toBe(404);
    await server?.close();
    expect((await image(deps, 'code=ANA7K3QZ&lng=fr')).status).toBe(400);
  });

  it('draws at most 30 a minute for one address, then 429 with Retry-After', async () => {
    const deps = parish();
    server = await startServer(createApiHandler(deps, { maxBodyBytes: 64 * 1024 }));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 31; i += 1) {
      const response = await fetch(`${server.url}/api/certificates/share-image/?code=ANA7K3QZ`, {
        headers: { 'X-Forwarded-For': '198.51.100.99' },
      });
      statuses.push(response.status);
      retryAfter = response.headers.get('retry-after');
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('keeps a bounded number of pictures, keyed by code, language and content', async () => {
    const certificate = {
      donor_display: 'Ana García',
      plots: [{ code: 'K3', status: 'bought' as const }],
    };
    expect(shareImageKey('ANA7K3QZ', certificate, 'es')).not.toBe(
      shareImageKey('ANA7K3QZ', { ...certificate, donor_display: 'Ana G.' }, 'es'),
    );
    expect(shareImageKey('ANA7K3QZ', certificate, 'es')).not.toBe(
      shareImageKey('ANA7K3QZ', certificate, 'ro'),
    );
    const first = await shareImagePng('ANA7K3QZ', certificate, 'es', null);
    expect(await shareImagePng('ANA7K3QZ', certificate, 'es', null)).toBe(first);
    for (let i = 0; i <= SHARE_IMAGES_KEPT; i += 1) {
      await shareImagePng(`CODE${i}`, { ...certificate, donor_display: `D${i}` }, 'en', null);
    }
    expect(shareImagesKept()).toBe(SHARE_IMAGES_KEPT);
  }, 60_000);
});

const INDEX =
  '<!doctype html><html lang="es"><head><title>Parroquia</title></head><body></body></html>';

describe('/verificar/<code>: the page with its link preview', () => {
  async function page(deps: TestDependencies, path: string, ip = '198.51.100.8') {
    server = await startServer(createVerifyPageHandler(deps, async () => INDEX));
    const response = await fetch(`${server.url}${path}`, {
      headers: { 'X-Forwarded-For': ip, 'User-Agent': 'WhatsApp/2.23' },
    });
    return { response, html: await response.text() };
  }

  it('adds the Open Graph tags in the asked language: title with the name, the plot codes, the picture', async () => {
    const { response, html } = await page(parish(), '/verificar/ANA7K3QZ?lng=ro');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html.startsWith('<!doctype html><html lang="es"><head><title>Parroquia</title>')).toBe(
      true,
    );
    expect(html).toContain(
      '<meta property="og:title" content="Ana García ajută la construirea bisericii ortodoxe din Asturias">',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Parcele donate pe planul viitoarei biserici: K3, L3">',
    );
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/api\/certificates\/share-image\/\?code=ANA7K3QZ&amp;lng=ro">/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('names an anonymous donor by the code only, and serves index.html unchanged for an unknown or malformed code', async () => {
    const deps = parish();
    const anonymous = (await page(deps, '/verificar/PVN4W8RT?lng=en')).html;
    expect(anonymous).toContain('content="PVN4W8RT helps build the Orthodox church of Asturias"');
    expect(anonymous).not.toMatch(/Ion|Popescu/);
    await server?.close();
    expect((await page(deps, '/verificar/ZZZZ2222')).html).toBe(INDEX);
    await server?.close();
    expect((await page(deps, '/verificar/%E0%A4%A')).html).toBe(INDEX);
  });

  it('past 60 looks a minute from one address, serves the page without the tags, never an error', async () => {
    const deps = parish();
    server = await startServer(createVerifyPageHandler(deps, async () => INDEX));
    const pages: string[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await fetch(`${server.url}/verificar/ANA7K3QZ`, {
        headers: { 'X-Forwarded-For': '198.51.100.60' },
      });
      expect(response.status).toBe(200);
      pages.push(await response.text());
    }
    expect(pages.slice(0, 60).every((html) => html.includes('og:image'))).toBe(true);
    expect(pages[60]).toBe(INDEX);
  });

  it("answers 502, never a page of its own, when the site's index.html cannot be read at all", async () => {
    server = await startServer(
      createVerifyPageHandler(parish(), () => Promise.reject(new Error('Hosting unreachable'))),
    );
    const response = await fetch(`${server.url}/verificar/ANA7K3QZ?lng=ro`);
    expect(response.status).toBe(502);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('Bad gateway');
  });

  it('reads index.html from the site and keeps it a minute, falling back on the last one read', async () => {
    let clock = 0;
    const answers = [new Response('v1'), new Response('down', { status: 503 }), new Response('v2')];
    const read = vi.fn(async () => answers.shift()!);
    const index = hostedSiteIndex(read, () => clock);
    expect(await index('https://site.test')).toBe('v1');
    expect(read).toHaveBeenCalledWith('https://site.test/index.html');
    clock = 30_000;
    expect(await index('https://site.test')).toBe('v1');
    expect(read).toHaveBeenCalledTimes(1);
    clock = 61_000;
    expect(await index('https://site.test')).toBe('v1');
    expect(await index('https://site.test')).toBe('v2');
  });

  it('keeps index.html for a few addresses at most: forged hosts cannot grow the memory', async () => {
    const read = vi.fn(async (url: string) => new Response(url));
    const index = hostedSiteIndex(read, () => 0);
    for (let i = 0; i <= KEPT_ORIGINS; i += 1) await index(`https://forged-${i}.test`);
    expect(read).toHaveBeenCalledTimes(KEPT_ORIGINS + 1);
    // The first address was let go; the last ones are still kept.
    await index(`https://forged-${KEPT_ORIGINS}.test`);
    expect(read).toHaveBeenCalledTimes(KEPT_ORIGINS + 1);
    await index('https://forged-0.test');
    expect(read).toHaveBeenCalledTimes(KEPT_ORIGINS + 2);
  });
});
