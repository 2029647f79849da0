import { expect, test } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { adminFirestore } from '../support/clients.ts';

const firestoreHost = () => process.env.TEST_FIRESTORE_HOST!;

test('the home page lists the plots served by the API', async ({ page }) => {
  await page.goto('/');
  const list = page.getByTestId('cell-list');
  await expect(list).toBeVisible();
  await expect(page.getByTestId('cell-A1')).toBeVisible();
  await expect(page.getByTestId('cell-X39')).toBeAttached();
  await expect(list.locator('[data-testid^="cell-"]')).toHaveCount(24 * 39);
});

test('a plot bought in Firestore shows as bought after a reload', async ({ page }) => {
  const db = adminFirestore(firestoreHost());
  const ref = db.collection('cells').doc('C7');
  await ref.set({
    x: 'C',
    y: 7,
    status: 'bought',
    user: 'donor-ana',
    donor_display: 'Ana García',
    updated_at: Timestamp.now(),
  });
  try {
    await page.goto('/');
    await expect(page.getByTestId('cell-C7')).toContainText(/Ana García/);
    await expect(page.getByTestId('cell-C7')).toHaveAttribute('data-status', 'bought');
  } finally {
    await ref.set({ x: 'C', y: 7, status: 'available', user: null, donor_display: null, updated_at: Timestamp.now() });
  }
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page.getByRole('link', { name: /inicio|home/i }).or(page.getByRole('button', { name: /inicio|home/i }))).toBeVisible();
});
