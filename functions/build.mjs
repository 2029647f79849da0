// Bundles the functions into lib/index.js for `firebase deploy`: the domain code goes inside the
// bundle, so the deployed folder needs only the dependencies listed in package.json.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const runtimeDependencies = ['firebase-admin', 'firebase-functions', 'stripe'];

const result = await build({
  entryPoints: [here('./src/index.ts')],
  outfile: here('./lib/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  // The workspace package, by path, so the build does not depend on node_modules symlinks.
  alias: { '@parroquia/domain': here('../domain/src/index.ts') },
  external: runtimeDependencies.flatMap((name) => [name, `${name}/*`]),
  // The certificate fonts travel inside the bundle as bytes: nothing to read or fetch at run time.
  loader: { '.ttf': 'binary' },
});

const bundled = Object.keys(result.metafile.inputs);
if (!bundled.some((input) => input.includes('domain/src/'))) {
  throw new Error('build: the domain code is missing from the bundle');
}
console.log(`build: lib/index.js from ${bundled.length} files`);
