import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The test files that `vi.mock` a module: each runs in a module graph of its own. */
const MOCKING = readdirSync('test')
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => readFileSync(`test/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `test/${file}`);

export default defineConfig({
  // The build bundles .ttf files as bytes (esbuild `binary` loader); the tests load them the same way.
  plugins: [
    {
      name: 'ttf-as-bytes',
      enforce: 'pre',
      load(id) {
        if (!id.endsWith('.ttf')) return null;
        const base64 = readFileSync(id).toString('base64');
        return `export default new Uint8Array(Buffer.from(${JSON.stringify(base64)}, 'base64'));`;
      },
    },
    {
      // The build puts the parish's plan image here (build.mjs); the tests draw the line drawing
      // and pass an image themselves where they test one.
      name: 'no-church-plan-image',
      resolveId: (id) => (id === 'virtual:church-plan-image' ? '\0church-plan-image' : null),
      load: (id) => (id === '\0church-plan-image' ? 'export default null;' : null),
    },
  ],
  test: {
    testTimeout: 30_000,
    // Files that replace a module (`vi.mock`, the logger mostly) get a fresh module graph each;
    // the others share their workers' modules, which saves each file loading pdf-lib, the fonts
    // and firebase-admin again (about 60 % of the suite's CPU time, docs/local-stack.md).
    projects: [
      {
        extends: true,
        test: { name: 'mocking', include: MOCKING },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: MOCKING,
          isolate: false,
        },
      },
    ],
  },
});
