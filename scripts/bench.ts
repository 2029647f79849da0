/**
 * `npm run bench`: every benchmark, one after the other (2 cores), each printing its figures
 * next to its targets. `npm run bench -w emulators/firestore` still runs that one alone.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '@parroquia/testkit/local-stack';

const benches: Array<{ title: string; args: string[] }> = [
  { title: 'Firestore emulator', args: ['run', 'bench', '-w', 'emulators/firestore'] },
  { title: 'payments', args: ['run', 'bench:payments'] },
  { title: 'hourly sweep', args: ['exec', '--', 'tsx', 'tests/bench/sweep-reads.ts'] },
  {
    title: 'physical certificates PDF',
    args: ['exec', '--', 'tsx', 'scripts/bench-certificates.ts'],
  },
  { title: 'printing under load', args: ['exec', '--', 'tsx', 'tests/bench/pdf-load.ts'] },
  { title: 'web app', args: ['run', 'bench:web'] },
];

// The payments, sweep and web benches serve `functions/lib` as built: built once here, for all (a
// fresh checkout has none, and the stack then waits in vain for the API).
console.log('\n=== building the functions ===');
let failed =
  spawnSync('npm', ['run', 'build', '-w', 'functions'], { cwd: ROOT, stdio: 'inherit' }).status !==
  0;
for (const bench of benches) {
  console.log(`\n=== bench: ${bench.title} ===`);
  const result = spawnSync('npm', bench.args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
