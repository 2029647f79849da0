/**
 * The map as a floor plan (issue 20): every plot reachable by the pointer at every width, zoom
 * and pan by buttons, wheel, pinch, drag and keyboard, captions readable at the default zoom,
 * the details popover (hover, focus, tap), axe. Screenshots at 390, 1280 and 1920 px are kept.
 * Where the altar is (issue 29): the church's parts named on the plan in the page's language on
 * a 360 px phone and on a desktop, and the details naming a plot's part; screenshots kept.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { Timestamp } from 'firebase-admin/firestore';
import { DEMO } from '../support/clients.ts';
import {
  apart,
  catalogue,
  expectNoAxeViolations,
  freeCell,
  type Catalogue,
  setCell,
  signInOnLoginPage,
  swipe,
  type Language,
} from './support.ts';

const plot = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);
const WIDTHS = [320, 390, 768, 1280, 1440, 1920] as const;
const HEIGHT_OF: Record<number, number> = { 320: 640, 390: 844, 768: 1024 };

/** `language` null: the browser's own (its locale). */
async function openMapAsAna(page: Page, language: string | null = 'es') {
  await page.goto(language ? `/donativos?lng=${language}` : '/donativos');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/donativos(\?|$)/);
  await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
}

/** The drawing's zoom: its width on screen over the plan's 1300 map units. */
const zoomOf = (page: Page) =>
  page
    .getByTestId('plot-map')
    .locator('svg')
    .evaluate((svg) => svg.getBoundingClientRect().width / 1300);

test('every plot is reachable by the pointer at every width, with captions of 11 px or more', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openMapAsAna(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT_OF[width] ?? 900 });
    await page.reload();
    await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
    // At the default zoom, the visible texts of the plots are at least 11 px on screen.
    const smallest = await page.evaluate(() => {
      const svg = document.querySelector('[data-testid="plot-map"] svg')!;
      const ratio = svg.getBoundingClientRect().width / 1300;
      // The plots' texts (each plot's code, and its caption when it has a donor).
      const texts = document.querySelectorAll('[data-testid="plot-map"] [data-plot-texts] text');
      if (texts.length < 936) return Number.NaN;
      let min = Infinity;
      for (const text of texts) {
        min = Math.min(min, parseFloat(getComputedStyle(text).fontSize) * ratio);
      }
      return min;
    });
    expect(smallest, `smallest caption at ${width} px`).toBeGreaterThanOrEqual(11);
    // Each plot, scrolled into view: the element at its centre is the plot (nothing over it).
    const unreachable = await page.evaluate(() => {
      const missed: string[] = [];
      for (const element of document.querySelectorAll<SVGGElement>('[data-code]')) {
        element.scrollIntoView({ block: 'center', inline: 'center' });
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit?.closest('[data-code]') !== element) missed.push(element.dataset.code!);
      }
      return missed;
    });
    expect(unreachable, `plots hidden at ${width} px`).toEqual([]);
    if (width === 390 || width === 1280 || width === 1920) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('zoom-reset').click();
      const path = testInfo.outputPath(`plan-${width}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`plan ${width}`, { path, contentType: 'image/png' });
    }
  }
});

test('corner plots once covered by the notes are clicked at 1280 and 1440 px', async ({ page }) => {
  for (const code of ['A1', 'T38', 'X39', 'A39']) await freeCell(code);
  await openMapAsAna(page);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
    for (const code of ['A1', 'T38', 'X39', 'A39']) {
      await plot(page, code).click(); // Playwright checks that the plot itself takes the click
      await expect(plot(page, code)).toHaveAttribute('aria-pressed', 'true');
    }
  }
});

test('zoom by the buttons, Ctrl + wheel, pinch and the keyboard; drag pans without selecting', async ({
  page,
}) => {
  await freeCell('A1');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openMapAsAna(page);
  const start = await zoomOf(page);
  expect(start).toBeGreaterThanOrEqual(0.92);

  await page.getByTestId('zoom-in').click();
  expect(await zoomOf(page)).toBeCloseTo(start * 1.25, 2);
  await expect(page.getByTestId('zoom-level')).toHaveText(
    new RegExp(`^${Math.round(start * 1.25 * 100)}\\s%$`),
  );
  await page.getByTestId('zoom-out').click();
  expect(await zoomOf(page)).toBeCloseTo(start, 2);
  await page.getByTestId('zoom-fit').click();
  const box = await page.getByTestId('plot-map').boundingBox();
  const fitted = await page
    .getByTestId('plot-map')
    .locator('svg')
    .evaluate((svg) => svg.getBoundingClientRect().height);
  expect(fitted).toBeLessThanOrEqual(box!.height);
  await page.getByTestId('zoom-reset').click();
  expect(await zoomOf(page)).toBeCloseTo(start, 2);

  // Ctrl + wheel (a trackpad's pinch) zooms about the pointer; a plain wheel scrolls.
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(start * 1.3);
  await page.getByTestId('zoom-reset').click();

  // Two fingers spreading apart.
  await page.getByTestId('plot-map').evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const touches = (spread: number) =>
      [-1, 1].map(
        (side, identifier) =>
          new Touch({ identifier, target: frame, clientX: cx + side * spread, clientY: cy }),
      );
    const fire = (type: string, list: Touch[]) =>
      frame.dispatchEvent(
        new TouchEvent(type, {
          touches: list,
          changedTouches: list,
          bubbles: true,
          cancelable: true,
        }),
      );
    fire('touchstart', touches(40));
    fire('touchmove', touches(60));
    fire('touchmove', touches(80));
    fire('touchend', []);
  });
  expect(await zoomOf(page)).toBeCloseTo(Math.min(3, start * 2), 1);
  await page.getByTestId('zoom-reset').click();

  // The keyboard: + and − about the focused plot, 0 back to the default.
  await plot(page, 'A1').focus();
  await page.keyboard.press('+');
  expect(await zoomOf(page)).toBeCloseTo(start * 1.25, 2);
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  expect(await zoomOf(page)).toBeLessThan(start);
  await page.keyboard.press('0');
  expect(await zoomOf(page)).toBeCloseTo(start, 2);

  // Dragging with the mouse pans the plan and selects nothing.
  const frame = page.getByTestId('plot-map');
  const before = await frame.evaluate((element) => element.scrollTop);
  await page.mouse.move(box!.x + 300, box!.y + 400);
  await page.mouse.down();
  await page.mouse.move(box!.x + 300, box!.y + 250, { steps: 5 });
  await page.mouse.up();
  expect(await frame.evaluate((element) => element.scrollTop)).toBeGreaterThan(before + 100);
  await expect(page.locator('[data-code][aria-pressed="true"]')).toHaveCount(0);
});

test('the details popover on hover and focus: place, state, donor as shown, price, deadline', async ({
  page,
}) => {
  const until = Date.UTC(2026, 11, 24, 12);
  await freeCell('D4');
  await setCell('K12', {
    status: 'reserved',
    user: DEMO.ana.uid,
    donor_display: 'Ana García',
    reserved_until: Timestamp.fromMillis(until),
  });
  await setCell('L12', { status: 'bought', user: 'donor-anon', donor_display: 'PVN4W8RT' });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMapAsAna(page);
    const details = page.getByTestId('plot-details');

    await plot(page, 'D4').hover();
    await expect(details).toContainText('D4');
    await expect(details).toContainText('fila 4, columna D');
    await expect(details).toContainText('Disponible');
    await expect(details).toContainText(/250,00\s€ o reserva con 50,00\s€ de señal/);

    await plot(page, 'K12').hover();
    await expect(details).toContainText('Reservada · tuya');
    await expect(details).toContainText('Ana García');
    await expect(details).toContainText(
      /Te quedan 200,00\s€ por pagar hasta el 24 de diciembre de 2026/,
    );
    // Beside the plot, never over it.
    const plotBox = (await plot(page, 'K12').boundingBox())!;
    const detailsBox = (await details.boundingBox())!;
    const overlaps =
      detailsBox.x < plotBox.x + plotBox.width &&
      plotBox.x < detailsBox.x + detailsBox.width &&
      detailsBox.y < plotBox.y + plotBox.height &&
      plotBox.y < detailsBox.y + detailsBox.height;
    expect(overlaps).toBe(false);

    // An anonymous donor: the map shows their code, and so does the popover.
    await plot(page, 'L12').hover();
    await expect(details).toContainText('Comprada');
    await expect(details).toContainText('PVN4W8RT');
    await expect(details).not.toContainText('€');

    // Focus (the keyboard) shows it too, and the plot is described by it; Escape closes it.
    await page.mouse.move(0, 0);
    await expect(details).toHaveCount(0);
    await plot(page, 'D4').focus();
    await expect(details).toContainText('D4');
    await expect(plot(page, 'D4')).toHaveAccessibleDescription(/fila 4, columna D/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
  } finally {
    await freeCell('K12');
    await freeCell('L12');
  }
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the map opens fitted; a first tap zooms in about the plot, the next selects it and shows its details', async ({
    page,
  }) => {
    await freeCell('L5');
    await openMapAsAna(page, 'en');
    const frame = page.getByTestId('plot-map');
    await expect(frame).toHaveAttribute('data-fitted', 'true');
    // Fitted, a plot's code would be 3 px tall: left out of the layout; the colours say the states.
    await expect(frame).toHaveAttribute('data-overview', 'true');
    const code = page.locator('[data-label-for="L5"] text', { hasText: /^L5$/ });
    await expect(code).toBeHidden();
    await plot(page, 'L5').scrollIntoViewIfNeeded();
    await plot(page, 'L5').tap();
    await expect(frame).not.toHaveAttribute('data-fitted');
    await expect(frame).not.toHaveAttribute('data-overview');
    await expect(code).toBeVisible();
    await expect(plot(page, 'L5')).toHaveAttribute('aria-pressed', 'false');

    // Zoomed in, one finger's vertical swipe on the map still scrolls the page, not the map;
    // two fingers move the map. The page says so.
    await expect(page.getByTestId('touch-hint')).toHaveText(
      'One finger moves the page; two fingers move the plan. “Whole plan” shows all of it.',
    );
    const mapTop = () => frame.evaluate((element) => element.scrollTop);
    const pageTop = () => page.evaluate(() => window.scrollY);
    const [mapBefore, pageBefore] = [await mapTop(), await pageTop()];
    const box = (await frame.boundingBox())!;
    const middle = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    await swipe(page, [middle], { dx: 0, dy: -200 });
    await expect.poll(pageTop).toBeGreaterThan(pageBefore + 100);
    expect(await mapTop()).toBe(mapBefore);
    const inFrame = (await frame.boundingBox())!;
    const fingers = [-40, 40].map((dx) => ({
      x: Math.round(inFrame.x + inFrame.width / 2 + dx),
      y: Math.round(inFrame.y + inFrame.height / 2),
    }));
    await swipe(page, fingers, { dx: 0, dy: -120 });
    await expect.poll(mapTop).toBeGreaterThan(mapBefore + 60);

    await plot(page, 'L5').tap();
    await expect(plot(page, 'L5')).toHaveAttribute('aria-pressed', 'true');
    const details = page.getByTestId('plot-details');
    await expect(details).toContainText('row 5, column L');
    await expect(page.getByTestId('buy')).toHaveText(/Buy \(1\)/);
    // Tapped, the details sit at the map's edge: the plot and those around it stay in sight.
    const over = (await details.boundingBox())!;
    for (const code of ['L5', 'K5', 'M5', 'L4', 'L6']) {
      const at = (await plot(page, code).boundingBox())!;
      expect(apart(over, at), `the details cover ${code}`).toBe(true);
    }
  });
});

/** The parts of the church as the plan names them, east to west: the page's catalogue. */
const zoneNames = (language: Language) =>
  (catalogue(language).map as Catalogue).zones as Record<string, string>;

/** A plot in the altar and one in the nave, and how the details say where each is. */
const PLACES: Record<Language, Array<[string, string]>> = {
  es: [
    ['L4', 'En el altar'],
    ['L20', 'En la nave'],
  ],
  en: [
    ['L4', 'In the altar'],
    ['L20', 'In the nave'],
  ],
  ro: [
    ['L4', 'În altar'],
    ['L20', 'În naos'],
  ],
};

/** Plots just above and below the names of the altar and the iconostasis. */
const TAKEN_NEAR_NAMES = [
  ['L4', 'bought'],
  ['M5', 'reserved'],
  ['K8', 'bought'],
  ['L9', 'reserved'],
] as const;

const zoneLabel = (page: Page, zone: string) => page.locator(`svg [data-zone-label="${zone}"]`);

/** A name's size on screen: its font size in map units times the drawing's zoom. */
const sizeOnScreen = (page: Page, zone: string) =>
  zoneLabel(page, zone).evaluate((text) => {
    const ratio = text.closest('svg')!.getBoundingClientRect().width / 1300;
    return parseFloat(getComputedStyle(text).fontSize) * ratio;
  });

/**
 * The names on the plan: the altar's in view as the map opens (at its top), every other one once
 * scrolled to, in the page's language, 16 px or more on screen at the default zoom and when the
 * whole plan is in view.
 */
async function expectZonesNamed(page: Page, language: Language) {
  await expect(zoneLabel(page, 'altar')).toBeInViewport();
  for (const [zone, name] of Object.entries(zoneNames(language))) {
    const label = zoneLabel(page, zone);
    await expect(label).toHaveText(name);
    await label.scrollIntoViewIfNeeded();
    await expect(label).toBeInViewport();
    expect(await sizeOnScreen(page, zone), `${zone} on screen`).toBeGreaterThanOrEqual(16);
  }
  await page.getByTestId('zoom-fit').click();
  for (const zone of Object.keys(zoneNames(language))) {
    await expect(zoneLabel(page, zone)).toBeInViewport();
    expect(await sizeOnScreen(page, zone), `${zone}, whole plan`).toBeGreaterThanOrEqual(16);
  }
  await page.getByTestId('zoom-reset').click();
}

// On the phone the page's language is the browser's, as a donor's phone sets it.
for (const [language, locale] of [
  ['ro', 'ro-RO'],
  ['es', 'es-419'],
] as const) {
  test.describe(`where the altar is, on a 360 px phone in ${locale}`, () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 }, locale });

    test("the plan names the altar, iconostasis, nave, narthex and entrance; a tap names the plot's part", async ({
      page,
    }, testInfo) => {
      for (const [code] of PLACES[language]) await freeCell(code);
      await openMapAsAna(page, null);
      await page.mouse.move(0, 0); // where the sign-in button was: no plot under the pointer
      for (const view of ['top', 'whole'] as const) {
        if (view === 'whole') await page.getByTestId('zoom-fit').click();
        const path = testInfo.outputPath(`zones-${language}-360-${view}.png`);
        await page.screenshot({ path });
        await testInfo.attach(`zones ${language} 360 ${view}`, { path, contentType: 'image/png' });
      }
      await page.getByTestId('zoom-reset').click();
      await expectZonesNamed(page, language);
      for (const [code, where] of PLACES[language]) {
        await plot(page, code).scrollIntoViewIfNeeded();
        await plot(page, code).tap();
        await expect(page.getByTestId('plot-details')).toContainText(where);
        await plot(page, code).tap(); // and out of the selection again
      }
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('where the altar is, on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const language of ['es', 'ro', 'en'] as const) {
    test(`in ${language}: the plan names the church's parts; hovering names the plot's part`, async ({
      page,
    }, testInfo) => {
      // Taken plots beside the names, to see their captions stay readable.
      for (const [code, status] of TAKEN_NEAR_NAMES) {
        await setCell(code, { status, user: 'donor-x', donor_display: 'María Fernández' });
      }
      try {
        await openMapAsAna(page, language);
        await page.mouse.move(0, 0);
        if (language !== 'en') {
          for (const view of ['top', 'whole'] as const) {
            if (view === 'whole') await page.getByTestId('zoom-fit').click();
            const path = testInfo.outputPath(`zones-${language}-1280-${view}.png`);
            await page.screenshot({ path });
            await testInfo.attach(`zones ${language} 1280 ${view}`, {
              path,
              contentType: 'image/png',
            });
          }
          await page.getByTestId('zoom-reset').click();
        }
        await expectZonesNamed(page, language);
      } finally {
        for (const [code] of TAKEN_NEAR_NAMES) await freeCell(code);
      }
      for (const [code, where] of PLACES[language]) {
        await plot(page, code).scrollIntoViewIfNeeded();
        await plot(page, code).hover();
        await expect(page.getByTestId('plot-details')).toContainText(where);
      }
      // The hovered plot is described by the details, its part of the church included.
      await expect(plot(page, 'L20')).toHaveAccessibleDescription(
        new RegExp(PLACES[language][1]![1]),
      );
    });
  }
});
