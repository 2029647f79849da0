/** TrueType fonts are bundled as their bytes (build.mjs: esbuild `binary` loader). */
declare module '*.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
