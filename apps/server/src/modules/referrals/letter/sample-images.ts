import { crc32, deflateSync } from 'node:zlib';

// Made-up images for the letters' tests, their benchmark and previews: PNG files written here, so that
// a test can also make the damaged ones a letter must leave off.

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit PNG, RGB or with alpha (RGBA), whose pixels `paint` gives row by row. */
export function samplePng(
  width: number,
  height: number,
  options: { alpha: boolean; paint: (x: number, y: number) => readonly number[] },
): Buffer {
  const channels = options.alpha ? 4 : 3;
  const raw = Buffer.alloc(height * (1 + width * channels));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (1 + width * channels) + 1 + x * channels;
      options.paint(x, y).forEach((value, c) => raw.writeUInt8(value, at + c));
    }
  }
  return pngFile({ width, height, depth: 8, colourType: options.alpha ? 6 : 2 }, deflateSync(raw));
}

/** A PNG file of a header and compressed pixel rows as given, whole or not (for the image checks' tests). */
export function pngFile(
  header: { width: number; height: number; depth: number; colourType: number; interlace?: number },
  data: Buffer,
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr.set([header.depth, header.colourType, 0, 0, header.interlace ?? 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A handwritten-looking stroke on a transparent background, as a signature pad saves it. */
export const SAMPLE_SIGNATURE = samplePng(360, 110, {
  alpha: true,
  paint: (x, y) => {
    const stroke = 55 + 30 * Math.sin(x / 23) * Math.cos(x / 61);
    return [20, 40, 90, Math.abs(y - stroke) < 2.5 ? 255 : 0];
  },
});

/** A teal block with a white cross: a clinic's logo. */
export const SAMPLE_LOGO = samplePng(240, 72, {
  alpha: false,
  paint: (x, y) =>
    (Math.abs(x - 36) < 7 || Math.abs(y - 36) < 7) && x < 72 ? [255, 255, 255] : [15, 76, 92],
});
