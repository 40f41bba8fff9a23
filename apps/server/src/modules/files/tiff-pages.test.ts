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
} from './tiff-pages.ts';

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

/** The colour of a PNG's first pixel. */
async function firstPixel(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('TIFF pages', () => {
  let dataDir: string;
  const fax = `${randomUUID()}.tif`;
  const single = `${randomUUID()}.tif`;
  const notTiff = `${randomUUID()}.pdf`;
  const damaged = `${randomUUID()}.tif`;
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
    await writeFile(path.join(uploads, notTiff), '%PDF-1.7\n%%EOF\n');
    await writeFile(path.join(uploads, damaged), Buffer.from('II*\0 a fax cut off in transit'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('knows a TIFF by its header in either byte order, and nothing else', () => {
    const tiff = { type: TIFF_TYPE, extension: 'tif' };
    expect(sniffTiff(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8]))).toEqual(tiff);
    expect(sniffTiff(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0]))).toEqual(tiff);
    expect(sniffTiff(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffTiff(Buffer.from([0x49, 0x49, 0x2a]))).toBeNull();
  });

  it('counts the frames of a stored TIFF; a gone, damaged or other file has none', async () => {
    expect(await tiffPageCount(dataDir, fax)).toBe(3);
    expect(await tiffPageCount(dataDir, single)).toBe(1);
    expect(await tiffPageCount(dataDir, damaged)).toBe(0);
    expect(await tiffPageCount(dataDir, notTiff)).toBe(0);
    expect(await tiffPageCount(dataDir, `${randomUUID()}.tif`)).toBe(0);
    expect(await tiffPageCount(dataDir, '../../etc/passwd')).toBe(0);
    expect(await tiffBytesPageCount(await multiPageTiff(['#000000', '#ffffff']))).toBe(2);
  });

  it('answers each frame as a PNG of that frame, 1-based', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => tiffPagePng(dataDir, fax, page)));
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
    expect(await tiffPagePng(dataDir, fax, 4)).toBeUndefined();
    expect(await tiffPagePng(dataDir, fax, 0)).toBeUndefined();
    expect(await tiffPagePng(dataDir, fax, 1.5)).toBeUndefined();
    expect(await tiffPagePng(dataDir, `${randomUUID()}.tif`, 1)).toBeUndefined();
    expect(await tiffPagePng(dataDir, notTiff, 1)).toBeUndefined();
    expect(await tiffPagePng(dataDir, damaged, 1)).toBeUndefined();
  });

  it('makes a PDF with a page per frame, each the size of its frame at its resolution', async () => {
    const pdf = await tiffAsPdf(dataDir, fax);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
    // 240 x 340 pixels at 200 dpi are 86.4 x 122.4 points.
    expect(text.match(/\/MediaBox \[0 0 86\.4 122\.4\]/g)).toHaveLength(3);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(3);
  });

  it('refuses to make a PDF of a file that is gone or not a readable TIFF', async () => {
    await expect(tiffAsPdf(dataDir, `${randomUUID()}.tif`)).rejects.toThrow(/not a readable TIFF/);
    await expect(tiffAsPdf(dataDir, damaged)).rejects.toThrow(/not a readable TIFF/);
  });
});
