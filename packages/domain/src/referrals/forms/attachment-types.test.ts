import { describe, expect, it } from 'vitest';
import {
  acceptedAttachmentTypes,
  DEFAULT_ATTACHMENT_ACCEPT,
  OFFICE_DOCUMENT_TYPES,
  sniffAttachmentType,
} from './attachment-types.ts';
import { safeFileName } from './attachment-schemas.ts';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('referral attachment types', () => {
  it('sniffs PDF, Office Open XML and RTF from the bytes, not a plain zip', () => {
    expect(sniffAttachmentType(ascii('%PDF-1.7\n'))?.type).toBe('application/pdf');
    const docx = ascii('PK\u0003\u0004....[Content_Types].xml....PK\u0003\u0004..word/document.xml');
    expect(sniffAttachmentType(docx)).toEqual({ type: OFFICE_DOCUMENT_TYPES.docx, extension: 'docx' });
    expect(
      sniffAttachmentType(ascii('PK\u0003\u0004....[Content_Types].xml..xl/workbook.xml'))?.extension,
    ).toBe('xlsx');
    expect(sniffAttachmentType(ascii('PK\u0003\u0004....evil.exe'))).toBeNull();
    expect(sniffAttachmentType(ascii('{\\rtf1\\ansi'))?.extension).toBe('rtf');
  });

  it('reads accept lists of types, image/* and extensions; none means the default list', () => {
    expect(acceptedAttachmentTypes(['.pdf'])).toEqual(['application/pdf']);
    expect(acceptedAttachmentTypes(['image/*'])).toContain('image/png');
    expect(acceptedAttachmentTypes(undefined)).toEqual(DEFAULT_ATTACHMENT_ACCEPT);
  });

  it('keeps only a safe last path part of a file name for Content-Disposition', () => {
    expect(safeFileName('C:\\Users\\me\\letter "final".pdf')).toBe('letter final.pdf');
    expect(safeFileName('../..')).toBe('attachment');
    expect(safeFileName('a\r\nb.pdf')).toBe('ab.pdf');
  });
});
