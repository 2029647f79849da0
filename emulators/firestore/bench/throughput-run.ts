/**
 * The write-throughput figures alone (`npx tsx bench/throughput-run.ts [host:port]`): ours (the
 * bundle with node-flags.json and the journal on, or the emulator already running at host:port)
 * beside Google's emulator. BENCH_ROUNDS (5); BENCH_GOOGLE=0 measures ours only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUNDLE_FLAGS, bundleCli, HOST, startEmulator, stopAll } from './processes.ts';
import { compareThroughput, throughputRows, type Target } from './throughput.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const withGoogle = process.env.BENCH_GOOGLE === '0' ? false : undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-firestore-throughput-'));
try {
  let ours: Target = { host: process.argv[2] ?? '', pid: undefined };
  if (!ours.host) {
    const bundle = bundleCli();
    if (!bundle) throw new Error('the bundle did not build');
    const started = await startEmulator([...BUNDLE_FLAGS, bundle, '--export-on-exit', dataDir]);
    ours = { host: `${HOST}:${started.port}`, pid: started.child.pid };
  }
  const rows = throughputRows(await compareThroughput(ours, rounds, withGoogle));
  for (const [measure, figure, target, notes] of rows) {
    process.stdout.write(`${measure}: ${figure} (target ${target}; ${notes})\n`);
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
