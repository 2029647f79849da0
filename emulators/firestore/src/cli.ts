/**
 * firestore-emulator --port 8080 [--host H] [--import DIR] [--export-on-exit DIR] [--rules FILE]
 *   [--no-watch-rules] [--indexes FILE] [--indexes-mode enforce|warn] [--no-watch-indexes] [--quiet]
 * Prints `Firestore emulator ready on HOST:PORT` once everything is loaded and the port is open;
 * a part that cannot load (rules that do not compile, gRPC, the port) exits 1 with the reason.
 */
import { start } from './server.ts';

function parseArgs(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
      out[a.slice(2)] = argv[++i]!;
    else out[a.slice(2)] = true;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  console.log(
    'Usage: firestore-emulator [--port 8080] [--host 127.0.0.1] [--import DIR] [--export-on-exit DIR] [--rules FILE] [--indexes FILE] [--indexes-mode enforce|warn] [--quiet]',
  );
  process.exit(0);
}
const str = (k: string) => (typeof args[k] === 'string' ? (args[k] as string) : undefined);
function indexesMode(): 'enforce' | 'warn' {
  const mode = str('indexes-mode') ?? 'enforce';
  if (mode !== 'enforce' && mode !== 'warn') {
    console.error(`firestore emulator: cannot start: --indexes-mode must be enforce or warn`);
    process.exit(1);
  }
  return mode;
}
let exiting = false;
let emu: Awaited<ReturnType<typeof start>> | undefined;
const shutdown = (sig: string) => {
  if (exiting) return;
  exiting = true;
  if (!args.quiet) console.error(`firestore emulator: ${sig}, shutting down`);
  const timer = setTimeout(() => process.exit(0), 5000);
  timer.unref();
  if (!emu) return; // still starting: shut down as soon as start() returns
  emu.stop().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(0);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  emu = await start({
    port: str('port') !== undefined ? Number(str('port')) : 8080,
    host: str('host'),
    importDir: str('import'),
    exportOnExit: str('export-on-exit'),
    rules: str('rules'),
    watchRules: !args['no-watch-rules'],
    indexes: str('indexes'),
    indexesMode: indexesMode(),
    watchIndexes: !args['no-watch-indexes'],
    quiet: !!args.quiet,
  });
} catch (e) {
  console.error(`firestore emulator: cannot start: ${(e as Error)?.message ?? String(e)}`);
  process.exit(1);
}
console.log(
  `Firestore emulator ready on ${emu.host.includes(':') ? `[${emu.host}]` : emu.host}:${emu.port}`,
);
if (exiting) {
  exiting = false;
  shutdown('signal during start-up');
}
