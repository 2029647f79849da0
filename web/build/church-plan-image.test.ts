import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as viteBuild, type Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHURCH_PLAN_IMAGE_SETTING,
  readChurchPlanImage,
  REPOSITORY_ROOT,
} from '../../build/church-plan-image';
import { churchPlanImageUrl } from './church-plan-image';

const FIXTURES = 'testkit/fixtures/church-plan';
const fixtureBytes = (name: string) => readFileSync(join(REPOSITORY_ROOT, FIXTURES, name));

describe('the church plan setting', () => {
  it('unset or blank: no image, the line drawing', () => {
    expect(readChurchPlanImage(undefined)).toBeNull();
    expect(readChurchPlanImage('  ')).toBeNull();
  });

  it('reads a PNG or a JPEG of 1300 x 2100 px, relative to the repository root', () => {
    const png = readChurchPlanImage(`${FIXTURES}/plan-1300x2100.png`)!;
    expect(png.format).toBe('png');
    expect(png.bytes).toEqual(new Uint8Array(fixtureBytes('plan-1300x2100.png')));
    expect(readChurchPlanImage(join(REPOSITORY_ROOT, FIXTURES, 'plan-1300x2100.jpg'))?.format).toBe(
      'jpeg',
    );
  });

  it('stops with the setting, the path and what is wrong: no such file, a folder', () => {
    expect(() => readChurchPlanImage('parish/plan.png')).toThrow(
      `${CHURCH_PLAN_IMAGE_SETTING}=parish/plan.png (the church plan, docs/deploy.md): there is no file at ${join(REPOSITORY_ROOT, 'parish/plan.png')}`,
    );
    expect(() => readChurchPlanImage(FIXTURES)).toThrow(/there is no file at/);
  });

  it('stops on an image of the wrong size, naming both sizes', () => {
    expect(() => readChurchPlanImage(`${FIXTURES}/plan-1200x2100.png`)).toThrow(
      /plan-1200x2100\.png \(the church plan, docs\/deploy\.md\): the file is 1200 x 2100 px; it must be exactly 1300 x 2100 px/,
    );
  });
});

describe("the web build's plan image", () => {
  let envDir: string | undefined;
  afterEach(() => {
    if (envDir) rmSync(envDir, { recursive: true, force: true });
    delete process.env[CHURCH_PLAN_IMAGE_SETTING];
  });

  /** Builds a one-line app that exports the module's value; answers the build's output. */
  async function buildWith(setting: string | undefined, mode = 'production') {
    envDir = mkdtempSync(join(tmpdir(), 'plan-env-'));
    const entry = join(envDir, 'main.js');
    writeFileSync(
      entry,
      "import url from 'virtual:church-plan-image-url'; export const plan = url;",
    );
    if (setting) process.env[CHURCH_PLAN_IMAGE_SETTING] = setting;
    const output = await viteBuild({
      configFile: false,
      logLevel: 'silent',
      mode,
      root: envDir,
      envDir,
      plugins: [churchPlanImageUrl()],
      build: { write: false, lib: { entry, formats: ['es'], fileName: 'main' } },
    });
    return (Array.isArray(output) ? output[0]! : (output as Rollup.RollupOutput)).output;
  }

  it('is served under /assets/, named by its content, and the app gets that address', async () => {
    const output = await buildWith(`${FIXTURES}/plan-1300x2100.png`);
    const asset = output.find((file) => file.fileName.startsWith('assets/church-plan-'));
    expect(asset?.fileName).toMatch(/^assets\/church-plan-[0-9a-f]{10}\.png$/);
    expect(asset?.type === 'asset' && Buffer.from(asset.source)).toEqual(
      fixtureBytes('plan-1300x2100.png'),
    );
    const entry = output.find((file) => file.type === 'chunk');
    expect(entry?.type === 'chunk' && entry.code).toContain(`"/${asset!.fileName}"`);
  });

  it('is null when nothing is configured, and in the unit tests whatever is', async () => {
    for (const [setting, mode] of [
      [undefined, 'production'],
      [`${FIXTURES}/plan-1300x2100.png`, 'test'],
    ] as const) {
      const output = await buildWith(setting, mode);
      expect(output.some((file) => file.fileName.includes('church-plan'))).toBe(false);
      const entry = output.find((file) => file.type === 'chunk');
      expect(entry?.type === 'chunk' && entry.code).toMatch(/=\s*null/);
    }
  });

  it('stops the build on a wrong image', async () => {
    await expect(buildWith(`${FIXTURES}/plan-1200x2100.png`)).rejects.toThrow(
      /must be exactly 1300 x 2100 px/,
    );
  });
});
