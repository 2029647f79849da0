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
  ],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
