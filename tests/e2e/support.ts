/** Shared steps of the browser journeys: signing in through the page, axe, Firestore writes. */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { donationEntry, ledgerSearchWords } from '@parroquia/domain';
import { adminFirestore, DEMO } from '../support/clients.ts';

export const LANGUAGES = ['es', 'en', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Catalogue = { [key: string]: string | Catalogue };

const readCatalogue = (path: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`../../web/src/locales/${path}`, import.meta.url), 'utf8'));

/**
 * The web app's words in `language` (web/src/locales), as the pages show them: the site's
 * catalogue and the staff screens' (`staff/<language>.json`), whose keys are apart.
 */
export const catalogue = (language: Language): Catalogue => ({
  ...readCatalogue(`${language}.json`),
  ...readCatalogue(`staff/${language}.json`),
});

export const firestore = () => adminFirestore(process.env.TEST_FIRESTORE_HOST!);

/** Signs in with e-mail and password on /login (the page the app sent us to). */
export async function signInOnLoginPage(page: Page, account: { email: string; password: string }) {
  // The map is open to visitors (docs/screens.md): from it, sign in with the way back to it, as
  // the header's Log in does. Every other page that needs an account sends a visitor to /login.
  const opened = new URL(page.url());
  if (opened.pathname === '/donativos') {
    await page.goto(`/login?returnTo=${encodeURIComponent(`${opened.pathname}${opened.search}`)}`);
  }
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await page.locator('form button[type=submit]').click();
}

/**
 * The link of the sign-up e-mail the API queued for `email` (sign-up goes through the parish's
 * mail, `mail` documents `sign-up-verify-*`), once it is there: /login with the code that
 * confirms the account.
 */
export async function signUpLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const found = await firestore().collection('mail').where('to', '==', email).get();
      const mail = found.docs.find((doc) => doc.id.startsWith('sign-up-verify-'));
      link = mail && /(http\S+)/.exec(mail.get('message.text') as string)?.[1];
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * No accessibility violations that axe can see on the page as it is now.
 *
 * The map's 936 plots are one component in a handful of kinds, and axe takes 20-30 s over all of
 * them (CI's end-to-end time went mostly there). So unless `wholeMap` is asked for, axe checks
 * one plot of each kind the page shows (state, own, selected, with a caption, the tab stop,
 * pickable or not) and everything around the map; a kind of plot that fails fails here too. The
 * map's own journey checks every plot once (`wholeMap`).
 */
export async function expectNoAxeViolations(page: Page, { wholeMap = false } = {}) {
  // Axe reads the page at rest: a toast fading out has, for a moment, the contrast of a half
  // transparent text (color-contrast failed on one in CI, gone by the next look). Endless
  // animations (a spinner) are not waited for, nor anything past 5 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 5_000)),
    ]),
  );
  // Only the violations' nodes are described (their CSS selectors made): every rule still runs
  // on every node, and describing the passes too cost half of each analysis.
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (!wholeMap) {
    await page.evaluate(() => {
      const seen = new Set<string>();
      for (const plot of document.querySelectorAll('svg [data-code]')) {
        const kind = [
          plot.getAttribute('data-status'),
          plot.hasAttribute('data-own'),
          plot.hasAttribute('data-selected'),
          plot.hasAttribute('data-named'),
          plot.getAttribute('tabindex'),
          plot.getAttribute('aria-disabled'),
        ].join();
        plot.toggleAttribute('data-axe-same-kind', seen.has(kind));
        seen.add(kind);
      }
    });
    axe = axe.exclude('[data-axe-same-kind]');
  }
  const results = await axe.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
}

type CellFields = {
  status: 'available' | 'held' | 'reserved' | 'bought';
  user?: string | null;
  donor_display?: string | null;
  hold?: { session_id: string; kind: 'buy' | 'reserve' | 'complete'; expires_at: Timestamp } | null;
  reserved_until?: Timestamp | null;
};

/** Writes a plot as the functions would (the admin SDK), e.g. another donor taking it. */
export async function setCell(code: string, fields: CellFields) {
  await firestore()
    .collection('cells')
    .doc(code)
    .set({
      x: code[0],
      y: Number(code.slice(1)),
      user: null,
      donor_display: null,
      hold: null,
      reserved_until: null,
      ...fields,
      // The commit's time, as the functions store it: the map listens for later changes.
      updated_at: FieldValue.serverTimestamp(),
    });
}

export const freeCell = (code: string) => setCell(code, { status: 'available' });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A donor's reservation of `plot`, ending in `days` days, with its deposit paid by card. */
export async function reservedFor(
  donor: { uid: string; email: string; name: string },
  plot: string,
  days: number,
) {
  await setCell(plot, {
    status: 'reserved',
    user: donor.uid,
    donor_display: donor.name,
    reserved_until: Timestamp.fromMillis(Date.now() + days * DAY_MS),
  });
  const entry = donationEntry({
    method: 'card',
    kind: 'reserve',
    donor: { uid: donor.uid, email: donor.email, name: donor.name },
    plots: [plot],
    amountCents: 5_000,
    at: Date.now(),
    recordedBy: null,
  });
  await firestore()
    .collection('donations')
    .doc(`e2e-deposit-${plot}`)
    .set({
      ...entry,
      created_at: Timestamp.fromMillis(entry.created_at),
      search: ledgerSearchWords(entry),
    });
}

/** Ana's reservation of `plot`, ending in `days` days, with its deposit paid by card. */
export const reservedForAna = (plot: string, days: number) =>
  reservedFor({ uid: DEMO.ana.uid, email: DEMO.ana.email, name: 'Ana García' }, plot, days);

/** The plot free again, and the ledger rows and staff actions about it gone. */
export async function tidyPlot(plot: string) {
  await freeCell(plot);
  for (const name of ['donations', 'staff_actions']) {
    const field = name === 'donations' ? 'cells' : 'plots';
    const found = await firestore().collection(name).where(field, 'array-contains', plot).get();
    await Promise.all(found.docs.map((doc) => doc.ref.delete()));
  }
}

export const inHalfAnHour = () => Timestamp.fromMillis(Date.now() + 30 * 60 * 1000);

/** The two widths every changed screen is looked at (CONTRIBUTING.md: phone and desktop). */
export const SCREEN_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Screenshots of the page as it is now at both sizes, kept with the test's results
 * (`tests/test-results/`) and attached to its report; `ready` waits for what must be on screen.
 */
export async function screenshotAtBothSizes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  ready: () => Promise<void> = async () => {},
) {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await ready();
    const path = testInfo.outputPath(`${name}-${size.width}.png`);
    // Transitions finished: a resize slides the small-screen side panel shut, which a phone
    // loaded at this size never shows.
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name} ${size.width}`, { path, contentType: 'image/png' });
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen share no pixel: neither hides the other. */
export function apart(a: Box, b: Box): boolean {
  return (
    a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x
  );
}

/** Fingers put down at `from`, moved together by `by` in ten steps, lifted: a touch screen's swipe. */
export async function swipe(
  page: Page,
  from: Array<{ x: number; y: number }>,
  by: { dx: number; dy: number },
) {
  const cdp = await page.context().newCDPSession(page);
  const at = (step: number) =>
    from.map(({ x, y }, id) => ({ x: x + (by.dx * step) / 10, y: y + (by.dy * step) / 10, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  // A quick swipe flings: the page (or the map) goes on scrolling after the finger lifts, and
  // what is measured before it stops has moved by the time it is tapped. Done when it stops.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const scrolled = () =>
          [document.scrollingElement, ...document.querySelectorAll('[data-testid="plot-map"]')]
            .map((element) => `${element?.scrollLeft},${element?.scrollTop}`)
            .join();
        const before = scrolled();
        setTimeout(() => resolve(scrolled() === before), 150);
      }),
  );
}
