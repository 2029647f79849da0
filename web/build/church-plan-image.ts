/**
 * The parish's own plan of the church, when it has one: `VITE_CHURCH_PLAN_IMAGE` names a PNG or
 * JPEG of 1300 x 2100 px (docs/deploy.md), which then replaces the line drawing on the map and on
 * the certificate. Both builds read it here, from the same setting, and check it the same way
 * (`checkChurchPlanImage`): the web app's (`churchPlanImageUrl`, a Vite plugin: the map's
 * `<image>`) and the functions' (functions/build.mjs with `churchPlanImageBytes`, an esbuild
 * plugin: the bytes the certificate embeds). A wrong setting stops the build, naming the problem.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import { loadEnv, type Plugin } from 'vite';
import {
  checkChurchPlanImage,
  type ChurchPlanImageFormat,
} from '../../domain/src/church-plan-image.ts';

export const CHURCH_PLAN_IMAGE_SETTING = 'VITE_CHURCH_PLAN_IMAGE';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Relative paths in the setting start here, the repository's root. */
export const REPOSITORY_ROOT = resolve(WEB, '..');

export interface ChurchPlanImageFile {
  /** As given in the setting, for messages. */
  given: string;
  format: ChurchPlanImageFormat;
  bytes: Uint8Array;
}

/**
 * The image the setting names, read and checked; null when the setting is unset or blank (the
 * line drawing). Throws an error naming the setting, the file and what is wrong.
 */
export function readChurchPlanImage(
  setting: string | undefined,
  root = REPOSITORY_ROOT,
): ChurchPlanImageFile | null {
  const given = setting?.trim();
  if (!given) return null;
  const path = resolve(root, given);
  const fail = (problem: string) =>
    new Error(
      `${CHURCH_PLAN_IMAGE_SETTING}=${given} (the church plan, docs/deploy.md): ${problem}`,
    );
  let bytes: Uint8Array;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    bytes = new Uint8Array(readFileSync(path));
  } catch {
    throw fail(
      `there is no file at ${path} (a relative path starts at the repository's root, ${root})`,
    );
  }
  const checked = checkChurchPlanImage(bytes);
  if (!checked.ok) throw fail(`the file ${checked.problem}.`);
  return { given, format: checked.image.format, bytes };
}

/**
 * The setting as `vite build` sees it (the environment first, then web/.env.production.local,
 * web/.env.production, web/.env.local, web/.env), for the functions' build, which has no mode.
 */
export function churchPlanImageSetting(mode = 'production'): string | undefined {
  return loadEnv(mode, WEB, CHURCH_PLAN_IMAGE_SETTING)[CHURCH_PLAN_IMAGE_SETTING];
}

const EXTENSION: Record<ChurchPlanImageFormat, string> = { png: 'png', jpeg: 'jpg' };

/** Where the built site serves the image: under /assets/, named by its content (cached for good). */
export function churchPlanAssetName(image: ChurchPlanImageFile): string {
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 10);
  return `assets/church-plan-${hash}.${EXTENSION[image.format]}`;
}

/** The web app's `virtual:church-plan-image-url`: the image's address, or null. */
export const CHURCH_PLAN_IMAGE_URL_MODULE = 'virtual:church-plan-image-url';
/** The functions' `virtual:church-plan-image`: `{ format, bytes }`, or null. */
export const CHURCH_PLAN_IMAGE_MODULE = 'virtual:church-plan-image';

export function churchPlanImageUrl(): Plugin {
  const resolvedId = `\0${CHURCH_PLAN_IMAGE_URL_MODULE}`;
  let image: ChurchPlanImageFile | null = null;
  let serving = false;
  let base = '/';
  return {
    name: 'parroquia:church-plan-image',
    configResolved(config) {
      // The unit tests draw the line drawing whatever is configured; they pass an image
      // themselves where they test one.
      image =
        config.mode === 'test' ? null : readChurchPlanImage(config.env[CHURCH_PLAN_IMAGE_SETTING]);
      serving = config.command === 'serve';
      base = config.base;
    },
    resolveId(id) {
      return id === CHURCH_PLAN_IMAGE_URL_MODULE ? resolvedId : null;
    },
    load(id) {
      if (id !== resolvedId) return null;
      if (!image) return 'export default null;';
      if (serving) {
        // `vite` serves files of the workspace by their path.
        return `export default ${JSON.stringify(`/@fs${resolve(REPOSITORY_ROOT, image.given)}`)};`;
      }
      const fileName = churchPlanAssetName(image);
      this.emitFile({ type: 'asset', fileName, source: image.bytes });
      return `export default ${JSON.stringify(`${base}${fileName}`)};`;
    },
  };
}

/** The module's source for the functions: the bytes travel inside the bundle, as the fonts do. */
export function churchPlanImageModuleSource(image: ChurchPlanImageFile | null): string {
  if (!image) return 'export default null;';
  const base64 = Buffer.from(image.bytes).toString('base64');
  return (
    `export default { format: ${JSON.stringify(image.format)}, ` +
    `bytes: new Uint8Array(Buffer.from(${JSON.stringify(base64)}, 'base64')) };`
  );
}

export function churchPlanImageBytes(image: ChurchPlanImageFile | null): EsbuildPlugin {
  const namespace = 'church-plan-image';
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: /^virtual:church-plan-image$/ }, ({ path }) => ({
        path,
        namespace,
      }));
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: churchPlanImageModuleSource(image),
        loader: 'js',
      }));
    },
  };
}
