import { inflateSync } from 'node:zlib';

// Which stored images a letter can print (a branding logo, a signature): PDFKit draws PNG and JPEG only,
// and it decodes a PNG with transparency or interlacing in a zlib callback whose errors it throws. A
// broken file there would end the process, not the letter, so a PNG is read through here first, as PDFKit
// will read it, and one that would fail (or is too large to decode in a request) is left off the letter.
// Nothing here logs: a file name or its bytes are patient data.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger sides or more pixels than a logo or a signature needs are not decoded. */
const MAX_SIDE = 4096;
const MAX_PIXELS = 4_000_000;
/** Bit depths PNG allows for each colour type, and that type's channels. */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The seven passes of an interlaced (Adam7) PNG: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface PngChunks {
  header: Buffer;
  data: Buffer;
  transparency: boolean;
}

/** The chunks PDFKit reads, when the file is a whole PNG up to its IEND chunk. */
function pngChunks(bytes: Buffer): PngChunks | undefined {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  let transparency = false;
  for (let at = 8; at + 12 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + size;
    if (end > bytes.length) return undefined;
    const body = bytes.subarray(at + 8, at + 8 + size);
    if (type === 'IEND') return header ? { header, data: Buffer.concat(data), transparency } : undefined;
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    if (type === 'tRNS') transparency = true;
    at = end;
  }
  return undefined;
}

/** Whether PDFKit can draw the PNG without an error: its header is valid and its pixel rows are whole. */
function pngPrints(bytes: Buffer): boolean {
  const chunks = pngChunks(bytes);
  if (chunks?.header.length !== 13) return false;
  const { header } = chunks;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth = 0, colourType = 0, compression, filter, interlace] = header.subarray(8);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    return false;
  }
  if (!PNG_DEPTHS[colourType]?.includes(depth) || compression !== 0 || filter !== 0) return false;
  if (interlace !== 0 && interlace !== 1) return false;
  // PDFKit decodes these itself, and its decoder only counts whole bytes per pixel.
  const decoded = interlace === 1 || colourType === 4 || colourType === 6 || chunks.transparency;
  if (decoded && depth < 8) return false;

  const bitsPerPixel = depth * (PNG_CHANNELS[colourType] ?? 0);
  const rows: { count: number; bytes: number }[] = (interlace === 1 ? ADAM7 : [[0, 0, 1, 1] as const])
    .map(([x0, y0, dx, dy]) => ({
      columns: Math.ceil((width - x0) / dx),
      count: Math.ceil((height - y0) / dy),
    }))
    .filter((pass) => pass.columns > 0 && pass.count > 0)
    .map((pass) => ({ count: pass.count, bytes: 1 + Math.ceil((pass.columns * bitsPerPixel) / 8) }));
  const expected = rows.reduce((sum, pass) => sum + pass.count * pass.bytes, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(chunks.data, { maxOutputLength: expected });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  // Each row starts with its filter, 0 to 4; any other stops the decoder with an error.
  let at = 0;
  for (const pass of rows) {
    for (let row = 0; row < pass.count; row += 1, at += pass.bytes) {
      if ((pixels[at] ?? 5) > 4) return false;
    }
  }
  return true;
}

// The markers PDFKit reads a JPEG's size and colours after, searched for as it does.
const JPEG_FRAMES = new Set([
  0xffc0, 0xffc1, 0xffc2, 0xffc3, 0xffc5, 0xffc6, 0xffc7, 0xffc8, 0xffc9, 0xffca, 0xffcb, 0xffcc, 0xffcd,
  0xffce, 0xffcf,
]);

/**
 * Whether PDFKit finds the JPEG's frame with a size and a colour space it names (grey, RGB or CMYK); it
 * copies the bytes into the PDF without decoding them.
 */
function jpegPrints(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes.readUInt16BE(0) !== 0xffd8) return false;
  for (let at = 2; at + 10 <= bytes.length;) {
    if (bytes[at] !== 0xff) {
      at += 1;
      continue;
    }
    if (JPEG_FRAMES.has(bytes.readUInt16BE(at))) {
      const channels = bytes[at + 9] ?? 0;
      return bytes.readUInt16BE(at + 5) > 0 && bytes.readUInt16BE(at + 7) > 0 && [1, 3, 4].includes(channels);
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return false;
}

/**
 * The image's bytes when a letter can print them (a whole PNG or JPEG), else undefined: a GIF or WebP
 * logo, or a damaged file, leaves the letter without the image rather than without the letter.
 */
export function printableImage(bytes: Buffer | undefined): Buffer | undefined {
  if (!bytes) return undefined;
  return pngPrints(bytes) || jpegPrints(bytes) ? bytes : undefined;
}
