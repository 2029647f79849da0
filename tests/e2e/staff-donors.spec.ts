/**
 * The donors' pages (/staff/donantes, issue 32 parts 3 and 6): the treasurer finds a donor, opens
 * their page, refunds part of a card gift (paid for real through the Stripe double) confirmed
 * twice, and voids a cash registration made by mistake; in Spanish on a desktop and in Romanian
 * on a 360 px phone.
 */
import { randomBytes } from 'node:crypto';
import type { TestInfo } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO, idTokenOf } from '../support/clients.ts';
import { newDonor, startPayment, submitHostedPage, waitFor } from '../support/payments.ts';
import { adminAuth, storedCode } from '../support/staff.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  screenshotAtBothSizes,
  signInOnLoginPage,
} from './support.ts';

const authHost = () => process.env.TEST_AUTH_HOST!;
const siteOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;
const word = () => [...randomBytes(5)].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');

async function post(siteUrl: string, path: string, token: string, body: unknown) {
  const response = await fetch(`${siteUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response;
}

/**
 * A donor named through the API (so the search finds the name), with a card gift of `cardPlot`
 * paid on the Stripe double and a cash gift of `cashPlot` registered by staff.
 */
async function donorWithGifts(
  siteUrl: string,
  name: string,
  language: 'es' | 'ro',
  cardPlot: string,
  cashPlot: string,
) {
  for (const plot of [cardPlot, cashPlot]) await freeCell(plot);
  const donor = await newDonor(authHost(), firestore(), 'Provisional');
  // Verified, so the registration goes to the account (docs/product.md: no squatting).
  await adminAuth(authHost()).updateUser(donor.uid, { emailVerified: true });
  await post(siteUrl, '/api/users/update_user/', donor.token, { name, language });
  const started = await startPayment(siteUrl, donor, 'buy', [cardPlot]);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await submitHostedPage(started.body.url!, '4242424242424242');
  await waitFor('the card gift', async () =>
    (await firestore().collection('cells').doc(cardPlot).get()).get('status') === 'bought'
      ? true
      : null,
  );
  const staff = await idTokenOf(authHost(), DEMO.staff);
  await post(siteUrl, '/api/users/register-physical-certificate/', staff, {
    email: donor.email,
    code: await storedCode(firestore()),
    name,
    parcelas: [cashPlot],
    method: 'cash',
  });
  const cash = await firestore()
    .collection('donations')
    .where('cells', 'array-contains', cashPlot)
    .get();
  return { ...donor, name, sessionId: started.body.sessionId!, cashRow: cash.docs[0]!.id };
}

/** The plots free again, and what the test wrote about them gone. */
async function tidy(plots: string[]) {
  for (const plot of plots) {
    await freeCell(plot);
    for (const name of ['donations', 'staff_actions']) {
      const field = name === 'donations' ? 'cells' : 'plots';
      const found = await firestore().collection(name).where(field, 'array-contains', plot).get();
      await Promise.all(found.docs.map((doc) => doc.ref.delete()));
    }
  }
}

test('es, desktop: the treasurer finds a donor, refunds part of a card gift and voids a cash registration', async ({
  page,
}, testInfo) => {
  // A real card payment, then a refund whose webhook may be slow on a busy machine.
  test.setTimeout(120_000);
  const plots = ['K20', 'K21'];
  const surname = word();
  const donor = await donorWithGifts(
    siteOf(testInfo),
    `Lucía Devolución ${surname}`,
    'es',
    'K20',
    'K21',
  );
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/staff/donantes?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.getByRole('heading', { name: 'Donantes', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Nombre, correo, código o parcela').fill(`lucia ${surname.slice(0, 3)}`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const result = page.getByRole('link', { name: new RegExp(donor.name) });
    await expect(result).toContainText('por el nombre');
    await expectNoAxeViolations(page);
    await result.click();

    await expect(page.getByRole('heading', { name: donor.name, level: 1 })).toBeVisible();
    await expect(page.getByText(`${donor.email} · verificado`)).toBeVisible();
    await expect(page.getByTestId('donor-cash')).toHaveText(
      /250,00\s€ en efectivo en .+, de un límite de 999,99\s€: quedan 749,99\s€\./,
    );
    await expect(page.getByTestId('donor-plot-K20')).toHaveText('K20 · comprada');
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-donor-es', () =>
      expect(page.getByTestId(`ledger-${donor.sessionId}`)).toBeVisible(),
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // Refund 100 € of the 250 € card gift: the amount, then a second confirmation.
    const card = page.getByTestId(`ledger-${donor.sessionId}`);
    await card.getByRole('button', { name: 'Devolver' }).click();
    await expect(card.getByLabel('Importe a devolver (€)')).toHaveValue('250,00');
    await card.getByLabel('Importe a devolver (€)').fill('100,00');
    await card.getByLabel('Motivo').fill('Pidió que le devolviéramos una parte');
    await card.getByRole('button', { name: 'Continuar' }).click();
    await expect(card.getByRole('alert')).toContainText('Stripe devolverá 100,00 €');
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: /Sí, devolver 100,00/ }).click();
    await expect(page.getByTestId('donor-outcome')).toHaveText(
      /Devolución de 100,00\s€ pedida a Stripe/,
    );
    await expect(page.getByTestId(`ledger-${donor.sessionId}`)).toContainText(
      /Devuelto o anulado\s*100,00\s€/,
      { timeout: 30_000 },
    );
    await expect(page.getByTestId(`ledger-refund-${donor.sessionId}-10000`)).toContainText(
      'Devolución · tarjeta',
    );
    const mail = await firestore().collection('mail').doc(`refund-${donor.sessionId}-10000`).get();
    expect(mail.get('to')).toBe(donor.email);
    expect(mail.get('message.text')).toContain('Parcela K20: sigue siendo tuya.');

    // Void the cash registration made by mistake.
    const cash = page.getByTestId(`ledger-${donor.cashRow}`);
    await cash.getByRole('button', { name: 'Anular' }).click();
    await cash.getByLabel('Motivo').fill('Era otra parcela');
    await cash.getByRole('button', { name: 'Anular el registro' }).click();
    await expect(page.getByTestId('donor-outcome')).toHaveText(
      /Registro de 250,00\s€ anulado \(K21\)\./,
    );
    await expect(page.getByTestId('donor-plot-K21')).toHaveCount(0);
    await expect(page.getByTestId('donor-cash')).toHaveText(/^0,00\s€ en efectivo/);
    expect((await firestore().collection('cells').doc('K21').get()).get('status')).toBe(
      'available',
    );
    await screenshotAtBothSizes(page, testInfo, 'staff-donor-es-after', () =>
      expect(page.getByTestId(`ledger-${donor.cashRow}`)).toBeVisible(),
    );
  } finally {
    await tidy(plots);
  }
});

test('ro, phone: staff find a donor by e-mail, refund part of a card gift and void a cash registration', async ({
  page,
}, testInfo) => {
  // A real card payment, then a refund whose webhook may be slow on a busy machine.
  test.setTimeout(120_000);
  const plots = ['K22', 'K23'];
  const donor = await donorWithGifts(
    siteOf(testInfo),
    `Ioana Rambursare ${word()}`,
    'ro',
    'K22',
    'K23',
  );
  try {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/staff/donantes?lng=ro');
    await signInOnLoginPage(page, DEMO.staff);
    await page.getByLabel('Nume, e-mail, cod sau parcelă').fill(donor.email.toUpperCase());
    await page.getByRole('button', { name: 'Căutare' }).click();
    const result = page.getByRole('link', { name: new RegExp(donor.name) });
    await expect(result).toContainText('după e-mail', { timeout: 30_000 });
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-donors-search-ro', () =>
      expect(result).toBeVisible(),
    );
    await page.setViewportSize({ width: 360, height: 780 });
    await result.click();
    await expect(page.getByRole('heading', { name: donor.name, level: 1 })).toBeVisible();

    const card = page.getByTestId(`ledger-${donor.sessionId}`);
    await card.getByRole('button', { name: 'Rambursați' }).click();
    await card.getByLabel('Suma de rambursat (€)').fill('300');
    await card.getByLabel('Motiv').fill('A cerut o parte înapoi');
    await card.getByRole('button', { name: 'Continuați' }).click();
    // More than the gift: refused on the page, nothing asked of Stripe.
    await expect(page.getByTestId(`donation-error-${donor.sessionId}`)).toHaveText(
      /Scrieți o sumă mai mare decât 0 și cel mult 250,00\sEUR\./,
    );
    await card.getByLabel('Suma de rambursat (€)').fill('50');
    await card.getByRole('button', { name: 'Continuați' }).click();
    await expect(card.getByRole('alert')).toContainText(/Stripe va rambursa 50,00\sEUR/);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-donor-refund-ro', () =>
      expect(card.getByRole('alert')).toBeVisible(),
    );
    await page.setViewportSize({ width: 360, height: 780 });
    await card.getByRole('button', { name: /Da, rambursați 50,00/ }).click();
    await expect(page.getByTestId(`ledger-${donor.sessionId}`)).toContainText(
      /Rambursat sau anulat\s*50,00\sEUR/,
      { timeout: 30_000 },
    );
    const mail = await firestore().collection('mail').doc(`refund-${donor.sessionId}-5000`).get();
    expect(mail.get('message.subject')).toContain('Rambursarea');

    const cash = page.getByTestId(`ledger-${donor.cashRow}`);
    await cash.getByRole('button', { name: 'Anulați' }).click();
    await cash.getByLabel('Motiv').fill('Parcelă greșită');
    await cash.getByRole('button', { name: 'Anulați înregistrarea' }).click();
    await expect(page.getByTestId('donor-outcome')).toHaveText(
      /Înregistrarea de 250,00\sEUR a fost anulată \(K23\)\./,
    );
    await expect(page.getByTestId('donor-plot-K23')).toHaveCount(0);
    const actions = await firestore()
      .collection('staff_actions')
      .where('plots', 'array-contains', 'K22')
      .get();
    expect(actions.docs.map((doc) => [doc.get('action'), doc.get('amount_cents')])).toEqual([
      ['refund', 5_000],
    ]);
  } finally {
    await tidy(plots);
  }
});
