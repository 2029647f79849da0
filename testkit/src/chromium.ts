/**
 * The browser of every browser test: Playwright cannot download its own here, so it drives the
 * system's Chromium with the flags these machines need (no sandbox in containers, no GPU,
 * nothing fetched in the background).
 *
 * Which one: `CHROMIUM_PATH` when set, else Debian's headless shell
 * (`/usr/bin/chromium-headless-shell`, package chromium-headless-shell), else Debian's full
 * Chromium (`/usr/bin/chromium`). The headless shell is the same Chromium (one Debian source
 * package, one version) built without the desktop browser around it; it is what Playwright
 * itself runs for headless tests, and it took 27 % less CPU than the full browser on the same
 * journeys (docs/local-stack.md). The benches that stand for a visitor's browser (Lighthouse,
 * the map's timings) ask for the full one (`{ full: true }`).
 */
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ChromiumChoice {
  /** The full browser, as a visitor runs it (for figures), never the headless shell. */
  full?: boolean;
}

function candidates({ full = false }: ChromiumChoice): string[] {
  return [
    process.env.CHROMIUM_PATH,
    ...(full ? [] : [DEBIAN_HEADLESS_SHELL]),
    DEBIAN_CHROMIUM,
  ].filter((path): path is string => !!path);
}

/** The Chromium to use, or undefined when none of the candidates is there. */
export function findChromium(choice: ChromiumChoice = {}): string | undefined {
  return candidates(choice).find((path) => existsSync(path));
}

/** Why the browser tests cannot run, for a skipped test's name; undefined when they can. */
export function chromiumMissing(choice: ChromiumChoice = {}): string | undefined {
  if (findChromium(choice)) return undefined;
  const given = process.env.CHROMIUM_PATH;
  const debian = choice.full ? DEBIAN_CHROMIUM : `${DEBIAN_HEADLESS_SHELL} nor ${DEBIAN_CHROMIUM}`;
  return `no Chromium: ${given ? `CHROMIUM_PATH=${given} does not exist` : 'CHROMIUM_PATH is not set'} and neither ${debian} is installed`;
}

export function chromiumPath(choice: ChromiumChoice = {}): string {
  const path = findChromium(choice);
  if (!path) {
    throw new Error(
      `${chromiumMissing(choice)} (Debian: apt-get install chromium chromium-headless-shell)`,
    );
  }
  return path;
}

/** Playwright's `launchOptions` / `chromium.launch()` options for the machine's Chromium. */
export function chromiumLaunchOptions(choice: ChromiumChoice = {}): {
  executablePath: string;
  args: string[];
} {
  return { executablePath: chromiumPath(choice), args: [...CHROMIUM_ARGS] };
}
