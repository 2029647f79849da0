/**
 * The web build's side of the parish's plan image (build/church-plan-image.ts reads and checks
 * it): a Vite plugin that serves it under /assets/, named by its content, as
 * `virtual:church-plan-image-url` (the map's `<image>`).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type Plugin } from 'vite';
import {
  CHURCH_PLAN_IMAGE_SETTING,
  readChurchPlanImage,
  REPOSITORY_ROOT,
  type ChurchPlanImageFile,
} from '../../build/church-plan-image.ts';
import type { ChurchPlanImageFormat } from '../../domain/src/church-plan-image.ts';

const EXTENSION: Record<ChurchPlanImageFormat, string> = { png: 'png', jpeg: 'jpg' };

/** Where the built site serves the image: under /assets/, named by its content (cached for good). */
export function churchPlanAssetName(image: ChurchPlanImageFile): string {
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 10);
  return `assets/church-plan-${hash}.${EXTENSION[image.format]}`;
}

/** The web app's `virtual:church-plan-image-url`: the image's address, or null. */
export const CHURCH_PLAN_IMAGE_URL_MODULE = 'virtual:church-plan-image-url';

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
