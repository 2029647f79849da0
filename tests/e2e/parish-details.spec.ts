/**
 * Issue 19 item 6: the how-to-donate popup shows the parish's details from configuration
 * (`VITE_PARISH_*`) and, for each one not set, "ask the parish" in the visitor's language, never
 * an invented value. The suite's build sets none (docs/local-stack.md), so every detail asks.
 */
import { expect, test } from './csp-guard.ts';
import {
  expectNoAxeViolations,
  LANGUAGES,
  screenshotAtBothSizes,
  type Language,
} from './support.ts';

const ASK: Record<Language, string> = {
  es: 'Pregunta en la parroquia',
  en: 'Ask the parish',
  ro: 'Întrebați la parohie',
};

/** The fake values the popup showed before issue 19; none may come back. */
const OLD_PLACEHOLDERS = [
  /ES00 0000/,
  /XXXXES/,
  /parroquia\.example/,
  /600 000 000/,
  /Banco de ejemplo/,
];

for (const language of LANGUAGES) {
  test(`in ${language}: unset parish details read "${ASK[language]}", with no invented value`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/?lng=${language}`);
    await page.getByRole('main').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const bank = dialog.getByTestId('bank-details');
    // Holder, bank, IBAN and BIC: each says to ask.
    await expect(bank.locator('dd')).toHaveText([
      ASK[language],
      ASK[language],
      ASK[language],
      ASK[language],
    ]);
    // The steps that named the phone and the e-mail say where to ask instead.
    await expect(dialog.locator('section').nth(1).locator('ol > li').first()).not.toContainText(
      '{{',
    );
    await expect(dialog.locator('section').nth(2).locator('ol > li').nth(2)).not.toContainText(
      '{{',
    );
    for (const fake of OLD_PLACEHOLDERS) await expect(dialog).not.toContainText(fake);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `how-to-donate-${language}`, () =>
      dialog.getByTestId('bank-details').scrollIntoViewIfNeeded(),
    );
  });
}
