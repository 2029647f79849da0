/** The benches' one way in: a donor signs in on the login page and comes back to the map. */
import type { Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
}

/**
 * Signs `account` in on /login, which returns to /donativos (open to visitors, so it shows no
 * form of its own), and waits until the map has every plot.
 */
export async function signInToMap(page: Page, siteUrl: string, account: Account): Promise<void> {
  await page.goto(`${siteUrl}/login?returnTo=${encodeURIComponent('/donativos')}`);
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/donativos$/, { timeout: 30_000 });
  await page.locator('[data-code="X39"]').waitFor({ state: 'attached', timeout: 30_000 });
}
