/**
 * Sharing a plot (docs/product.md, "Sharing a plot"): a Romanian donor pays, opens Share on the
 * success page and in her account, and the address shared is her certificate's page in
 * Romanian; a link-preview crawler (no JavaScript) then reads that page's Open Graph tags and
 * fetches the picture: a 1200 x 630 PNG with her plots in the map's colour where they are. An
 * anonymous donor's preview carries the code, never the name. The pictures are saved under
 * test-results to be looked at. Without a share sheet (a computer), the account offers WhatsApp,
 * Facebook and the address.
 */
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { generatePersonalCode, parsePlotCode } from '@parroquia/domain';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  plotCentreOnImage,
  SHARE_PLOT_COLOURS,
} from '../../functions/src/share/share-image-svg.ts';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor, startPayment, submitHostedPage } from '../support/payments.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  screenshotAtBothSizes,
  setCell,
  signInOnLoginPage,
} from './support.ts';

const WHATSAPP = 'WhatsApp/2.24.6.77 A';

/** A valid personal code of the donor's own, claimed as the sync route claims one. */
async function givePersonalCode(uid: string): Promise<string> {
  const code = generatePersonalCode(randomInt);
  await firestore().collection('users').doc(uid).update({ personal_code: code });
  await firestore().collection('personal_codes').doc(code).set({ uid });
  return code;
}

/** Two plots free for this spec: the lowest rows' last columns the other journeys leave alone. */
async function freePlots(count: number): Promise<string[]> {
  const cells = await firestore().collection('cells').where('status', '==', 'available').get();
  const codes = cells.docs
    .map((doc) => ({ code: doc.id, ...parsePlotCode(doc.id) }))
    .filter(({ y, x }) => y >= 25 && y <= 30 && x >= 'P' && x <= 'T')
    .sort((a, b) => a.y - b.y || a.x.localeCompare(b.x))
    .map(({ code }) => code);
  expect(codes.length).toBeGreaterThanOrEqual(count);
  return codes.slice(0, count);
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`)
    .exec(html)?.[1]
    ?.replaceAll('&amp;', '&');

/** As WhatsApp's crawler does: the page's HTML, its tags, then the picture they name. */
async function crawl(crawler: APIRequestContext, url: string) {
  const page = await crawler.get(url);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const image = metaContent(html, 'og:image');
  expect(image, 'og:image').toMatch(/^http:\/\/localhost:\d+\/api\/certificates\/share-image\//);
  const png = await crawler.get(image!);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  return { html, image: image!, bytes };
}

/** The colours at points of a PNG, read by a browser page with no site (no CSP) around it. */
async function coloursAt(browser: Browser, png: Buffer, points: Array<{ x: number; y: number }>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(
      async ({ data, at }) => {
        const picture = new Image();
        picture.src = `data:image/png;base64,${data}`;
        await picture.decode();
        const canvas = document.createElement('canvas');
        canvas.width = picture.width;
        canvas.height = picture.height;
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(picture, 0, 0);
        return at.map(({ x, y }) => {
          const [r, g, b] = context2d.getImageData(Math.round(x), Math.round(y), 1, 1).data;
          return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
        });
      },
      { data: png.toString('base64'), at: points },
    );
  } finally {
    await context.close();
  }
}

test("a Romanian donor pays, shares her certificate's page in Romanian, and a crawler's preview shows her plots and name", async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Maria Ionescu');
  const code = await givePersonalCode(donor.uid);
  const { hosting } = await suiteStackPorts();
  const siteUrl = `http://localhost:${hosting}`;
  const plots = await freePlots(2);
  const context = await browser.newContext({ locale: 'ro-RO' });
  // The phone's share sheet, as a phone has one: what it is handed is kept to read back.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { __shared: ShareData[] }).__shared ??= [];
        (window as unknown as { __shared: ShareData[] }).__shared.push(data);
      },
    });
  });
  const crawler = await playwright.request.newContext({ userAgent: WHATSAPP });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    const started = await startPayment(siteUrl, donor, 'buy', plots, 'ro');
    expect(started.status, started.body.error).toBe(200);
    expect((await submitHostedPage(started.body.url!, '4242 4242 4242 4242')).status).toBe(303);
    await page.goto(`/success?session_id=${started.body.sessionId}`);
    await expect(page.getByTestId('paid-plots').getByRole('listitem')).toHaveText(plots, {
      timeout: 30_000,
    });

    // Share, on the success page: the share sheet gets her certificate's page, in Romanian.
    await page.getByRole('button', { name: 'Distribuiți' }).click();
    const shared = () =>
      page.evaluate(() => (window as unknown as { __shared?: ShareData[] }).__shared ?? []);
    await expect.poll(async () => (await shared()).length).toBe(1);
    const [sheet] = await shared();
    const url = sheet!.url!;
    expect(url).toBe(`${siteUrl}/verificar/${code}?lng=ro`);
    expect(sheet!.text).toContain('Am donat parcele');
    await expectNoAxeViolations(page);

    // And from her account.
    await page.goto('/mi-cuenta');
    const section = page.getByTestId('share-section');
    await expect(
      section.getByRole('heading', { name: 'Distribuiți parcelele dumneavoastră' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(section).toContainText('cele 2 parcele');
    await section.getByRole('button', { name: 'Distribuiți' }).click();
    await expect.poll(async () => (await shared()).at(-1)?.url).toBe(url);
    await expectNoAxeViolations(page);

    // The crawler: no JavaScript, only the HTML's tags, in Romanian, and the picture.
    const { html, image, bytes } = await crawl(crawler, url);
    expect(metaContent(html, 'og:title')).toBe(
      'Maria Ionescu ajută la construirea bisericii ortodoxe din Asturias',
    );
    expect(metaContent(html, 'og:description')).toBe(
      `Parcele donate pe planul viitoarei biserici: ${plots.join(', ')}`,
    );
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(image).toContain('lng=ro');
    writeFileSync(testInfo.outputPath('share-preview-ro.png'), bytes);
    const colours = await coloursAt(browser, bytes, [
      ...plots.map((plot) => plotCentreOnImage(plot)),
      plotCentreOnImage('A1'),
    ]);
    expect(colours).toEqual([
      SHARE_PLOT_COLOURS.bought,
      SHARE_PLOT_COLOURS.bought,
      expect.any(String),
    ]);
    expect(colours[2]).not.toBe(SHARE_PLOT_COLOURS.bought);

    // A person following the link gets the check page itself, in Romanian.
    await page.goto(url.replace(siteUrl, ''));
    await expect(page.getByTestId('verify-donor')).toHaveText('Maria Ionescu', { timeout: 15_000 });
  } finally {
    await crawler.dispose();
    await context.close();
    for (const plot of plots) await freeCell(plot);
  }
});

test("an anonymous donor's preview shows the code, never the name", async ({
  browser,
  playwright,
}, testInfo) => {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Radu Tăcutul', {
    anonymous: true,
  });
  const code = await givePersonalCode(donor.uid);
  const { hosting } = await suiteStackPorts();
  const plots = await freePlots(1);
  for (const plot of plots) {
    await setCell(plot, { status: 'bought', user: donor.uid, donor_display: code });
  }
  const crawler = await playwright.request.newContext({ userAgent: WHATSAPP });
  try {
    const { html, bytes } = await crawl(
      crawler,
      `http://localhost:${hosting}/verificar/${code}?lng=es`,
    );
    expect(metaContent(html, 'og:title')).toBe(
      `${code} ayuda a construir la iglesia ortodoxa de Asturias`,
    );
    expect(html).not.toMatch(/Radu|Tăcutul/);
    writeFileSync(testInfo.outputPath('share-preview-anonymous.png'), bytes);
    expect(await coloursAt(browser, bytes, [plotCentreOnImage(plots[0]!)])).toEqual([
      SHARE_PLOT_COLOURS.bought,
    ]);
  } finally {
    await crawler.dispose();
    for (const plot of plots) await freeCell(plot);
  }
});

test('without a share sheet, /mi-cuenta offers WhatsApp, Facebook and the address to copy, in English', async ({
  page,
}, testInfo) => {
  // A computer's browser: no share sheet.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await page.goto('/login?lng=en');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.goto('/mi-cuenta');
  const section = page.getByTestId('share-section');
  await expect(section.getByRole('heading', { name: 'Share your plots' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(section).toContainText('your 3 plots');
  await section.getByRole('button', { name: 'Share' }).click();
  const shared = `http://localhost:${(await suiteStackPorts()).hosting}/verificar/ANA7K3QZ?lng=en`;
  await expect(section.getByTestId('share-url')).toHaveValue(shared);
  await expect(section.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`I donated plots for the new Orthodox church of Asturias. See them on the plan: ${shared}`)}`,
  );
  await expect(section.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shared)}`,
  );
  await expectNoAxeViolations(page);
  await screenshotAtBothSizes(page, testInfo, 'share-options', async () => {
    await expect(section.getByTestId('share-options')).toBeVisible();
  });
});
