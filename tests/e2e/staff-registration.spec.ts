/**
 * The staff registration form on a phone in Romanian (docs/screens.md, /set/certificate): a
 * missing field is named and focused; plots typed by their codes join the selection; a gift with
 * no paper certificate (a transfer) is given a new code; the confirmation comes into view; and
 * after a refused attempt the previous donor's "print filled in" button is gone; then she is found
 * by a word of her name although she has no account.
 */
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { expectNoAxeViolations, freeCell, signInOnLoginPage, tidyPlot } from './support.ts';

test('ro, phone: a transfer registered with typed plots and a new code, each mistake named', async ({
  page,
}) => {
  await Promise.all(['H11', 'H12'].map(freeCell));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/set/certificate?lng=ro');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.locator('[data-code="H11"]')).toBeAttached({ timeout: 15_000 });
    const result = page.getByTestId('register-result');

    // Nothing filled in: every missing field named in her language, the first one focused.
    await page.getByRole('button', { name: 'Înregistrați' }).click();
    await expect(result).toHaveText(
      'Lipsește: e-mailul donatorului, codul certificatului, cel puțin o parcelă.',
    );
    const email = page.getByLabel('E-mailul donatorului');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    // Plots typed rather than found on the map; a code that is no plot is refused.
    const typed = page.getByLabel('Scrieți parcelele (de ex. K3 K4)');
    await typed.fill('h11, Z99');
    await page.getByRole('button', { name: 'Adăugați parcelele' }).click();
    await expect(result).toHaveText('Acestea nu sunt parcele din plan: Z99.');
    await typed.fill('h11 H12');
    await typed.press('Enter');
    await expect(page.getByText('Parcele selectate (2): H11, H12')).toBeVisible();

    // A transfer has no paper certificate: a new code is generated for it.
    await page.getByLabel('Numele donatorului').fill('Ioana Transfer');
    await email.fill('ioana.transfer@donantes.test');
    await page.getByRole('button', { name: 'Generați un cod nou' }).click();
    const code = page.getByLabel('Codul certificatului');
    await expect(code).toHaveValue(/^[A-Z0-9]{8}$/);
    const generated = await code.inputValue();
    await page.getByLabel('prin transfer bancar').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Înregistrați' }).click();
    await expect(result).toContainText(`codul ${generated}`);
    await expect(result).toBeInViewport();
    const print = page.getByRole('button', { name: new RegExp(generated) });
    await expect(print).toBeVisible();

    // The same code again is refused, and the last donor's certificate is no longer offered.
    await typed.fill('H11');
    await typed.press('Enter');
    await email.fill('alt.donator@donantes.test');
    await code.fill(generated);
    await page.getByRole('button', { name: 'Înregistrați' }).click();
    await expect(result).not.toContainText('Înregistrat');
    await expect(print).toBeHidden();

    // She has no account: the treasurer finds her by the first letters of a word of her name.
    await page.goto('/staff/donantes?lng=ro');
    await page.getByLabel('Nume, e-mail, cod sau parcelă').fill('TRANSF');
    await page.getByRole('button', { name: 'Căutare' }).click();
    const found = page.getByRole('link', { name: /Ioana Transfer/ });
    await expect(found).toContainText('ioana.transfer@donantes.test', { timeout: 30_000 });
    await found.click();
    await expect(page.getByRole('heading', { name: 'Ioana Transfer', level: 1 })).toBeVisible();
    await expect(page.getByTestId('donor-plot-H11')).toBeVisible();
  } finally {
    await Promise.all(['H11', 'H12'].map(tidyPlot));
  }
});
