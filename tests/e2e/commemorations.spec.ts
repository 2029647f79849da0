/**
 * The names donors ask prayers for (issue 30, item 3), from the donor's page to the priest's
 * list: Ana adds names on /mi-cuenta in Spanish on a desktop (an empty name and one the
 * certificate cannot print are refused under their field, in Spanish), chooses to print them,
 * and her certificate carries them grouped; staff print the list (PDF, grouped, first names only)
 * and download the CSV from /staff/donantes, and see her names on her page; the map and the
 * check page never show them. Ion does the same in Romanian on a 360 x 740 phone (every target
 * at least 44 x 44 px, text at least 16 px), and the list prints in Romanian; English refuses an
 * empty name in English.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor } from '../support/payments.ts';
import { readAsSpanishExcel } from '../support/spanish-spreadsheet.ts';
import { expectNoAxeViolations, firestore, setCell, signInOnLoginPage } from './support.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const forget = (uid: string) => firestore().collection('commemorations').doc(uid).delete();

/**
 * A donor of their own, privacy policy accepted (the seed's Ion has not accepted it), with the
 * plot `plot` bought: only a donor whose gift stands gives names.
 */
async function freshDonor(name: string, plot: string) {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), name);
  await setCell(plot, { status: 'bought', user: donor.uid, donor_display: name });
  return { uid: donor.uid, email: donor.email, password: 'Donante-2026' };
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

const pdfText = async (bytes: Buffer) => (await pdfPageTexts(new Uint8Array(bytes))).join('\n');

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A name typed into the entry `number` (1-based) of the section, with its state. */
async function fillEntry(page: Page, number: number, name: string, state: string) {
  const entry = page.getByTestId('commemoration-entry').nth(number - 1);
  await entry.getByRole('textbox').fill(name);
  await entry.getByRole('combobox').selectOption(state);
}

async function asStaff(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  await signInOnLoginPage(page, DEMO.staff);
  return { context, page };
}

test('es, desktop: Ana adds names, refused ones are explained, her certificate and the priest’s list carry them', async ({
  page,
  browser,
}, testInfo) => {
  await forget(DEMO.ana.uid);
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto('/mi-cuenta?lng=es');
    await signInOnLoginPage(page, DEMO.ana);
    const section = page.getByTestId('commemorations');
    await expect(
      section.getByRole('heading', { name: 'Nombres para recordar en la oración' }),
    ).toBeVisible({ timeout: 30_000 });
    // The heading shows at once, over a spinner, until the API answers with her list: a busy
    // machine's API took longer than an assertion's 5 s.
    await expect(section.getByText('Todavía no has añadido ningún nombre.')).toBeVisible({
      timeout: 30_000,
    });

    const add = section.getByRole('button', { name: 'Añadir un nombre' });
    await add.click();
    await fillEntry(page, 1, 'Ioan', 'living');
    await add.click();
    await fillEntry(page, 2, 'Gheorghe', 'departed');
    await add.click();
    await fillEntry(page, 3, '   ', 'living');
    await section.getByRole('button', { name: 'Guardar los nombres' }).click();
    const third = page.getByTestId('commemoration-entry').nth(2);
    await expect(third.getByTestId('commemoration-error')).toHaveText(
      'El nombre no puede estar vacío.',
    );
    await expect(third.getByRole('textbox')).toBeFocused();
    await expect(third.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');

    // Only the API knows what the certificate's type can draw: its refusal lands under the name.
    await fillEntry(page, 3, '李娜', 'departed');
    await section.getByRole('button', { name: 'Guardar los nombres' }).click();
    // The API loads the certificates' type for this check: the first time takes a while.
    await expect(third.getByTestId('commemoration-error')).toHaveText(
      'Nombre n.º 3: No se pueden imprimir estos caracteres: 李 娜.',
      { timeout: 30_000 },
    );
    expect((await firestore().collection('commemorations').doc(DEMO.ana.uid).get()).exists).toBe(
      false,
    );

    await section.getByRole('button', { name: 'Quitar el nombre 3' }).click();
    await section.getByLabel('Imprimir estos nombres en mi certificado de donante').check();
    await section.getByRole('button', { name: 'Guardar los nombres' }).click();
    await expect(page.getByText('Nombres guardados')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'commemorations-es-1280');

    await page.reload();
    await expect(page.getByTestId('commemoration-entry')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('commemoration-entry').first().getByRole('textbox')).toHaveValue(
      'Ioan',
    );

    const certificate = await downloaded(page, () =>
      page.getByRole('banner').getByRole('button', { name: 'Certificado' }).click(),
    );
    expect(certificate.name).toBe('certificado.pdf');
    const text = await pdfText(certificate.bytes);
    expect(text).toContain('Recordados en la oración de la parroquia:');
    expect(text).toContain('Vivos: Ioan');
    expect(text).toContain('Difuntos: Gheorghe');

    // Never public: the map and the check page show no name she asked prayers for.
    const code = String(
      (await firestore().collection('users').doc(DEMO.ana.uid).get()).get('personal_code'),
    );
    const visitor = await browser.newContext({ viewport: DESKTOP });
    try {
      const check = await visitor.newPage();
      await check.goto(`/verificar/${code}?lng=es`);
      await expect(check.getByText('Ana García').first()).toBeVisible({ timeout: 30_000 });
      await expect(check.locator('body')).not.toContainText(/Ioan|Gheorghe/);
      const map = await (await check.request.get('/api/cells/snapshot/')).text();
      expect(map).not.toMatch(/Ioan|Gheorghe/);
    } finally {
      await visitor.close();
    }
    await page.goto('/donativos?lng=es');
    await expect(page.locator('[data-code="M10"]')).toBeAttached({ timeout: 30_000 });
    await expect(page.locator('body')).not.toContainText(/Ioan|Gheorghe/);

    // Staff: the priest's list and the CSV from the donors' page, and Ana's names on hers.
    const staff = await asStaff(browser, '/staff/donantes?lng=es');
    try {
      const list = staff.page.getByRole('region', { name: 'Nombres para la oración (pomelnic)' });
      await expect(list).toBeVisible({ timeout: 30_000 });
      const pdf = await downloaded(staff.page, () =>
        list.getByRole('button', { name: 'Imprimir la lista de nombres (PDF)' }).click(),
      );
      expect(pdf.name).toBe('pomelnic.pdf');
      const lines = (await pdfText(pdf.bytes)).split('\n');
      const living = lines.indexOf('Vivos');
      const departed = lines.indexOf('Difuntos');
      expect(living).toBeGreaterThan(-1);
      expect(departed).toBeGreaterThan(living);
      expect(lines.slice(living, departed)).toContain('Ioan');
      expect(lines.slice(departed)).toContain('Gheorghe');
      expect(lines.slice(departed)).not.toContain('Ioan');
      expect(lines).not.toContain('Ana García');
      await expect(staff.page.getByTestId('commemoration-list-result')).toHaveText(
        'Lista de nombres descargada.',
      );

      const csv = await downloaded(staff.page, () =>
        list.getByRole('button', { name: 'Descargar CSV' }).click(),
      );
      expect(csv.name).toBe('pomelnic.csv');
      // Opened as Excel set to Spanish opens it: columns split on `;`.
      const sheet = readAsSpanishExcel(csv.bytes.toString('utf8'));
      expect(sheet.header).toEqual(['estado', 'nombre', 'donante', 'codigo_personal']);
      expect(sheet.rows).toEqual(
        expect.arrayContaining([
          { estado: 'vivo', nombre: 'Ioan', donante: 'Ana García', codigo_personal: code },
          { estado: 'difunto', nombre: 'Gheorghe', donante: 'Ana García', codigo_personal: code },
        ]),
      );
      await expectNoAxeViolations(staff.page);
      await shoot(staff.page, testInfo, 'commemorations-staff-es-1280');

      await staff.page.goto(`/staff/donantes/${DEMO.ana.uid}?lng=es`);
      const names = staff.page.getByTestId('donor-commemorations');
      await expect(names).toContainText('Vivos', { timeout: 30_000 });
      await expect(names).toContainText('Ioan');
      await expect(names).toContainText('Gheorghe');
      await expect(names).toContainText('Se imprimen en su certificado.');

      // A name that should not be read at the altar: the priest takes it off, saying why.
      await names.getByRole('button', { name: 'Quitar «Gheorghe»' }).click();
      await names
        .getByLabel('Por qué quitas «Gheorghe» de la lista (queda en el registro de acciones)')
        .fill('Nombre repetido por error');
      await names.getByRole('button', { name: 'Quitar de la lista' }).click();
      await expect(names).not.toContainText('Gheorghe', { timeout: 30_000 });
      await expect(names).toContainText('Ioan');
      const afterRemoval = await downloaded(staff.page, async () => {
        await staff.page.goto('/staff/donantes?lng=es');
        await staff.page.getByRole('button', { name: 'Descargar CSV' }).click();
      });
      expect(readAsSpanishExcel(afterRemoval.bytes.toString('utf8')).rows).not.toEqual(
        expect.arrayContaining([expect.objectContaining({ nombre: 'Gheorghe' })]),
      );

      // On the record, and found by its kind in the record's filter.
      await staff.page.goto('/staff/acciones?lng=es');
      await staff.page.getByTestId('staff-actions-kind').selectOption('print-commemorations');
      const printedAction = staff.page.locator('[data-kind="print-commemorations"]').first();
      await expect(printedAction).toContainText('Lista de nombres impresa (pomelnic)', {
        timeout: 30_000,
      });
      await staff.page.getByTestId('staff-actions-kind').selectOption('remove-commemoration');
      const removedAction = staff.page.locator('[data-kind="remove-commemoration"]').first();
      await expect(removedAction).toContainText('Nombre quitado de la lista', { timeout: 30_000 });
      await expect(removedAction).toContainText('Nombre repetido por error');
    } finally {
      await staff.context.close();
    }
  } finally {
    await forget(DEMO.ana.uid);
  }
});

test('ro, 360 x 740 phone: Ion’s names, large targets, errors in Romanian; the list prints in Romanian', async ({
  page,
  browser,
}, testInfo) => {
  const ion = await freshDonor('Ion Pomelnic', 'P28');
  try {
    await page.setViewportSize(PHONE);
    await page.goto('/mi-cuenta?lng=ro');
    await signInOnLoginPage(page, ion);
    const section = page.getByTestId('commemorations');
    await expect(
      section.getByRole('heading', { name: 'Nume de pomenit în rugăciune' }),
    ).toBeVisible({ timeout: 30_000 });
    const add = section.getByRole('button', { name: 'Adăugați un nume' });
    await add.click();
    await fillEntry(page, 1, 'Paraschiva', 'living');
    await add.click();
    await fillEntry(page, 2, '\u200B', 'departed');
    await section.getByRole('button', { name: 'Salvați numele' }).click();
    await expect(
      page.getByTestId('commemoration-entry').nth(1).getByTestId('commemoration-error'),
    ).toHaveText('Numele nu poate fi gol.');
    await expect(page.getByTestId('commemorations-form-error')).toHaveText(
      'Verificați numele marcate înainte de a salva.',
    );
    await fillEntry(page, 2, 'Nectarie', 'departed');
    await section.getByLabel('Tipăriți aceste nume pe certificatul meu de donator').check();

    // A reader with a shaky hand and weak eyes: every control 44 x 44 px at least, 16 px text.
    const controls = section.locator('input, select, button, label:has(input[type=checkbox])');
    for (const control of await controls.all()) {
      if ((await control.getAttribute('type')) === 'checkbox') continue;
      const box = (await control.boundingBox())!;
      const what = (await control.getAttribute('aria-label')) ?? (await control.textContent());
      expect(box.height, `${what} height`).toBeGreaterThanOrEqual(44);
      expect(box.width, `${what} width`).toBeGreaterThanOrEqual(44);
    }
    for (const text of await section.locator('p, label, input, select, button').all()) {
      const size = await text.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(size).toBeGreaterThanOrEqual(16);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Leaving before saving asks first, in her language; staying keeps what she typed.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      // Dismissing settles at once; the click that raised it waits for it anyway.
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Deschideți meniul' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Harta parcelelor' }).click();
    expect(asked).toBe('Numele scrise nu sunt salvate. Plecați fără să le salvați?');
    await expect(page).toHaveURL(/\/mi-cuenta/);
    await page.getByRole('button', { name: 'Închideți meniul' }).click();
    await expect(page.getByTestId('commemoration-entry').nth(1).getByRole('textbox')).toHaveValue(
      'Nectarie',
    );

    await section.getByRole('button', { name: 'Salvați numele' }).click();
    await expect(page.getByText('Numele au fost salvate')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'commemorations-ro-360');
    // Saved: leaving asks nothing.
    await page.getByRole('button', { name: 'Deschideți meniul' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Harta parcelelor' }).click();
    await expect(page).toHaveURL(/\/donativos/);

    const staff = await asStaff(browser, '/staff/donantes?lng=ro');
    try {
      const pdf = await downloaded(staff.page, () =>
        staff.page.getByRole('button', { name: 'Tipăriți pomelnicul (PDF)' }).click(),
      );
      const lines = (await pdfText(pdf.bytes)).split('\n');
      const living = lines.indexOf('Vii');
      const departed = lines.indexOf('Adormiți');
      expect(living).toBeGreaterThan(-1);
      expect(departed).toBeGreaterThan(living);
      expect(lines.slice(living, departed)).toContain('Paraschiva');
      expect(lines.slice(departed)).toContain('Nectarie');
    } finally {
      await staff.context.close();
    }
  } finally {
    await forget(ion.uid);
  }
});

test('en: an empty name is refused in English and nothing is saved', async ({ page }) => {
  const john = await freshDonor('John Pomelnic', 'P29');
  await page.setViewportSize(DESKTOP);
  await page.goto('/mi-cuenta?lng=en');
  await signInOnLoginPage(page, john);
  const section = page.getByTestId('commemorations');
  await expect(section.getByRole('heading', { name: 'Names to remember in prayer' })).toBeVisible({
    timeout: 30_000,
  });
  await section.getByRole('button', { name: 'Add a name' }).click();
  await section.getByRole('button', { name: 'Save the names' }).click();
  await expect(page.getByTestId('commemoration-error')).toHaveText('The name cannot be empty.');
  await expect(page.getByTestId('commemorations-form-error')).toHaveText(
    'Check the marked names before saving.',
  );
  expect((await firestore().collection('commemorations').doc(john.uid).get()).exists).toBe(false);
});

test('ro: an account with no gift is told why there is no form, in her language', async ({
  page,
}) => {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Fără Dar');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/mi-cuenta?lng=ro');
  await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
  const section = page.getByTestId('commemorations');
  await expect(section.getByTestId('commemorations-need-gift')).toHaveText(
    /le dau donatorii: le veți putea da aici de îndată ce aveți o parcelă/,
    { timeout: 30_000 },
  );
  await expect(section.getByRole('button', { name: 'Adăugați un nume' })).toHaveCount(0);
});
