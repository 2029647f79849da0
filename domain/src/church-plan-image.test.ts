import { describe, expect, it } from 'vitest';
import {
  CHURCH_PLAN_IMAGE_MAX_BYTES,
  CHURCH_PLAN_IMAGE_SIZE,
  checkChurchPlanImage,
  imageSize,
} from './church-plan-image';
import { MAP_HEIGHT_PX, MAP_WIDTH_PX } from './grid';

const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
const u16 = (value: number) => [value >> 8, value & 0xff];
const u32 = (value: number) => [
  value >>> 24,
  (value >> 16) & 0xff,
  (value >> 8) & 0xff,
  value & 0xff,
];

/** A PNG's signature and IHDR chunk (8-bit RGB), as an encoder writes them, then `rest` bytes. */
function pngHeader(width: number, height: number, rest = 0): Uint8Array {
  const header = [
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...u32(13),
    ...[0x49, 0x48, 0x44, 0x52], // IHDR
    ...u32(width),
    ...u32(height),
    ...[8, 2, 0, 0, 0],
  ];
  const bytes = new Uint8Array(header.length + rest);
  bytes.set(header);
  return bytes;
}

/** A JPEG's start: SOI, a JFIF APP0, a Huffman table (DHT, not a frame), then the frame header. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dht = [0xff, 0xc4, ...u16(5), 0x00, 0x00, 0x00];
  const frame = [0xff, frameMarker, ...u16(11), 8, ...u16(height), ...u16(width), 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dht, ...frame]);
}

describe('the size of an image', () => {
  it("reads a PNG's from its IHDR chunk", () => {
    expect(imageSize(pngHeader(1300, 2100))).toEqual({ format: 'png', width: 1300, height: 2100 });
  });

  it("reads a JPEG's from its frame header, past other segments, baseline or progressive", () => {
    expect(imageSize(jpegHeader(1300, 2100))).toEqual({
      format: 'jpeg',
      width: 1300,
      height: 2100,
    });
    expect(imageSize(jpegHeader(640, 480, 0xc2))).toEqual({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
  });

  it('knows no other format, nor a file cut short', () => {
    expect(imageSize(ascii('GIF89a........'))).toBeNull();
    expect(imageSize(pngHeader(1300, 2100).subarray(0, 20))).toBeNull();
    expect(imageSize(jpegHeader(1300, 2100).subarray(0, 30))).toBeNull();
  });
});

describe('a church plan image', () => {
  it("is the map's size", () => {
    expect(CHURCH_PLAN_IMAGE_SIZE).toEqual({ width: MAP_WIDTH_PX, height: MAP_HEIGHT_PX });
  });

  it('is usable as a PNG or a JPEG of exactly 1300 x 2100 px', () => {
    expect(checkChurchPlanImage(pngHeader(1300, 2100, 5000))).toEqual({
      ok: true,
      image: { format: 'png', width: 1300, height: 2100 },
    });
    expect(checkChurchPlanImage(jpegHeader(1300, 2100))).toMatchObject({
      ok: true,
      image: { format: 'jpeg' },
    });
  });

  it('of another size is refused, naming both sizes', () => {
    expect(checkChurchPlanImage(pngHeader(2600, 4200))).toEqual({
      ok: false,
      problem: expect.stringMatching(/is 2600 x 4200 px; it must be exactly 1300 x 2100 px/),
    });
  });

  it('as an SVG is refused, saying why and what to give instead', () => {
    const svg = ascii(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="2100"/>',
    );
    expect(checkChurchPlanImage(svg)).toEqual({
      ok: false,
      problem: expect.stringMatching(/is an SVG: export it as PNG or JPEG/),
    });
    expect(checkChurchPlanImage(ascii('hello'))).toEqual({
      ok: false,
      problem: 'is neither a PNG nor a JPEG',
    });
  });

  it('heavier than 1 MB is refused', () => {
    expect(checkChurchPlanImage(pngHeader(1300, 2100, CHURCH_PLAN_IMAGE_MAX_BYTES))).toEqual({
      ok: false,
      problem: expect.stringMatching(/weighs 1025 KB; at most 1024 KB/),
    });
    const justUnder = CHURCH_PLAN_IMAGE_MAX_BYTES - pngHeader(1, 1).length;
    expect(checkChurchPlanImage(pngHeader(1300, 2100, justUnder)).ok).toBe(true);
  });
});
