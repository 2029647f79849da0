/**
 * The staff area's reservations (/staff/reservas, issue 32): the treasurer records the rest of a
 * reservation paid by transfer on a desktop in Spanish; on a phone in Romanian, extends one and
 * releases it (her page then says the parish kept the deposit); a donor is sent home.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import {
  expectNoAxeViolations,
  firestore,
  screenshotAtBothSizes,
  signInOnLoginPage,
  reservedForAna,
  tidyPlot,
} from './support.ts';

const DAY = 24 * 60 * 60 * 1000;

test('a donor is sent home from the staff area', async ({ page }) => {
  await page.goto('/staff/reservas?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/$/);
});

test('es, desktop: the treasurer records the rest of a reservation paid by transfer', async ({
  page,
}, testInfo) => {
  await reservedForAna('H6', 5);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/staff?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.getByRole('heading', { name: 'Área del personal' })).toBeVisible();
    await page.getByRole('link', { name: 'Reservas', exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/reservas$/);

    const card = page.getByTestId('reservation-H6');
    await expect(card).toContainText('Ana García');
    await expect(card).toContainText(DEMO.ana.email);
    await expect(card).toContainText('dentro de 5 días');
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-reservations-es', () =>
      expect(card).toBeVisible(),
    );

    await card.getByRole('button', { name: 'Resto pagado por transferencia' }).click();
    await expect(card).toContainText(
      'Se registrarán 200,00 € recibidos por transferencia y las parcelas H6 quedarán compradas.',
    );
    await card.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('reservations-outcome')).toHaveText(
      'Registrado: 200,00 €; las parcelas H6 están compradas.',
    );
    await expect(page.getByTestId('reservation-H6')).toHaveCount(0);

    const cell = (await firestore().collection('cells').doc('H6').get()).data()!;
    expect(cell).toMatchObject({ status: 'bought', user: DEMO.ana.uid });
    const rows = await firestore()
      .collection('donations')
      .where('cells', 'array-contains', 'H6')
      .get();
    expect(
      rows.docs.map((doc) => [doc.get('kind'), doc.get('method'), doc.get('amount_cents')]),
    ).toEqual(
      expect.arrayContaining([
        ['reserve', 'card', 5_000],
        ['complete', 'transfer', 20_000],
      ]),
    );
  } finally {
    await tidyPlot('H6');
  }
});

test('ro, phone: staff extend a reservation, then release it, each with a reason', async ({
  page,
}, testInfo) => {
  await reservedForAna('H7', 3);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/staff/reservas?lng=ro');
    await signInOnLoginPage(page, DEMO.staff);
    const card = page.getByTestId('reservation-H7');
    await expect(card).toContainText('peste 3 zile');
    await expect(card.locator('[data-soon]')).toBeVisible();

    await card.getByRole('button', { name: 'Prelungiți termenul' }).click();
    const before = (await firestore().collection('cells').doc('H7').get()).get(
      'reserved_until',
    ) as Timestamp;
    const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      before.toMillis() + 10 * DAY,
    );
    await card.getByLabel('Noua ultimă zi').fill(lastDay);
    // No reason yet: refused in her language, nothing changed.
    await card.getByRole('button', { name: 'Confirmați' }).click();
    await expect(page.getByTestId('reservation-error-H7')).toHaveText('Indicați motivul.');
    await card.getByLabel('Motiv').fill('Așteaptă un transfer din România');
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Confirmați' }).click();
    await expect(page.getByTestId('reservations-outcome')).toHaveText(
      'Termen prelungit pentru H7.',
    );
    const after = (await firestore().collection('cells').doc('H7').get()).get(
      'reserved_until',
    ) as Timestamp;
    expect(after.toMillis() - before.toMillis()).toBeGreaterThan(10 * DAY);
    await expect(page.getByTestId('reservation-H7')).toContainText('peste 14 zile');
    // The day typed is the day shown, and the form offers it again as the last day.
    const typedDay = new Intl.DateTimeFormat('ro-RO', { dateStyle: 'long' }).format(
      new Date(`${lastDay}T12:00:00Z`),
    );
    await expect(page.getByTestId('reservation-H7')).toContainText(typedDay);
    await page
      .getByTestId('reservation-H7')
      .getByRole('button', { name: 'Prelungiți termenul' })
      .click();
    await expect(page.getByTestId('reservation-H7').getByLabel('Noua ultimă zi')).toHaveValue(
      lastDay,
    );
    await page.getByTestId('reservation-H7').getByRole('button', { name: 'Renunțați' }).click();
    await screenshotAtBothSizes(page, testInfo, 'staff-reservations-ro', () =>
      expect(page.getByTestId('reservation-H7')).toBeVisible(),
    );

    const again = page.getByTestId('reservation-H7');
    await again.getByRole('button', { name: 'Eliberați' }).click();
    await again.getByLabel('Motiv').fill('A renunțat la telefon');
    await again.getByRole('button', { name: 'Confirmați' }).click();
    await expect(page.getByTestId('reservations-outcome')).toHaveText(
      'Parcelele H7 sunt din nou de vânzare.',
    );
    expect((await firestore().collection('cells').doc('H7').get()).get('status')).toBe('available');
    const actions = await firestore()
      .collection('staff_actions')
      .where('plots', 'array-contains', 'H7')
      .get();
    expect(actions.docs.map((doc) => [doc.get('action'), doc.get('reason')])).toEqual(
      expect.arrayContaining([
        ['extend', 'Așteaptă un transfer din România'],
        ['release', 'A renunțat la telefon'],
      ]),
    );
    // Her page says the parish kept the deposit of the plot she gave up.
    await page.goto(`/staff/donantes/${DEMO.ana.uid}?lng=ro`);
    await expect(page.getByTestId('ledger-e2e-deposit-H7').getByTestId('deposit-kept')).toHaveText(
      'Rezervarea pentru H7 s-a încheiat fără plata restului: parohia păstrează avansul.',
      { timeout: 30_000 },
    );
  } finally {
    await tidyPlot('H7');
  }
});
