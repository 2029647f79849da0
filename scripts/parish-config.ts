/**
 * `npm start`'s one-line warning about the parish's details (`VITE_PARISH_*`) the web build has
 * no value for: the popup then says "ask the parish" (docs/local-stack.md). Read as Vite reads
 * them for `vite build`: the environment, then `web/.env*` for the production mode.
 */
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { unsetParishVariables } from '../web/src/config/parish-variables.ts';
import { ROOT } from '@parroquia/testkit/local-stack';

export function warnUnsetParishDetails(log: (line: string) => void = console.warn): void {
  const unset = unsetParishVariables(loadEnv('production', join(ROOT, 'web'), 'VITE_PARISH_'));
  if (unset.length > 0) {
    log(`! parish details not configured (the popup says "ask the parish"): ${unset.join(', ')}`);
  }
}
