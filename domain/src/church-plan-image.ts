/**
 * A parish's own plan of the church (its architect's), which replaces the line drawing of
 * `church-plan.ts` on the map and on the certificate (docs/deploy.md, `VITE_CHURCH_PLAN_IMAGE`).
 * It must be the map's size, so the plots fall where they belong, and a PNG or a JPEG: the only
 * images a PDF can carry as they are. Pure: the builds read the file and call `checkChurchPlanImage`.
 */
/**
 * The map's size (grid.ts), restated: the builds' Vite config reads this file by its path, and a
 * Vite config's imports must name their files with their extension, which the domain's do not;
 * so this file imports nothing. A test keeps the two equal.
 */
export const CHURCH_PLAN_IMAGE_SIZE = { width: 1300, height: 2100 } as const;

export type ChurchPlanImageFormat = 'png' | 'jpeg';

/** Larger would weigh on a phone opening the map; a plan as PNG is usually a few hundred KB. */
export const CHURCH_PLAN_IMAGE_MAX_BYTES = 1024 * 1024;

export interface ImageSize {
  format: ChurchPlanImageFormat;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Format and size from a PNG's or a JPEG's header, or null for any other file. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  return pngSize(bytes) ?? jpegSize(bytes);
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, at) => bytes[at] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk is IHDR: width and height, big-endian, after the chunk's length and type.
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** Walks the JPEG's segments to its frame header (SOF0-SOF15, but DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** An SVG starts with its `<svg` tag, after an XML declaration or comments at most. */
const looksLikeSvg = (bytes: Uint8Array) =>
  /<svg[\s>]/i.test(String.fromCharCode(...bytes.subarray(0, 4096)));

/**
 * An image given as the church plan: its format and size when it can be used, otherwise what is
 * wrong with it, in words for the person configuring it.
 */
export function checkChurchPlanImage(
  bytes: Uint8Array,
): { ok: true; image: ImageSize } | { ok: false; problem: string } {
  const size = imageSize(bytes);
  if (!size) {
    return {
      ok: false,
      problem: looksLikeSvg(bytes)
        ? 'is an SVG: export it as PNG or JPEG (a PDF certificate cannot carry an SVG)'
        : 'is neither a PNG nor a JPEG',
    };
  }
  const { width, height } = CHURCH_PLAN_IMAGE_SIZE;
  if (size.width !== width || size.height !== height) {
    return {
      ok: false,
      problem:
        `is ${size.width} x ${size.height} px; it must be exactly ${width} x ${height} px, ` +
        `the map's size, so that the plots fall where they belong`,
    };
  }
  if (bytes.length > CHURCH_PLAN_IMAGE_MAX_BYTES) {
    const kilobytes = Math.ceil(bytes.length / 1024);
    return {
      ok: false,
      problem: `weighs ${kilobytes} KB; at most 1024 KB (1 MB) keeps the map quick to open on a phone`,
    };
  }
  return { ok: true, image: size };
}
