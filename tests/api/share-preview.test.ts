/**
 * A shared plot's preview through the whole stack (Hosting, Functions, our Firestore): the
 * picture route's answers and abuse bound, and `/verificar/<code>` as a link-preview crawler
 * reads it (Hosting rewrites it to the `verifyPage` function). The page needs the built site
 * (index.html), as the Hosting headers suite does.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminFirestore } from '../support/clients.ts';
import { returnPlots, setPlots } from '../support/plots.ts';
import { forwardedFor, withinOneWindow } from '../support/rate-limits.ts';

const siteUrl = inject('siteUrl');
const db = () => adminFirestore(inject('firestoreHost'));
const ION_PLOTS = ['V35', 'V36'];
const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

const get = (path: string, address: string, userAgent = CRAWLER) =>
  fetch(`${siteUrl}${path}`, {
    headers: { 'X-Forwarded-For': forwardedFor(address), 'User-Agent': userAgent },
  });

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

beforeAll(async () => {
  // The seed's anonymous donor (Ion Popescu, code PVN4W8RT) with two plots, shown by the code.
  await setPlots(db(), ION_PLOTS, {
    status: 'bought',
    user: 'donor-ion',
    donor_display: 'PVN4W8RT',
  });
});

afterAll(async () => {
  await returnPlots(db(), ION_PLOTS);
});

describe('GET /api/certificates/share-image/', () => {
  it('answers a 1200 x 630 PNG that Hosting may keep for hours', async () => {
    const response = await get(
      '/api/certificates/share-image/?code=ANA7K3QZ&lng=ro',
      '203.0.113.31',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=43200');
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual([1200, 630]);
  });

  it('answers 404 with nothing but the text for an unknown code, and for a real code that holds no plot', async () => {
    const unknown = await get('/api/certificates/share-image/?code=ZZZZ2222', '203.0.113.32');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(await unknown.json()).toEqual({
      error: 'Ese código no corresponde a ningún donante.',
      code: 'donorCodeUnknown',
    });
    // The staff's demo account holds no plot: its real code says no more than an unknown one.
    const holdsNone = await get('/api/certificates/share-image/?code=STF9H2MX', '203.0.113.32');
    expect(holdsNone.status).toBe(404);
    expect(await holdsNone.json()).toEqual({
      error: 'Ese código no corresponde a ningún donante.',
      code: 'donorCodeUnknown',
    });
  });

  it('draws at most 30 a minute for one address: the 31st is 429, another address still gets its picture', async () => {
    await withinOneWindow(40_000);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await get('/api/certificates/share-image/?code=ANA7K3QZ', '198.51.100.131');
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    expect(
      (await get('/api/certificates/share-image/?code=ANA7K3QZ', '198.51.100.132')).status,
    ).toBe(200);
  }, 120_000);
});

describe('/verificar/<code> as a link-preview crawler reads it', () => {
  it("holds the Open Graph tags in the sharer's language, with an absolute picture address that answers the PNG", async () => {
    const response = await get('/verificar/ANA7K3QZ?lng=ro', '203.0.113.41');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('<div id="root">');
    expect(metaContent(html, 'og:title')).toBe(
      'Ana García ajută la construirea bisericii ortodoxe din Asturias',
    );
    expect(metaContent(html, 'og:description')).toBe(
      'Parcele donate pe planul viitoarei biserici: M10, M11, N10',
    );
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image')!.replaceAll('&amp;', '&');
    expect(image).toBe(`${siteUrl}/api/certificates/share-image/?code=ANA7K3QZ&lng=ro`);
    const png = await fetch(image, { headers: { 'User-Agent': CRAWLER } });
    expect(png.status).toBe(200);
    expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual([1200, 630]);
  });

  it("names an anonymous donor by the code only: no name in the page's tags", async () => {
    const html = await (await get('/verificar/PVN4W8RT?lng=en', '203.0.113.42')).text();
    expect(metaContent(html, 'og:title')).toBe(
      'PVN4W8RT helps build the Orthodox church of Asturias',
    );
    expect(metaContent(html, 'og:description')).toBe(
      'Plots donated on the plan of the future church: V35, V36',
    );
    expect(html).not.toMatch(/Ion|Popescu/);
    const png = await get('/api/certificates/share-image/?code=PVN4W8RT&lng=en', '203.0.113.42');
    expect(png.status).toBe(200);
  });

  it('an unknown code is the plain index.html, the same as any other path', async () => {
    const index = await (await get('/', '203.0.113.43')).text();
    const page = await get('/verificar/ZZZZ2222?lng=ro', '203.0.113.43');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(index);
    expect(index).not.toContain('og:image');
  });
});
