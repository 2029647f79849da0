/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { churchPlanImageUrl } from './build/church-plan-image.ts';
import { crawlerFiles } from './build/crawler-files.ts';
import { productionFirebaseSettings } from './build/firebase-settings.ts';

/**
 * Where `/api` goes during `vite` and `vite preview`: the Hosting emulator, which rewrites
 * `/api/**` to the `api` function exactly as production Hosting does.
 */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5000';
const apiProxy = { '/api': { target: apiTarget, changeOrigin: true } };

/** Read once: the two test projects split the files by it. */
const OWN_WORLD_TESTS = ownWorldTests();

export default defineConfig({
  // The settings first: a production build without them stops before anything else runs.
  plugins: [productionFirebaseSettings(), react(), crawlerFiles(), churchPlanImageUrl()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets `npm run bench` tell the home route's own JavaScript from what loads later.
    manifest: true,
    // Preload links for what index.html loads only, not for each lazily loaded page's imports:
    // inserting them cost the map's page tasks on a phone (docs/architecture.md).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // What every page needs before it shows, in two files instead of some twenty: the
        // libraries (which change seldom, so stay cached across deploys) and the app's shell.
        // On a phone each extra request of the first load costs a round trip.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  test: {
    // Node's environment unless a file asks for a DOM (`// @vitest-environment jsdom` on its first
    // line): making a jsdom for every file cost two thirds of this suite's time.
    environment: 'node',
    setupFiles: ['src/testing/setup-tests.ts'],
    // Nothing listens there: a page that starts the Firestore SDK in a test fails fast, offline.
    env: {
      VITE_USE_EMULATORS: 'true',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
      VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9',
    },
    // Two cores shared by a team: keep the run small.
    maxWorkers: 2,
    // The files in Node's environment that replace no module share their workers' modules;
    // a file with a DOM or a `vi.mock` gets its own (a jsdom per file, as before).
    projects: [
      { extends: true, test: { name: 'own-world', include: OWN_WORLD_TESTS } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          exclude: OWN_WORLD_TESTS,
          isolate: false,
        },
      },
    ],
  },
});

/** The test files that ask for a DOM or replace a module (read when the tests start). */
function ownWorldTests(): string[] {
  return ['src', 'build']
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file}`),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes('@vitest-environment jsdom') || text.includes('vi.mock(');
    });
}
