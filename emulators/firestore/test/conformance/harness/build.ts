/** Bundles the harness page (and optional extra entry) for the browser, in memory. */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export async function bundleHarness(
  entry = fileURLToPath(new URL('./page.ts', import.meta.url)),
): Promise<string> {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    conditions: ['browser'],
    mainFields: ['browser', 'module', 'main'],
    minify: false,
    sourcemap: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return r.outputFiles[0]!.text;
}
