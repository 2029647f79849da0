// Bundles the functions into lib/index.js for `firebase deploy`: the domain code goes inside the
// bundle, so the deployed folder needs only the dependencies listed in package.json.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
// The parish's plan image, read and checked as the web build reads it (run by tsx: it is TypeScript).
import { churchPlanImageSetting, readChurchPlanImage } from '../build/church-plan-image.ts';
import { churchPlanImageBytes } from './build/church-plan-image.ts';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// subset-font stays outside: it reads HarfBuzz's WebAssembly file from its package at run time.
// resvg (the shared plot's preview, SVG to PNG) is native: npm installs its prebuilt binary for
// the platform from package.json, where the bundle cannot carry it.
const runtimeDependencies = [
  '@resvg/resvg-js',
  'firebase-admin',
  'firebase-functions',
  'stripe',
  'subset-font',
];

// A wrong setting stops here, before anything is written, with the problem in one line.
let planImage;
try {
  planImage = readChurchPlanImage(churchPlanImageSetting());
} catch (error) {
  console.error(`build: ${error.message}`);
  process.exit(1);
}

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
  // The certificate's plan image, when the parish gave one, also travels inside as bytes.
  plugins: [churchPlanImageBytes(planImage)],
});

const bundled = Object.keys(result.metafile.inputs);
if (!bundled.some((input) => input.includes('domain/src/'))) {
  throw new Error('build: the domain code is missing from the bundle');
}
const plan = planImage ? `, the church plan ${planImage.given}` : '';
console.log(`build: lib/index.js from ${bundled.length} files${plan}`);
