import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIFF_TYPE,
  sniffTiff,
  tiffAsPdf,
  tiffBytesPageCount,
  tiffPageCount,
  tiffPagePng,
  tiffPageResolution,
} from './tiff-pages.ts';
import { diskStorage } from './disk-storage.ts';

/** A fax-like page: a plain colour, so each frame can be told apart after the round trip. */
function pagePng(colour: string, width = 240, height = 340): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A real multi-page TIFF as libvips writes it: the frames joined as pages, at a fax's 200 dpi. */
async function multiPageTiff(colours: string[]): Promise<Buffer> {
  const frames = await Promise.all(colours.map((colour) => pagePng(colour)));
  return sharp(frames, { join: { animated: true } })
    .withMetadata({ density: 200 })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/**
 * A fax page in "standard" mode, as a fax service sends it: 1728 pixels across an A4 page at 204 dpi and
 * 1143 rows down it at 98 dpi, so each pixel is twice as tall as it is wide. Every page of the file has it.
 */
async function standardModeFax(pages: number): Promise<Buffer> {
  const frames = await Promise.all(Array.from({ length: pages }, () => pagePng('#ffffff', 1728, 1143)));
  // sharp takes the resolution in pixels per mm and writes it as XResolution and YResolution per inch.
  return sharp(frames, { join: { animated: true } })
    .tiff({ compression: 'lzw', xres: 204 / 25.4, yres: 98 / 25.4 })
    .toBuffer();
}

/**
 * A one-page, 8-bit grey, uncompressed TIFF written byte by byte, so that the byte order and the
 * resolution tags (as numerator and denominator, with their ResolutionUnit) are the test's to choose;
 * an absent one is left out.
 */
function handMadeTiff(options: {
  littleEndian: boolean;
  width: number;
  height: number;
  xres?: readonly [number, number];
  yres?: readonly [number, number];
  unit?: number;
}): Buffer {
  const { littleEndian, width, height } = options;
  const pixels = width * height;
  const rationalsAt = 8 + pixels + (pixels % 2);
  const directoryAt = rationalsAt + 16;
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  const entries: [tag: number, type: number, value: number][] = [
    [256, SHORT, width],
    [257, SHORT, height],
    [258, SHORT, 8], // BitsPerSample
    [259, SHORT, 1], // Compression: none
    [262, SHORT, 1], // PhotometricInterpretation: black is zero
    [273, LONG, 8], // StripOffsets
    [277, SHORT, 1], // SamplesPerPixel
    [278, SHORT, height], // RowsPerStrip
    [279, LONG, pixels], // StripByteCounts
    ...(options.xres ? [[282, RATIONAL, rationalsAt] as [number, number, number]] : []),
    ...(options.yres ? [[283, RATIONAL, rationalsAt + 8] as [number, number, number]] : []),
    ...(options.unit ? [[296, SHORT, options.unit] as [number, number, number]] : []),
  ];
  const bytes = Buffer.alloc(directoryAt + 2 + entries.length * 12 + 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  bytes.write(littleEndian ? 'II' : 'MM', 0, 'latin1');
  view.setUint16(2, 42, littleEndian);
  view.setUint32(4, directoryAt, littleEndian);
  bytes.fill(0x80, 8, 8 + pixels);
  for (const [at, rational] of [
    [rationalsAt, options.xres],
    [rationalsAt + 8, options.yres],
  ] as const) {
    view.setUint32(at, rational?.[0] ?? 0, littleEndian);
    view.setUint32(at + 4, rational?.[1] ?? 0, littleEndian);
  }
  view.setUint16(directoryAt, entries.length, littleEndian);
  entries.forEach(([tag, type, value], i) => {
    const entry = directoryAt + 2 + i * 12;
    view.setUint16(entry, tag, littleEndian);
    view.setUint16(entry + 2, type, littleEndian);
    view.setUint32(entry + 4, 1, littleEndian);
    // A SHORT sits in the first two bytes of the value field, whatever the byte order.
    if (type === SHORT) view.setUint16(entry + 8, value, littleEndian);
    else view.setUint32(entry + 8, value, littleEndian);
  });
  // The next directory's offset: 0, none.
  return bytes;
}

/** Each page's width and height in points, from the MediaBox of the PDF's page objects. */
function mediaBoxes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    ([, width, height]) => [Number(width), Number(height)],
  );
}

/** The colour of a PNG's first pixel. */
async function firstPixel(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('TIFF pages', () => {
  let dataDir: string;
  const storage = () => diskStorage(dataDir);
  const fax = `${randomUUID()}.tif`;
  const single = `${randomUUID()}.tif`;
  const notTiff = `${randomUUID()}.pdf`;
  const damaged = `${randomUUID()}.tif`;
  const standard = `${randomUUID()}.tif`;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tiff-pages-'));
    const uploads = path.join(dataDir, 'uploads');
    await mkdir(uploads);
    await writeFile(path.join(uploads, fax), await multiPageTiff(['#ff0000', '#00ff00', '#0000ff']));
    await writeFile(
      path.join(uploads, single),
      await sharp(await pagePng('#ffffff'))
        .tiff()
        .toBuffer(),
    );
    await writeFile(path.join(uploads, standard), await standardModeFax(2));
    await writeFile(path.join(uploads, notTiff), '%PDF-1.7\n%%EOF\n');
    await writeFile(path.join(uploads, damaged), Buffer.from('II*\0 a fax cut off in transit'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Stores `bytes` under a name of the file store's kind, which it answers. */
  const store = async (bytes: Buffer) => {
    const name = `${randomUUID()}.tif`;
    await writeFile(path.join(dataDir, 'uploads', name), bytes);
    return name;
  };

  it('knows a TIFF by its header in either byte order, and nothing else', () => {
    const tiff = { type: TIFF_TYPE, extension: 'tif' };
    expect(sniffTiff(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8]))).toEqual(tiff);
    expect(sniffTiff(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0]))).toEqual(tiff);
    expect(sniffTiff(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffTiff(Buffer.from([0x49, 0x49, 0x2a]))).toBeNull();
  });

  it('counts the frames of a stored TIFF; a gone, damaged or other file has none', async () => {
    expect(await tiffPageCount(storage(), fax)).toBe(3);
    expect(await tiffPageCount(storage(), single)).toBe(1);
    expect(await tiffPageCount(storage(), damaged)).toBe(0);
    expect(await tiffPageCount(storage(), notTiff)).toBe(0);
    expect(await tiffPageCount(storage(), `${randomUUID()}.tif`)).toBe(0);
    expect(await tiffPageCount(storage(), '../../etc/passwd')).toBe(0);
    expect(await tiffBytesPageCount(await multiPageTiff(['#000000', '#ffffff']))).toBe(2);
  });

  it('answers each frame as a PNG of that frame, 1-based', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => tiffPagePng(storage(), fax, page)));
    for (const png of pages) expect(png?.subarray(1, 4).toString('latin1')).toBe('PNG');
    const colours = await Promise.all(pages.map((png) => firstPixel(png ?? Buffer.alloc(0))));
    expect(colours).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]);
    const { width, height } = await sharp(pages[0]).metadata();
    expect([width, height]).toEqual([240, 340]);
  });

  it('answers no page past the last, before the first, of a gone file or of another type', async () => {
    expect(await tiffPagePng(storage(), fax, 4)).toBeUndefined();
    expect(await tiffPagePng(storage(), fax, 0)).toBeUndefined();
    expect(await tiffPagePng(storage(), fax, 1.5)).toBeUndefined();
    expect(await tiffPagePng(storage(), `${randomUUID()}.tif`, 1)).toBeUndefined();
    expect(await tiffPagePng(storage(), notTiff, 1)).toBeUndefined();
    expect(await tiffPagePng(storage(), damaged, 1)).toBeUndefined();
  });

  it('makes a PDF with a page per frame, each the size of its frame at its resolution', async () => {
    const pdf = await tiffAsPdf(storage(), fax);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
    // 240 x 340 pixels at 200 dpi are 86.4 x 122.4 points.
    expect(text.match(/\/MediaBox \[0 0 86\.4 122\.4\]/g)).toHaveLength(3);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(3);
  });

  it('keeps the shape of a fax page scanned at 204 x 98 dpi: an A4 page, not one twice as tall', async () => {
    const bytes = await standardModeFax(2);
    expect(tiffPageResolution(bytes, 1)).toEqual({ x: 204, y: 98, unit: 'inch' });
    expect(tiffPageResolution(bytes, 2)).toEqual({ x: 204, y: 98, unit: 'inch' });
    expect(tiffPageResolution(bytes, 3)).toBeUndefined();

    const pages = mediaBoxes(await tiffAsPdf(storage(), standard));
    expect(pages).toHaveLength(2);
    for (const [width, height] of pages) {
      // 1728 / 204 = 8.47 inches across and 1143 / 98 = 11.66 down: A4's shape (210 x 297 mm), within 3%.
      expect(width).toBeCloseTo((1728 / 204) * 72, 1);
      expect(height).toBeCloseTo((1143 / 98) * 72, 1);
      expect(width / height / (210 / 297)).toBeCloseTo(1, 1);
    }
    // The queue's page view keeps the same shape: each page twice the height of its pixels' rows.
    const shown = await sharp(await tiffPagePng(storage(), standard, 1)).metadata();
    expect([shown.width, shown.height]).toEqual([1728, Math.round((1143 * 204) / 98)]);
  });

  it('reads the resolution tags in either byte order, per inch or per centimetre', async () => {
    const standardMode = { width: 204, height: 98, xres: [204, 1], yres: [98, 1] } as const;
    const bigEndian = handMadeTiff({ littleEndian: false, ...standardMode, xres: [2040, 10] });
    expect(tiffPageResolution(bigEndian, 1)).toEqual({ x: 204, y: 98, unit: 'inch' });
    const littleEndian = handMadeTiff({ littleEndian: true, ...standardMode, unit: 2 });
    expect(tiffPageResolution(littleEndian, 1)).toEqual({ x: 204, y: 98, unit: 'inch' });
    const perCm = tiffPageResolution(
      handMadeTiff({ littleEndian: false, ...standardMode, xres: [8000, 100], yres: [3858, 100], unit: 3 }),
      1,
    );
    expect(perCm?.x).toBeCloseTo(203.2, 5);
    expect(perCm?.y).toBeCloseTo(98, 1);

    // 204 x 98 pixels at 204 x 98 dpi are an inch square, whichever the byte order.
    for (const bytes of [bigEndian, littleEndian]) {
      const name = await store(bytes);
      expect(await tiffPageCount(storage(), name)).toBe(1);
      const [box] = mediaBoxes(await tiffAsPdf(storage(), name));
      expect(box?.[0]).toBeCloseTo(72, 1);
      expect(box?.[1]).toBeCloseTo(72, 1);
    }
  });

  it('sizes a page as before when its tags are missing, and keeps the shape they give without a unit', async () => {
    const plain = handMadeTiff({ littleEndian: false, width: 100, height: 50 });
    expect(tiffPageResolution(plain, 1)).toBeUndefined();
    // Only one of the two: square pixels.
    expect(
      tiffPageResolution(handMadeTiff({ littleEndian: true, width: 100, height: 50, yres: [200, 1] }), 1),
    ).toEqual({ x: 200, y: 200, unit: 'inch' });
    // ResolutionUnit 1: no unit, only the pixels' shape (here twice as tall as wide).
    const unitless = handMadeTiff({
      littleEndian: true,
      width: 100,
      height: 50,
      xres: [1, 1],
      yres: [1, 2],
      unit: 1,
    });
    expect(tiffPageResolution(unitless, 1)).toEqual({ x: 1, y: 0.5, unit: 'none' });
    // A zero denominator, an unknown unit: no resolution to go by.
    expect(
      tiffPageResolution(handMadeTiff({ littleEndian: true, width: 100, height: 50, xres: [204, 0] }), 1),
    ).toBeUndefined();
    expect(
      tiffPageResolution(
        handMadeTiff({ littleEndian: true, width: 100, height: 50, xres: [204, 1], unit: 9 }),
        1,
      ),
    ).toBeUndefined();

    for (const [bytes, shape] of [
      [plain, 100 / 50],
      [unitless, 100 / 100],
    ] as const) {
      const [box] = mediaBoxes(await tiffAsPdf(storage(), await store(bytes)));
      expect(box![0] / box![1]).toBeCloseTo(shape, 3);
    }
  });

  it('answers no resolution for bytes that are not a TIFF or whose directory runs off their end', () => {
    expect(tiffPageResolution(Buffer.from('%PDF-1.7'), 1)).toBeUndefined();
    const truncated = handMadeTiff({
      littleEndian: true,
      width: 4,
      height: 4,
      xres: [204, 1],
      yres: [98, 1],
    });
    expect(tiffPageResolution(truncated.subarray(0, truncated.length - 30), 1)).toBeUndefined();
    expect(tiffPageResolution(Buffer.from('II*\0\xff\xff\xff\x7f', 'latin1'), 1)).toBeUndefined();
    expect(tiffPageResolution(truncated, 0)).toBeUndefined();
  });

  it('refuses to make a PDF of a file that is gone or not a readable TIFF', async () => {
    await expect(tiffAsPdf(storage(), `${randomUUID()}.tif`)).rejects.toThrow(/not a readable TIFF/);
    await expect(tiffAsPdf(storage(), damaged)).rejects.toThrow(/not a readable TIFF/);
  });
});
