/** Written by the build (web/build/church-plan-image.ts): the plan image's address, or null. */
declare module 'virtual:church-plan-image-url' {
  const url: string | null;
  export default url;
}
