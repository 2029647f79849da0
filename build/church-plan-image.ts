/**
 * The parish's own plan of the church, when it has one: `VITE_CHURCH_PLAN_IMAGE` names a PNG or
 * JPEG of 1300 x 2100 px (docs/deploy.md), which then replaces the line drawing on the map and on
 * the certificate. Both builds read it here, from the same setting, and check it the same way
 * (`checkChurchPlanImage`): the web app's (web/build/church-plan-image.ts, a Vite plugin: the
 * map's `<image>`) and the functions' (functions/build/church-plan-image.ts, an esbuild plugin:
 * the bytes the certificate embeds). A wrong setting stops the build, naming the problem. Neither
 * build imports the other's: this module is what they share.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import {
  checkChurchPlanImage,
  type ChurchPlanImageFormat,
} from '../domain/src/church-plan-image.ts';

export const CHURCH_PLAN_IMAGE_SETTING = 'VITE_CHURCH_PLAN_IMAGE';

/** Relative paths in the setting start here, the repository's root. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `vite build` reads its `.env` files. */
const WEB = resolve(REPOSITORY_ROOT, 'web');

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
