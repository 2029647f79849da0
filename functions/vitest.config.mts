import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

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
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
