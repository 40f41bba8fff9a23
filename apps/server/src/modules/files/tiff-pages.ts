import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { readStoredBytes } from './file-store.ts';

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
async function storedTiff(dataDir: string, storedName: string): Promise<Buffer | undefined> {
  const bytes = await readStoredBytes(dataDir, storedName);
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
export async function tiffPageCount(dataDir: string, storedName: string): Promise<number> {
  const bytes = await storedTiff(dataDir, storedName);
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
  dataDir: string,
  storedName: string,
  page: number,
): Promise<Buffer | undefined> {
  if (!Number.isInteger(page) || page < 1) return undefined;
  const bytes = await storedTiff(dataDir, storedName);
  if (!bytes || page > (await tiffBytesPageCount(bytes))) return undefined;
  return framePng(bytes, page);
}

/** Points per inch: PDF page sizes are in points. */
const POINTS_PER_INCH = 72;

/**
 * A frame's size in points at the resolution the TIFF records (a fax's 204 or 200 dpi), so a faxed A4
 * page prints as A4; without one, a pixel is a point.
 */
async function frameSize(bytes: Buffer, page: number): Promise<[number, number]> {
  const { width = 1, height = 1, density } = await sharp(bytes, { page: page - 1 }).metadata();
  const scale = density ? POINTS_PER_INCH / density : 1;
  return [width * scale, height * scale];
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
export async function tiffAsPdf(dataDir: string, storedName: string): Promise<Buffer> {
  const bytes = await storedTiff(dataDir, storedName);
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
