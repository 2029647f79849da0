/**
 * Builds dist/firestore-emulator.mjs: the emulator (src/cli.ts) in one self-contained file for
 * plain node, with the Firestore protos inlined, so it starts fast and from any folder.
 *   node build.mjs             build
 *   node build.mjs --if-stale  build only when a source file (or this script) is newer
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BUNDLE = path.join(here, 'dist', 'firestore-emulator.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  let built;
  try {
    built = statSync(BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  const inputs = [
    newestSource(path.join(here, 'src')),
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  ];
  return inputs.some((time) => time > built);
}

/**
 * Node's own modules are loaded with require(), not imported: an ES import of a built-in makes
 * node evaluate every export of it, and `node:http`'s lazy ones (WebSocket, fetch's classes) then
 * load undici, http2, tls, zlib and worker_threads, about 10 MiB that the emulator never uses.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'require-call'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

function descriptorText() {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@google-cloud/firestore');
  const file = path.join(path.dirname(main), '..', 'protos', 'v1.json');
  return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
}

if (!process.argv.includes('--if-stale') || isStale()) {
  const started = performance.now();
  await build({
    entryPoints: [path.join(here, 'src', 'cli.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    // A string, parsed once at start: an object literal would stay in memory as V8's boilerplate.
    define: { FIRESTORE_V1_DESCRIPTOR: JSON.stringify(descriptorText()) },
    plugins: [builtinsByRequire],
    // Node's own modules are required (builtinsByRequire), also by CommonJS dependencies.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const size = (statSync(BUNDLE).size / 1024).toFixed(0);
  console.error(
    `firestore emulator bundle: ${path.relative(process.cwd(), BUNDLE)} (${size} KiB, ${(performance.now() - started).toFixed(0)} ms)`,
  );
}
