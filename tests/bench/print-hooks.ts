/**
 * Module hooks that let the functions' printing code run from its TypeScript sources in a bench
 * process, as the functions' build and tests load it: a `.ttf` as its bytes (the build's esbuild
 * `binary` loader, functions/vitest.config.ts's plugin), and no parish plan image. Synchronous
 * hooks (`registerHooks`): tsx loads the functions' sources with `require`.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const NO_PLAN_IMAGE = 'virtual-church-plan-image:none';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'virtual:church-plan-image')
      return { url: NO_PLAN_IMAGE, shortCircuit: true };
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url === NO_PLAN_IMAGE) {
      return {
        format: 'commonjs',
        source: 'exports.__esModule = true; exports.default = null;',
        shortCircuit: true,
      };
    }
    if (!url.endsWith('.ttf')) return next(url, context);
    const base64 = readFileSync(fileURLToPath(url)).toString('base64');
    return {
      format: 'commonjs',
      source: `exports.__esModule = true; exports.default = new Uint8Array(Buffer.from(${JSON.stringify(base64)}, 'base64'));`,
      shortCircuit: true,
    };
  },
});
