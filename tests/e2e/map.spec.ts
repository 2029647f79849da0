/**
 * The live map (/donativos): signing in on the way, 936 plots, live colours, the selection
 * rules, keyboard use, axe, and a failed payment start. Screenshots are kept as artifacts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import {
  expectNoAxeViolations,
  freeCell,
  inHalfAnHour,
  LANGUAGES,
  setCell,
  signInOnLoginPage,
} from './support.ts';

const plot = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);

async function openMapAsAna(page: Page, language = 'es') {
  await page.goto(`/donativos?lng=${language}`);
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/donativos(\?|$)/);
  await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
}

for (const language of LANGUAGES) {
  test(`in ${language}: signing in returns to the map, with 936 plots and no axe violations`, async ({
    page,
  }, testInfo) => {
    // axe over all 936 plots takes 20-30 s alone, and twice that beside the other lane's stack.
    if (language === 'es') test.setTimeout(150_000);
    await openMapAsAna(page, language);
    await expect(page.locator('[data-code]')).toHaveCount(936);
    // Every plot once (Spanish); one of each kind in the other languages, as elsewhere.
    await expectNoAxeViolations(page, { wholeMap: language === 'es' });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Loaded at this size, as a phone would: the map scrolls to its centre, the panel is shut.
      await page.reload();
      await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
      const path = testInfo.outputPath(`map-${language}-${width}x${height}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`map ${language} ${width}x${height}`, {
        path,
        contentType: 'image/png',
      });
    }
  });
}

test('a plot changed in Firestore repaints live, with its donor shown', async ({ page }) => {
  await freeCell('C7');
  await openMapAsAna(page);
  await expect(plot(page, 'C7')).toHaveAttribute('data-status', 'available');
  await setCell('C7', { status: 'bought', user: 'donor-x', donor_display: 'Begoña Núñez' });
  try {
    await expect(plot(page, 'C7')).toHaveAttribute('data-status', 'bought');
    await expect(plot(page, 'C7')).toHaveAccessibleName(/^C7 Begoña Núñez\s+\(Comprada\)$/);
  } finally {
    await freeCell('C7');
  }
  await expect(plot(page, 'C7')).toHaveAttribute('data-status', 'available');
});

test('selecting shows Buy / or / Reserve with totals; a plot taken meanwhile is deselected with a toast', async ({
  page,
}) => {
  await freeCell('D4');
  await freeCell('D5');
  await openMapAsAna(page);
  await plot(page, 'D4').click();
  await plot(page, 'D5').click();
  await expect(page.getByTestId('buy')).toHaveText(/Comprar \(2\)\s*500,00\s€/);
  await expect(page.getByTestId('reserve')).toHaveText(/Reservar \(2\)\s*100,00\s€/);
  await setCell('D5', {
    status: 'held',
    user: 'donor-other',
    hold: { session_id: 'cs_other', kind: 'buy', expires_at: inHalfAnHour() },
  });
  try {
    await expect(
      page.getByText('Otra persona acaba de tomar: D5.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByTestId('buy')).toHaveText(/Comprar \(1\)/);
    await expect(plot(page, 'D5')).toHaveAttribute('data-status', 'held');
    // Not selectable any more: a click (forced past aria-disabled) changes nothing.
    await plot(page, 'D5').click({ force: true });
    await expect(page.getByTestId('buy')).toHaveText(/Comprar \(1\)/);
  } finally {
    await freeCell('D5');
  }
});

test('own reservations go to the yellow complete button; bought plots cannot be picked', async ({
  page,
}) => {
  await setCell('E2', { status: 'reserved', user: DEMO.ana.uid, donor_display: 'Ana García' });
  await setCell('E3', { status: 'bought', user: 'donor-x', donor_display: 'Ion' });
  try {
    await openMapAsAna(page);
    await plot(page, 'E2').click();
    await plot(page, 'E3').click({ force: true });
    await expect(page.getByTestId('complete')).toHaveText(
      /Completar compra reservada \(1\)\s*200,00\s€/,
    );
    await expect(page.getByTestId('buy')).toHaveCount(0);
  } finally {
    await freeCell('E2');
    await freeCell('E3');
  }
});

test('the keyboard moves between plots and selects; the list view offers the same plots', async ({
  page,
}) => {
  // Signing in and drawing 936 plots beside the other lane on 2 cores took 72 s twice under load.
  test.setTimeout(120_000);
  await freeCell('A1');
  await freeCell('A2');
  await openMapAsAna(page);
  await plot(page, 'A1').focus();
  await page.keyboard.press('ArrowDown');
  await expect(plot(page, 'A2')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(plot(page, 'A2')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Ver como lista' }).click();
  const list = page.getByTestId('plot-list');
  await expect(
    list.getByRole('button', { name: 'A2 · fila 2, columna A · Disponible', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
});

test('the list view: search by code or name, grouped by row, "available" / "mine", selecting selects on the map', async ({
  page,
}) => {
  await freeCell('B7');
  await setCell('C7', { status: 'bought', user: 'donor-x', donor_display: 'Begoña Núñez' });
  await setCell('E2', { status: 'reserved', user: DEMO.ana.uid, donor_display: 'Ana García' });
  try {
    await openMapAsAna(page);
    await page.getByRole('button', { name: 'Ver como lista' }).click();
    const list = page.getByTestId('plot-list');
    // Grouped by row: the row's heading, then its plots.
    await expect(list.getByRole('heading', { name: 'Fila 7' })).toBeVisible();
    await expect(list.getByRole('region', { name: 'Fila 7' })).toContainText(
      'B7 · fila 7, columna B · Disponible',
    );

    // By name, accents aside, among all plots: taken plots are listed but cannot be picked.
    await page.getByLabel('Todas').check();
    await page.getByTestId('plot-search').fill('nunez');
    await expect(list.getByText('C7 · fila 7, columna C · Comprada · Begoña Núñez')).toBeVisible();
    await expect(list.getByRole('button')).toHaveCount(0);

    // By code; picking it in the list picks it on the map.
    await page.getByLabel('Disponibles').check();
    await page.getByTestId('plot-search').fill('b7');
    await list.getByRole('button', { name: 'B7 · fila 7, columna B · Disponible' }).click();
    await expect(page.getByTestId('buy')).toHaveText(/Comprar \(1\)/);

    // Mine: the own reservation toggles into the completion; the bought plots are listed.
    await page.getByLabel('Mías').check();
    await page.getByTestId('plot-search').fill('');
    await expect(list).toContainText('M10 · fila 10, columna M · Comprada, tuya · Ana García');
    await list
      .getByRole('button', { name: 'E2 · fila 2, columna E · Reservada, tuya · Ana García' })
      .click();
    await expect(page.getByTestId('complete')).toHaveText(/Completar compra reservada \(1\)/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ver el mapa' }).click();
    await expect(plot(page, 'B7')).toHaveAttribute('aria-pressed', 'true');
    await expect(plot(page, 'E2')).toHaveAttribute('aria-pressed', 'true');
    await expect(plot(page, 'E2')).toBeInViewport();
  } finally {
    await freeCell('C7');
    await freeCell('E2');
  }
});

test('a failed payment start: error toast, plots refreshed, selection cleared', async ({
  page,
}) => {
  await freeCell('F9');
  await openMapAsAna(page);
  await plot(page, 'F9').click();
  // Another donor's checkout holds F9 between our click and our request.
  await page.route('**/api/payments/stripe-multiple/', (route) =>
    route.fulfill({ status: 409, json: { error: 'Alguna parcela no está disponible' } }),
  );
  await page.getByTestId('buy').click();
  await expect(page.getByText('Error al procesar el pago')).toBeVisible();
  await expect(page.getByText('Alguna parcela no está disponible')).toBeVisible();
  await expect(page.getByTestId('buy')).toHaveCount(0);
  await expect(plot(page, 'X39')).toBeAttached();
});

test('a plot taken while the map loads shows taken: the snapshot was older, the listener says it', async ({
  page,
}) => {
  await freeCell('G9');
  // Signed in first: the map's route asks for the snapshot as soon as it opens, before it knows
  // who is there, so a visitor sent to the login page would ask once more.
  await page.goto('/login?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).not.toHaveURL(/\/login/);
  // The snapshot is read, then another donor buys G9, then the (now old) snapshot arrives.
  let snapshots = 0;
  await page.route('**/api/cells/snapshot/', async (route) => {
    snapshots += 1;
    const snapshot = await route.fetch();
    const body = await snapshot.text();
    await setCell('G9', { status: 'bought', user: 'another', donor_display: 'Otra Donante' });
    await route.fulfill({ response: snapshot, body });
  });
  await page.goto('/donativos?lng=es');
  await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
  await expect(plot(page, 'G9')).toHaveAttribute('data-status', 'bought');
  await expect(plot(page, 'G9')).toHaveAccessibleName(/Otra Donante/);
  await freeCell('G9');
  await expect(plot(page, 'G9')).toHaveAttribute('data-status', 'available');
  expect(snapshots).toBe(1);
});

test('when the plots cannot be loaded the map says so, and trying again loads them', async ({
  page,
}) => {
  // Every read of the plots fails until the server is back, however many the page makes.
  let failing = true;
  await page.route('**/api/cells/snapshot/', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { error: 'Error interno del servidor.' } })
      : route.continue(),
  );
  // A visitor's map: anyone may look at the plots (docs/screens.md).
  await page.goto('/donativos?lng=es');
  await expect(page.getByRole('alert')).toContainText('No se ha podido cargar el mapa.');
  failing = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
  await expect(page.locator('[data-code]')).toHaveCount(936);
});
