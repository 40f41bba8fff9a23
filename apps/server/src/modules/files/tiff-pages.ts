import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { readStoredBytes } from './file-store.ts';
import type { FileStorage } from './storage.ts';

/**
 * TIFF, the format of a fax service's fax-to-email (docs/import-queue.md). Browsers do not show it, so the
 * queue serves it a frame at a time as PNG and a converted item carries it as a PDF of its pages. Only the
 * import queue takes TIFF; referral attachments stay PDF and images.
 */
export const TIFF_TYPE = 'image/tiff';

/** How many leading bytes `sniffTiff` needs. */
export const TIFF_SNIFF_BYTES = 4;

const LITTLE_ENDIAN = [0x49, 0x49, 0x2a, 0x00]; // II*\0
const BIG_ENDIAN = [0x4d, 0x4d, 0x00, 0x2a]; // MM\0*

/** The TIFF type when the first bytes are a TIFF header (either byte order), else null. */
export function sniffTiff(firstBytes: Uint8Array): { type: string; extension: string } | null {
  const header = [...firstBytes.subarray(0, TIFF_SNIFF_BYTES)];
  const matches = (signature: number[]) =>
    header.length === signature.length && signature.every((value, i) => header[i] === value);
  return matches(LITTLE_ENDIAN) || matches(BIG_ENDIAN) ? { type: TIFF_TYPE, extension: 'tif' } : null;
}

/** The stored file's bytes when they are a TIFF; anything else (gone, another type) is undefined. */
async function storedTiff(storage: FileStorage, storedName: string): Promise<Buffer | undefined> {
  const bytes = await readStoredBytes(storage, storedName);
  return bytes && sniffTiff(bytes) ? bytes : undefined;
}

/** A TIFF's frame count, read from its bytes; 0 when they are not a TIFF that can be read. */
export async function tiffBytesPageCount(bytes: Buffer): Promise<number> {
  if (!sniffTiff(bytes)) return 0;
  try {
    const { pages, format } = await sharp(bytes).metadata();
    return format === 'tiff' ? (pages ?? 1) : 0;
  } catch {
    // A damaged file is the sender's problem, not ours: it has no pages to show.
    return 0;
  }
}

/** A stored TIFF's frame count; 0 when the file is gone or is not a TIFF that can be read. */
export async function tiffPageCount(storage: FileStorage, storedName: string): Promise<number> {
  const bytes = await storedTiff(storage, storedName);
  return bytes ? tiffBytesPageCount(bytes) : 0;
}

/** One frame of a TIFF as PNG bytes. */
function framePng(bytes: Buffer, page: number): Promise<Buffer> {
  // sharp counts pages from 0; the API counts them from 1 as the screen shows them.
  return sharp(bytes, { page: page - 1 })
    .png()
    .toBuffer();
}

/**
 * Page `page` (1-based) of a stored TIFF as a PNG; undefined when the file is gone, is not a TIFF, or has
 * no such page, so the queue answers all of those with the 404 of a missing page.
 */
export async function tiffPagePng(
  storage: FileStorage,
  storedName: string,
  page: number,
): Promise<Buffer | undefined> {
  if (!Number.isInteger(page) || page < 1) return undefined;
  const bytes = await storedTiff(storage, storedName);
  if (!bytes || page > (await tiffBytesPageCount(bytes))) return undefined;
  const png = await framePng(bytes, page);
  const resolution = tiffPageResolution(bytes, page);
  if (!resolution || resolution.x === resolution.y) return png;
  // A standard-mode fax's pixels are twice as tall as wide (204 x 98 dpi): drawn square on a screen, the
  // page would be squashed to half its height. Stretched back here, it reads like the paper.
  const { width, height } = await sharp(png).metadata();
  return sharp(png)
    .resize(width, Math.round((height * resolution.x) / resolution.y), { fit: 'fill' })
    .png()
    .toBuffer();
}

/** Points per inch: PDF page sizes are in points. */
const POINTS_PER_INCH = 72;

/** A page's resolution as its TIFF tags give it, in dots per inch, or only as a ratio ('none'). */
export type TiffResolution = { x: number; y: number; unit: 'inch' | 'none' };

// The tags of a TIFF directory (IFD) that size its page, and the field types they come in (TIFF 6.0).
const X_RESOLUTION = 282;
const Y_RESOLUTION = 283;
const RESOLUTION_UNIT = 296;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
// ResolutionUnit: 1 is no absolute unit (the two values give only the pixels' shape), 2 inch, 3 cm.
const UNIT_NONE = 1;
const UNIT_INCH = 2;
const UNIT_CM = 3;

/**
 * Page `page`'s (1-based) XResolution and YResolution, read from its directory (IFD) in the TIFF's own
 * byte order: sharp's `density` is one number, but a fax in "standard" mode is 204 dpi across and 98 down.
 * A page with only one of them has square pixels; one with neither, an unknown unit, a value that is not a
 * positive number or a directory that runs off the end of the bytes answers undefined.
 */
export function tiffPageResolution(bytes: Uint8Array, page: number): TiffResolution | undefined {
  if (!sniffTiff(bytes) || !Number.isInteger(page) || page < 1) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const littleEndian = bytes[0] === LITTLE_ENDIAN[0];
  const u16 = (at: number) => view.getUint16(at, littleEndian);
  const u32 = (at: number) => view.getUint32(at, littleEndian);
  const values = new Map<number, number>();
  try {
    // The pages are the chain of directories, each ending with the offset of the next (0 after the last).
    let directory = u32(4);
    for (let skipped = 1; skipped < page && directory !== 0; skipped++)
      directory = u32(directory + 2 + u16(directory) * 12);
    if (directory === 0) return undefined;
    const entries = u16(directory);
    for (let entry = directory + 2; entry < directory + 2 + entries * 12; entry += 12) {
      const tag = u16(entry);
      if (tag !== X_RESOLUTION && tag !== Y_RESOLUTION && tag !== RESOLUTION_UNIT) continue;
      const type = u16(entry + 2);
      if (u32(entry + 4) < 1) continue;
      // A value of up to 4 bytes sits in the entry; a rational's 8 are at the offset the entry holds.
      if (type === RATIONAL) values.set(tag, u32(u32(entry + 8)) / u32(u32(entry + 8) + 4));
      else if (type === SHORT) values.set(tag, u16(entry + 8));
      else if (type === LONG) values.set(tag, u32(entry + 8));
    }
  } catch (error) {
    // DataView throws RangeError for an offset past the end: a damaged file has no resolution to give.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  const x = values.get(X_RESOLUTION) ?? values.get(Y_RESOLUTION);
  const y = values.get(Y_RESOLUTION) ?? x;
  const usable = (value: number | undefined): value is number =>
    value !== undefined && Number.isFinite(value) && value > 0;
  if (!usable(x) || !usable(y)) return undefined;
  const unit = values.get(RESOLUTION_UNIT) ?? UNIT_INCH;
  if (unit === UNIT_INCH) return { x, y, unit: 'inch' };
  if (unit === UNIT_CM) return { x: x * 2.54, y: y * 2.54, unit: 'inch' };
  if (unit === UNIT_NONE) return { x, y, unit: 'none' };
  return undefined;
}

/**
 * A frame's size in points at the resolution its TIFF directory records, across and down apiece (a fax's
 * 204 x 196 "fine" or 204 x 98 "standard" dpi), so a faxed A4 page prints as A4 and a standard-mode one
 * is not stretched to twice its height. Without the tags it is sized from sharp's single density, and
 * without that a pixel is a point; when the tags give only the pixels' shape, the height follows it.
 */
async function frameSize(bytes: Buffer, page: number): Promise<[number, number]> {
  const { width = 1, height = 1, density } = await sharp(bytes, { page: page - 1 }).metadata();
  const resolution = tiffPageResolution(bytes, page);
  if (resolution?.unit === 'inch')
    return [(width * POINTS_PER_INCH) / resolution.x, (height * POINTS_PER_INCH) / resolution.y];
  const scale = density ? POINTS_PER_INCH / density : 1;
  const shape = resolution ? resolution.x / resolution.y : 1;
  return [width * scale, height * scale * shape];
}

/** Collects a PDFKit document's bytes once it has been ended. */
function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * A stored TIFF as a PDF with one page per frame, each page the size of its frame: what a fax becomes when
 * its item is converted into a referral, whose attachments every screen can show. Throws when the file is
 * gone or is not a TIFF that can be read, since the caller has a row that names it.
 */
export async function tiffAsPdf(storage: FileStorage, storedName: string): Promise<Buffer> {
  const bytes = await storedTiff(storage, storedName);
  const pages = bytes ? await tiffBytesPageCount(bytes) : 0;
  if (!bytes || pages === 0) throw new Error(`stored file ${storedName} is not a readable TIFF`);
  const doc = new PDFDocument({ autoFirstPage: false, info: { Creator: 'Referrals' } });
  const done = pdfBytes(doc);
  for (let page = 1; page <= pages; page++) {
    const [width, height] = await frameSize(bytes, page);
    const png = await framePng(bytes, page);
    doc.addPage({ size: [width, height], margin: 0 });
    doc.image(png, 0, 0, { width, height });
  }
  doc.end();
  return done;
}
