/**
 * `npm run test:properties -- --runs 100000 [--seed N]`: the money core's property tests
 * (domain/src/settlement/properties.test.ts) over as many random sequences as asked; `npm test`
 * runs a short run of the same tests.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) {
  console.error(`--runs takes a whole number of sequences, not ${values.runs}`);
  process.exit(2);
}
const domain = fileURLToPath(new URL('../domain', import.meta.url));
const started = Date.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'src/settlement/properties.test.ts', '--testTimeout', '0', '-t', 'keeps'],
  {
    cwd: domain,
    stdio: 'inherit',
    env: {
      ...process.env,
      PROPERTY_RUNS: String(runs),
      ...(values.seed ? { PROPERTY_SEED: values.seed } : {}),
    },
  },
);
const seconds = (Date.now() - started) / 1000;
console.log(
  `properties: ${runs} sequences in ${seconds.toFixed(1)} s (${Math.round(runs / seconds)}/s)`,
);
process.exit(result.status ?? 1);
