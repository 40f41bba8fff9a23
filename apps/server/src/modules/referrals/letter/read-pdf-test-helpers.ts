import { inflateSync } from 'node:zlib';

// The letters are read back the way a PDF reader finds its way through a file (trailer, cross-reference
// table, catalog, pages, content streams), with none of the renderer's code, so a test fails on what a
// reader would see: missing text, a wrong page count, a broken file.

// Windows-1252's 0x80-0x9F, written out: Node's TextDecoder reads them as control characters.
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Text in the standard fonts' encoding, WinAnsi. */
function winAnsi(bytes: Buffer): string {
  return [...bytes]
    .map((b) => (b >= 0x80 && b < 0xa0 ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b)))
    .join('');
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

export interface ReadPdf {
  info: Record<string, string>;
  /** Each page's text, one line per text object. */
  pages: string[];
  objects: Map<number, PdfObject>;
}

/** Reads every object through the cross-reference table; throws when an entry points anywhere else. */
export function readPdf(pdf: Buffer): ReadPdf {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const xref = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  if (!xref) throw new Error('no cross-reference table where startxref points');
  const objects = new Map<number, PdfObject>();
  for (let n = 1; n < Number(xref[1]); n += 1) {
    const entry = text.slice(startxref + xref[0].length + 20 * n, startxref + xref[0].length + 20 * n + 18);
    const [offset, , use] = entry.split(' ');
    if (use !== 'n') continue;
    const at = Number(offset);
    const head = `${n} 0 obj\n`;
    if (text.slice(at, at + head.length) !== head) throw new Error(`object ${n} is not at offset ${at}`);
    const body = at + head.length;
    const streamAt = text.indexOf('>>\nstream\n', body);
    const endAt = text.indexOf('endobj', body);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = text.slice(body, streamAt + 2);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const start = streamAt + '>>\nstream\n'.length;
      const raw = pdf.subarray(start, start + length);
      objects.set(n, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    } else {
      objects.set(n, { dict: text.slice(body, endAt) });
    }
  }
  const trailer = text.slice(startxref);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const object = (n: number) => {
    const found = objects.get(n);
    if (!found) throw new Error(`object ${n} is missing`);
    return found;
  };
  const pagesDict = object(ref(object(ref(trailer, 'Root')).dict, 'Pages')).dict;
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesDict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  if (Number(/\/Count (\d+)/.exec(pagesDict)?.[1]) !== kids.length)
    throw new Error('page count and kids differ');
  const pages = kids.map((kid) =>
    contentText(object(ref(object(kid).dict, 'Contents')).stream ?? Buffer.alloc(0)),
  );
  const infoDict = object(ref(trailer, 'Info')).dict;
  const info: Record<string, string> = Object.fromEntries(
    [...infoDict.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m): [string, string] => [
      m[1] ?? '',
      pdfString(object(Number(m[2])).dict.trim()),
    ]),
  );
  return { info, pages, objects };
}

/** The text a content stream shows: the strings of each BT ... ET text object, one line per object. */
function contentText(content: Buffer): string {
  const lines: string[] = [];
  for (const block of content.toString('latin1').matchAll(/BT([\s\S]*?)ET/g)) {
    const shown = [...(block[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) =>
      winAnsi(Buffer.from(m[1] ?? '', 'hex')),
    );
    lines.push(shown.join(''));
  }
  return lines.join('\n');
}

/** A literal string object, '(...)', with its escapes undone; UTF-16 when it starts with a byte-order mark. */
function pdfString(literal: string): string {
  const inner = literal.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    return /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (named[e] ?? e);
  });
  const bytes = Buffer.from(inner, 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff
    ? new TextDecoder('utf-16be').decode(bytes.subarray(2))
    : inner;
}

/** All the text of a document with runs of white space made one space, as a reader reads across lines. */
export function allText(read: ReadPdf): string {
  return read.pages.join('\n').replace(/\s+/g, ' ');
}

/** The text as a reader reads it, where runs in another font (bold in a sentence) are pieces of their own. */
export function textOf(read: ReadPdf): string {
  return allText(read).replace(/ ([,.;:)])/g, '$1');
}

/** The widths of the images the file draws, the soft masks (transparency) of images left out. */
export function imageWidths(read: ReadPdf): number[] {
  const objects = [...read.objects.entries()];
  const masks = new Set(
    objects.flatMap(([, object]) => [...object.dict.matchAll(/\/SMask (\d+) 0 R/g)].map((m) => Number(m[1]))),
  );
  return objects
    .filter(([n, object]) => object.dict.includes('/Subtype /Image') && !masks.has(n))
    .map(([, object]) => Number(/\/Width (\d+)/.exec(object.dict)?.[1]));
}
