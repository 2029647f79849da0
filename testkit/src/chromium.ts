/**
 * The browser of every browser test: Playwright cannot download its own here, so it drives the
 * system's Chromium (`CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`) with the flags these
 * machines need (no sandbox in containers, no GPU, nothing fetched in the background).
 */
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium to use, or undefined when neither `CHROMIUM_PATH` nor Debian's is there. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

/** Why the browser tests cannot run, for a skipped test's name; undefined when they can. */
export function chromiumMissing(): string | undefined {
  if (findChromium()) return undefined;
  const given = process.env.CHROMIUM_PATH;
  return `no Chromium: ${given ? `CHROMIUM_PATH=${given} does not exist` : 'CHROMIUM_PATH is not set'} and ${DEBIAN_CHROMIUM} is not installed`;
}

export function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(`${chromiumMissing()} (Debian: apt-get install chromium)`);
  return path;
}

/** Playwright's `launchOptions` / `chromium.launch()` options for the machine's Chromium. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] };
}
