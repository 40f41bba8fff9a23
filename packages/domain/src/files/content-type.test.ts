import { describe, expect, it } from 'vitest';
import { contentTypeForExtension, sniffContentType } from './content-type.ts';

// Byte strings spelled as text; the domain package has no DOM types such as TextEncoder.
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array<number>(16).fill(0)]);

describe('sniffing what an uploaded file really is', () => {
  it('recognises PNG, JPEG, GIF, WebP and PDF from their first bytes', () => {
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.type).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))?.type).toBe('image/jpeg');
    expect(sniffContentType(ascii('GIF89a.........'))?.type).toBe('image/gif');
    expect(sniffContentType(ascii('RIFF\0\0\0\0WEBPVP8 '))?.type).toBe('image/webp');
    expect(sniffContentType(ascii('%PDF-1.7\n%....'))).toEqual({
      type: 'application/pdf',
      extension: 'pdf',
    });
  });

  it('does not trust a name: an HTML page or a script is not recognised', () => {
    expect(sniffContentType(ascii('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffContentType(ascii('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });

  it('serves stored files with the type of their extension', () => {
    expect(contentTypeForExtension('png')).toBe('image/png');
    expect(contentTypeForExtension('exe')).toBeNull();
  });
});
