/**
 * The parish's plan image in the functions' bundle (build.mjs with build/church-plan-image.ts):
 * its bytes travel inside, and a wrong one stops the build with the problem in one line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { readChurchPlanImage } from '../../build/church-plan-image';
import { churchPlanImageBytes } from '../build/church-plan-image';

const FUNCTIONS = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(FUNCTIONS, '..');
const NODE_22 = join(ROOT, 'node_modules/.bin/node');
const FIXTURES = 'testkit/fixtures/church-plan';

/** Bundles a module that reads the image as src/pdf/church-plan.ts does, and runs it. */
async function bundledImage(image: ReturnType<typeof readChurchPlanImage>) {
  const result = await build({
    stdin: {
      contents:
        "import image from 'virtual:church-plan-image'; " +
        'export default image && { format: image.format, bytes: [...image.bytes] };',
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins: [churchPlanImageBytes(image)],
  });
  const code = result.outputFiles[0]!.text;
  const loaded = (await import(`data:text/javascript;base64,${btoa(code)}`)) as {
    default: { format: string; bytes: number[] } | null;
  };
  return loaded.default;
}

describe("the functions' plan image", () => {
  it('travels inside the bundle as its bytes, with its format', async () => {
    const bundled = await bundledImage(readChurchPlanImage(`${FIXTURES}/plan-1300x2100.jpg`));
    expect(bundled?.format).toBe('jpeg');
    expect(Buffer.from(bundled!.bytes)).toEqual(
      readFileSync(join(ROOT, FIXTURES, 'plan-1300x2100.jpg')),
    );
  });

  it('is null when nothing is configured', async () => {
    expect(await bundledImage(null)).toBeNull();
  });

  it('of the wrong size stops the build, saying what is wrong in one line', () => {
    const run = spawnSync(NODE_22, ['--import', 'tsx', 'build.mjs'], {
      cwd: FUNCTIONS,
      encoding: 'utf8',
      env: { ...process.env, VITE_CHURCH_PLAN_IMAGE: `${FIXTURES}/plan-1200x2100.png` },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `build: VITE_CHURCH_PLAN_IMAGE=${FIXTURES}/plan-1200x2100.png (the church plan, ` +
        'docs/deploy.md): the file is 1200 x 2100 px; it must be exactly 1300 x 2100 px, ' +
        "the map's size, so that the plots fall where they belong.",
    );
  });
});
