import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG as NOT_A_PNG } from '../attachments/attachment-test-helpers.ts';
import { printableImage } from './letter-image.ts';
import { pngFile, SAMPLE_LOGO, SAMPLE_SIGNATURE } from './sample-images.ts';

/** Rows of RGBA pixels, each row's filter byte given, for PNGs with broken pixel data. */
function rgbaRows(width: number, height: number, filter = 0): Buffer {
  const rows = Buffer.alloc(height * (1 + 4 * width), 0x80);
  for (let y = 0; y < height; y += 1) rows[y * (1 + 4 * width)] = filter;
  return rows;
}

const rgba = (width: number, height: number) => ({ width, height, depth: 8, colourType: 6 });

/** A JPEG's first bytes up to its frame header, which is all PDFKit reads of it. */
function jpeg(width: number, height: number, channels = 3): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, channels]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.alloc(16), Buffer.from([0xff, 0xd9])]);
}

describe('printableImage', () => {
  it('passes whole PNGs, with or without transparency, and JPEGs with a frame', () => {
    expect(printableImage(SAMPLE_LOGO)).toBe(SAMPLE_LOGO);
    expect(printableImage(SAMPLE_SIGNATURE)).toBe(SAMPLE_SIGNATURE);
    expect(printableImage(pngFile(rgba(3, 2), deflateSync(rgbaRows(3, 2, 4))))).toBeDefined();
    const photo = jpeg(640, 480);
    expect(printableImage(photo)).toBe(photo);
  });

  it('leaves off what PDFKit cannot draw, or would fail on after the letter was started', () => {
    const broken = [
      // Uploads pass with their first bytes alone; these are damaged further on.
      NOT_A_PNG,
      SAMPLE_SIGNATURE.subarray(0, SAMPLE_SIGNATURE.length - 20),
      // A filter PNG does not have: PDFKit's decoder throws in a callback, which would end the process.
      pngFile(rgba(3, 2), deflateSync(rgbaRows(3, 2, 7))),
      // Fewer rows than the header promises, or more.
      pngFile(rgba(3, 2), deflateSync(rgbaRows(3, 1))),
      pngFile(rgba(3, 2), deflateSync(rgbaRows(3, 3))),
      pngFile(rgba(3, 2), Buffer.from('not deflated')),
      // Sizes nobody's logo has, and depths PDFKit's decoder cannot count.
      pngFile(rgba(0, 2), deflateSync(Buffer.alloc(0))),
      pngFile(rgba(5000, 1), deflateSync(rgbaRows(5000, 1))),
      pngFile({ width: 3, height: 2, depth: 1, colourType: 0, interlace: 1 }, deflateSync(Buffer.alloc(16))),
      pngFile({ width: 3, height: 2, depth: 8, colourType: 5 }, deflateSync(Buffer.alloc(20))),
      jpeg(0, 480),
      jpeg(640, 480, 2),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'),
      Buffer.alloc(0),
    ];
    for (const [i, bytes] of broken.entries()) expect(printableImage(bytes), `image ${i}`).toBeUndefined();
    expect(printableImage(undefined)).toBeUndefined();
  });
});
