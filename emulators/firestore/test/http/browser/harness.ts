/**
 * The HTTP tests' browser page, bundled, served and driven with the conformance suite's harness
 * (one esbuild setup, one static server, one way to launch Debian's Chromium).
 */
import { fileURLToPath } from 'node:url';
import { bundleHarness } from '../../conformance/harness/build.ts';
import { serveHarness } from '../../conformance/harness/server.ts';

export { launchChromium } from '../../conformance/drivers/browser.ts';

export function bundlePage(): Promise<string> {
  return bundleHarness(fileURLToPath(new URL('./page.ts', import.meta.url)));
}

export async function servePage(js: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await serveHarness(js);
  return { url: server.url, stop: () => server.close() };
}
