import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumLaunchOptions, chromiumMissing, findChromium } from '../src/chromium.ts';

describe('Chromium lookup', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('prefers CHROMIUM_PATH when it exists', () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    expect(findChromium()).toBe(process.execPath);
    expect(chromiumLaunchOptions().args).toContain('--no-sandbox');
  });

  it('names both places when neither exists', () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    const missing = chromiumMissing();
    if (findChromium()) {
      // Debian's Chromium is installed: the fallback is taken.
      expect(findChromium()).toBe('/usr/bin/chromium');
      expect(missing).toBeUndefined();
    } else {
      expect(missing).toContain('/nonexistent/chromium');
      expect(missing).toContain('/usr/bin/chromium');
      expect(() => chromiumLaunchOptions()).toThrow(/\/usr\/bin\/chromium/);
    }
  });
});
