import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure functions without module state or mocks: the files share their workers' modules,
    // which takes the suite from about 40 CPU-seconds to about 11 (docs/local-stack.md).
    isolate: false,
  },
});
