import PDFDocument from 'pdfkit';
import type { Instant } from '@referrals/domain/dates';
import { LetterLayout, MARGIN, type FontNames } from './letter-layout.ts';

// A letter's PDF file: A4, the standard fonts, the document's properties and a footer on every page. Each
// letter (referral-letter.ts, reports/letter/report-letter.ts) draws its own blocks in between.

const STANDARD_FONTS: FontNames = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
};

/** The document's properties, and the line at the foot of every page saying whose letter it is. */
export interface LetterInfo {
  title: string;
  author: string;
  subject: string;
  /**
   * When the letter is made: the PDF's creation date. Passed in, not read from the clock, so that one
   * letter always renders to the same bytes.
   */
  printed_at: Instant;
  footer: string;
}

/**
 * Renders a letter as an A4 PDF in the PDF standard fonts, which need nothing embedded and print Latin-1
 * (WinAnsi) only: a name outside it prints without its diacritics ('Nguyễn' as 'Nguyen'), and a character
 * with no Latin form as '?' (toWinAnsi). The document's title is Unicode and keeps names as written.
 */
export async function renderLetter(info: LetterInfo, draw: (layout: LetterLayout) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en-AU',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: 'Referrals',
      CreationDate: new Date(info.printed_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout = new LetterLayout(doc, STANDARD_FONTS);
  draw(layout);
  layout.footers(info.footer);
  doc.end();
  return ended;
}
