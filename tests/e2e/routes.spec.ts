/**
 * Every public route in the three languages (`?lng=`), each checked with axe; the routes that
 * need an account send a visitor to /login. The map is open to visitors: buying there asks to
 * sign in, and comes back with the plots still picked.
 */
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { expectNoAxeViolations, freeCell, LANGUAGES, type Language } from './support.ts';

const HEADINGS: Record<string, Record<Language, RegExp>> = {
  '/': {
    es: /Construyamos juntos una iglesia/,
    en: /Let us build a church/,
    ro: /Să construim împreună o biserică/,
  },
  '/politica-privacidad': {
    es: /Política de privacidad/,
    en: /Privacy policy/,
    ro: /Politica de confidențialitate/,
  },
  '/politica-cookies': {
    es: /Política de cookies/,
    en: /Cookie policy/,
    ro: /Politica de cookie-uri/,
  },
  '/aviso-legal': { es: /Aviso legal/, en: /Legal notice/, ro: /Informații legale/ },
  '/verificar/ZZZZ9999': {
    es: /Comprobar un certificado/,
    en: /Check a certificate/,
    ro: /Verificați un certificat/,
  },
  '/no-existe': { es: /404/, en: /404/, ro: /404/ },
};

const NOT_FOUND: Record<Language, string> = {
  es: 'Página no encontrada. Puede que el enlace esté roto o que ya no exista.',
  en: 'Page not found. The link may be broken or no longer exists.',
  ro: 'Pagina nu a fost găsită. Este posibil ca linkul să fie greșit sau să nu mai existe.',
};

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    for (const [path, headings] of Object.entries(HEADINGS)) {
      test(`${path} shows its page with header and footer, without axe violations`, async ({
        page,
      }) => {
        await page.goto(`${path}?lng=${language}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[language]);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
        await expectNoAxeViolations(page);
      });
    }

    test('the not-found page has its message and a way home', async ({ page }) => {
      await page.goto(`/no/existe?lng=${language}`);
      await expect(page.getByText(NOT_FOUND[language])).toBeVisible();
      await page.getByRole('main').getByRole('link').click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('the how-to-donate popup lists the three ways and leads a visitor to the map', async ({
      page,
    }) => {
      await page.goto(`/?lng=${language}`);
      await page.getByRole('main').getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('section')).toHaveCount(3);
      await expect(dialog.locator('section').nth(0).locator('ol > li')).toHaveCount(6);
      await expect(dialog.locator('section').nth(1).locator('ol > li')).toHaveCount(3);
      await expect(dialog.locator('section').nth(2).locator('ol > li')).toHaveCount(4);
      await expect(dialog.getByTestId('bank-details')).toContainText('IBAN');
      await expectNoAxeViolations(page);
      await dialog.locator('button').last().click();
      await expect(page).toHaveURL(/\/donativos$/);
      await expect(page.locator('[data-code="X39"]')).toBeAttached({ timeout: 15_000 });
    });

    for (const path of ['/post-login', '/success', '/cancel', '/set/certificate']) {
      test(`${path} sends a visitor to /login`, async ({ page }) => {
        await page.goto(`${path}?lng=${language}`);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('input[type=email]')).toBeVisible();
      });
    }
  });
}

test('the home page shows the campaign progress from the live plots', async ({ page }) => {
  await page.goto('/?lng=es');
  await expect(page.getByTestId('progress-plots')).toHaveText(
    /^Parcelas donadas: \d+ de 936 \(\d+ compradas y \d+ reservadas con señal\)$/,
  );
  await expect(page.getByTestId('progress-raised')).toContainText('234.000,00 €');
});

test('the home page says when the progress cannot be read, and the rest of it stays', async ({
  page,
}) => {
  await page.route('**/documents/campaign/progress?*', (route) => route.abort('failed'));
  await page.goto('/?lng=es');
  await expect(page.getByText('No se ha podido cargar el progreso de la campaña.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the side panel holds the header actions on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const login = page.getByRole('banner').getByRole('button', { name: 'Log in' });
  await expect(login).toBeHidden();
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(login).toBeVisible();
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor looks at the map and its prices; buying asks to sign in and comes back with the plot picked', async ({
  page,
}) => {
  await freeCell('Q31');
  let snapshots = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/cells/snapshot/')) snapshots += 1;
  });
  try {
    await page.goto('/donativos?lng=es');
    // The plots, the prices and the legend, without an account, read once.
    await expect(page.locator('[data-code="Q31"]')).toBeAttached({ timeout: 15_000 });
    expect(snapshots).toBe(1);
    await expect(page.getByRole('complementary', { name: 'Cómo funciona' })).toContainText('250');
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }),
    ).toBeVisible();
    await page.locator('[data-code="Q31"]').click();
    await expect(page.getByTestId('sign-in-first')).toHaveText(
      'Para comprar o reservar, primero entra o crea tu cuenta; tus parcelas siguen elegidas.',
    );
    await expectNoAxeViolations(page);
    await page.getByTestId('reserve').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.locator('input[type=email]').fill(DEMO.ana.email);
    await page.locator('input[type=password]').fill(DEMO.ana.password);
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/donativos$/, { timeout: 30_000 });
    await expect(page.locator('[data-code="Q31"]')).toHaveAttribute('aria-pressed', 'true', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('reserve')).toBeVisible();
    await expect(page.getByTestId('sign-in-first')).toHaveCount(0);
  } finally {
    await freeCell('Q31');
  }
});
