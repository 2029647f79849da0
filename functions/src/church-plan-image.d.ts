/** Written by the build (functions/build.mjs, build/church-plan-image.ts): the parish's plan. */
declare module 'virtual:church-plan-image' {
  const image: {
    format: import('@parroquia/domain').ChurchPlanImageFormat;
    bytes: Uint8Array;
  } | null;
  export default image;
}
