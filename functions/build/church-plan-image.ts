/**
 * The functions' build's side of the parish's plan image (build/church-plan-image.ts reads and
 * checks it): an esbuild plugin that puts its bytes inside the bundle as
 * `virtual:church-plan-image` (`{ format, bytes }`, or null), which the certificate embeds.
 */
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { ChurchPlanImageFile } from '../../build/church-plan-image.ts';

/** The functions' `virtual:church-plan-image`: `{ format, bytes }`, or null. */
export const CHURCH_PLAN_IMAGE_MODULE = 'virtual:church-plan-image';

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
