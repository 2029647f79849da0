import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chromiumLaunchOptions,
  chromiumMissing,
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  findChromium,
} from '../src/chromium.ts';

describe('Chromium lookup', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('prefers CHROMIUM_PATH when it exists', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(findChromium()).toBe(process.execPath);
    expect(findChromium({ full: true })).toBe(process.execPath);
    expect(chromiumLaunchOptions().args).toContain('--no-sandbox');
  });

  it("takes Debian's headless shell for tests and its full browser for figures, naming both when neither is there", () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    const shell = existsSync(DEBIAN_HEADLESS_SHELL);
    const full = existsSync(DEBIAN_CHROMIUM);
    expect(findChromium()).toBe(shell ? DEBIAN_HEADLESS_SHELL : full ? DEBIAN_CHROMIUM : undefined);
    expect(findChromium({ full: true })).toBe(full ? DEBIAN_CHROMIUM : undefined);
    if (!shell && !full) {
      const missing = chromiumMissing();
      expect(missing).toContain('/nonexistent/chromium');
      expect(missing).toContain(DEBIAN_HEADLESS_SHELL);
      expect(missing).toContain(DEBIAN_CHROMIUM);
      expect(() => chromiumLaunchOptions()).toThrow(/chromium-headless-shell/);
    } else {
      expect(chromiumMissing()).toBeUndefined();
    }
  });
});
