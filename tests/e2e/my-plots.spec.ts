/**
 * "My plots" (issue 19): the donor sees their bought and reserved plots on /donativos, each
 * reservation with its deadline, and completes one in one click.
 */
import { expect, test } from './csp-guard.ts';
import { Timestamp } from 'firebase-admin/firestore';
import { DEMO } from '../support/clients.ts';
import {
  expectNoAxeViolations,
  freeCell,
  screenshotAtBothSizes,
  setCell,
  signInOnLoginPage,
} from './support.ts';

const RESERVED = 'H12';

test('lists the donor’s plots with the reservation’s deadline, and “complete now” opens the payment of the rest', async ({
  page,
}, testInfo) => {
  await setCell(RESERVED, {
    status: 'reserved',
    user: DEMO.ana.uid,
    donor_display: 'Ana García',
    reserved_until: Timestamp.fromMillis(Date.now() + 10 * 86_400_000),
  });
  try {
    await page.goto('/donativos?lng=es');
    await signInOnLoginPage(page, DEMO.ana);
    await expect(page).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
    const panel = page.getByTestId('my-plots');
    await expect(panel.getByRole('heading', { name: 'Mis parcelas' })).toBeVisible({
      timeout: 15_000,
    });
    // The seed's bought plots, and the reservation with its date.
    for (const code of ['M10', 'M11', 'N10']) {
      await expect(panel.locator(`[data-plot="${code}"]`)).toContainText('Comprada');
    }
    const reserved = panel.locator(`[data-plot="${RESERVED}"]`);
    await expect(reserved).toContainText(/Reservada hasta el \d{1,2} de \w+ de \d{4}/);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'my-plots', () => panel.scrollIntoViewIfNeeded());

    await reserved.getByRole('button', { name: /Completar ahora \(200,00\s€\)/ }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await expect(page.getByTestId('total')).toHaveText(/200,00\s€/);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/cancel\?checkout=chk_/);
    await expect(page.getByTestId('cancel-release')).toBeVisible({ timeout: 15_000 });
  } finally {
    await freeCell(RESERVED);
  }
});
