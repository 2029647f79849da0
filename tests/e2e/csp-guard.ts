/**
 * The `test` of every journey: it fails on any Content-Security-Policy violation (issue 21),
 * so the site's policy (firebase.json, widened locally by the stack's emulators) is checked by
 * everything the journeys do. Each page reports the `securitypolicyviolation` events of its
 * documents to the console, where Chromium also writes its own "Refused to ..." lines; both
 * are collected from the test's context and from any context the journey opens itself.
 */
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

const MARK = 'CSP violation:';

async function reportViolations(context: BrowserContext, violations: string[]) {
  await context.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const blocked = event.blockedURI || 'inline';
      console.error(`${mark} ${event.effectiveDirective} blocked ${blocked} (${event.sourceFile})`);
    });
  }, MARK);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(MARK) || /Content Security Policy/i.test(text)) {
      violations.push(`${message.page()?.url() ?? '?'}: ${text}`);
    }
  });
}

/** Guards every context `browser.newContext()` opens while the test runs (a second donor). */
function guardNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    await reportViolations(context, violations);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{
  contentSecurityPolicy: void;
  /**
   * Violations a journey expects and names (`test.use`), each with the reason beside it; any
   * other still fails the test. None by default.
   */
  expectedCspViolations: RegExp[];
}>({
  expectedCspViolations: [[], { option: true }],
  contentSecurityPolicy: [
    async ({ browser, context, expectedCspViolations }, use) => {
      const violations: string[] = [];
      await reportViolations(context, violations);
      const restore = guardNewContexts(browser, violations);
      try {
        await use();
      } finally {
        restore();
      }
      const unexpected = violations.filter(
        (violation) => !expectedCspViolations.some((expected) => expected.test(violation)),
      );
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
