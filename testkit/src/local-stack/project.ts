/**
 * The repository the local stack runs: its root folder, the demo project id every emulator and
 * SDK uses (the `demo-` prefix keeps them off real Google services), and the local secrets file.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const PROJECT_ID = 'demo-parroquia';

/** The functions' local secrets (`functions/.secret.local`): Stripe's keys for the double. */
export function localSecrets(): Record<string, string> {
  const text = readFileSync(join(ROOT, 'functions/.secret.local'), 'utf8');
  const pairs = text.split('\n').filter((line) => /^[A-Z_]+=/.test(line));
  return Object.fromEntries(
    pairs.map((line) => [
      line.slice(0, line.indexOf('=')),
      line.slice(line.indexOf('=') + 1).trim(),
    ]),
  );
}
