import type PDFDocument from 'pdfkit';
import { cleanRun, cleanText, toWinAnsi } from './letter-text.ts';

// The letter's page and type: A4 with 20 mm side margins, and the few drawing moves every block of the
// letter uses (headings, label/value rows, keeping a block off a page's last lines, the footer).

type Doc = InstanceType<typeof PDFDocument>;

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 50, bottom: 72, left: 56.7, right: 56.7 } as const;

export const COLOUR = {
  ink: '#1d2733',
  muted: '#5b6672',
  accent: '#0f4c5c',
  rule: '#d3dae0',
  hairline: '#e6eaee',
  panel: '#f2f5f7',
} as const;

export interface FontNames {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
}

export type Weight = keyof FontNames;

export interface Row {
  label: string;
  value: string;
}

export class LetterLayout {
  readonly left = MARGIN.left;
  readonly width = PAGE.width - MARGIN.left - MARGIN.right;
  readonly right = PAGE.width - MARGIN.right;

  constructor(
    readonly doc: Doc,
    private readonly fonts: FontNames,
  ) {}

  /**
   * Text as the standard fonts can print it (see toWinAnsi): names outside Latin-1 print without
   * diacritics. Every string reaches the page through here.
   */
  printable(text: string): string {
    return toWinAnsi(cleanText(text));
  }

  /** A run of rich text as the standard fonts print it: printable() without the trimming. */
  printableRun(text: string): string {
    return toWinAnsi(cleanRun(text));
  }

  /** Sets font, size and colour for what is drawn next. */
  use(weight: Weight, size: number, colour: string = COLOUR.ink): Doc {
    return this.doc.font(this.fonts[weight]).fontSize(size).fillColor(colour);
  }

  /**
   * Draws an image (checked with printableImage) scaled to fit `box` with its top left at x, y; returns
   * the height it took, 0 when PDFKit could not read it after all.
   */
  picture(image: Buffer, x: number, y: number, box: { width: number; height: number }): number {
    try {
      this.doc.y = y;
      // Without a y PDFKit places the image in the flow and moves doc.y below it by its drawn height.
      this.doc.image(image, x, undefined, { fit: [box.width, box.height] });
    } catch {
      this.doc.y = y;
    }
    this.doc.x = this.left;
    return this.doc.y - y;
  }

  /** The lowest y that content may reach on the current page. */
  get bottom(): number {
    return PAGE.height - MARGIN.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one; true when it started one. */
  keepSpace(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.doc.addPage();
    return true;
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  rule(colour: string = COLOUR.rule, lineWidth = 0.75, y = this.doc.y): void {
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.right, y)
      .lineWidth(lineWidth)
      .strokeColor(colour)
      .stroke()
      .restore();
  }

  /** A section heading with a rule under it, kept on a page with room for a few lines after it. */
  heading(title: string): void {
    this.keepSpace(64);
    this.headingHere(title);
  }

  private headingHere(title: string): void {
    this.use('bold', 11.5, COLOUR.accent).text(this.printable(title), this.left, this.doc.y, {
      width: this.width,
    });
    this.gap(3);
    this.rule();
    this.gap(6);
  }

  /** Small capitals above a value: the label of a panel or a cell. */
  caption(text: string, x: number, y: number, width: number): void {
    this.use('bold', 7.5, COLOUR.muted).text(this.printable(text).toUpperCase(), x, y, {
      width,
      characterSpacing: 0.6,
      lineBreak: false,
    });
  }

  /**
   * Label/value rows: labels on the left, values beside them with a hairline between rows. A row that
   * fits on a page is never split; a longer value flows on to the next page. Rows that go on to a new page
   * are headed there by `title`, '(continued)'.
   */
  rows(rows: readonly Row[], title: string): void {
    const labelWidth = Math.round(this.width * 0.34);
    const valueX = this.left + labelWidth + 12;
    const valueWidth = this.right - valueX;
    for (const row of rows) {
      const label = this.printable(row.label);
      const value = this.printable(row.value);
      this.use('regular', 9);
      const labelHeight = this.doc.heightOfString(label, { width: labelWidth });
      this.use('regular', 10);
      const valueHeight = this.doc.heightOfString(value, { width: valueWidth, lineGap: 1.5 });
      const height = Math.max(labelHeight, valueHeight);
      if (this.keepSpace(Math.min(height, this.bottom - MARGIN.top - 40) + 4)) {
        this.headingHere(`${title} (continued)`);
      }
      const top = this.doc.y;
      const page = this.doc.page;
      this.use('regular', 9, COLOUR.muted).text(label, this.left, top + 0.8, { width: labelWidth });
      this.use('regular', 10).text(value, valueX, top, { width: valueWidth, lineGap: 1.5 });
      // A value that flowed on to the next page leaves doc.y there; otherwise the taller column decides.
      this.doc.y = this.doc.page === page ? top + height : this.doc.y;
      this.gap(3);
      this.rule(COLOUR.hairline, 0.5);
      this.gap(5);
    }
    this.doc.x = this.left;
  }

  /**
   * Body text across the full width, a blank line in it starting a new paragraph; long text wraps and
   * flows on to new pages.
   */
  paragraph(text: string, options: { size?: number; colour?: string; weight?: Weight } = {}): void {
    const paragraphs = this.printable(text).split(/\n\s*\n/);
    paragraphs.forEach((paragraph, i) => {
      if (i > 0) this.gap(7);
      this.use(options.weight ?? 'regular', options.size ?? 10.5, options.colour ?? COLOUR.ink).text(
        paragraph,
        this.left,
        this.doc.y,
        { width: this.width, lineGap: 2.5 },
      );
    });
    this.doc.x = this.left;
  }

  /** "Page 1 of 2" and a line saying whose letter it is at the foot of every page. */
  footers(identity: string): void {
    const { start, count } = this.doc.bufferedPageRange();
    const y = PAGE.height - 44;
    for (let i = start; i < start + count; i += 1) {
      this.doc.switchToPage(i);
      // Text below the bottom margin would make PDFKit start a page; the footer lives there on purpose.
      const margins = this.doc.page.margins;
      const saved = margins.bottom;
      margins.bottom = 0;
      this.rule(COLOUR.rule, 0.5, y - 8);
      const pageText = `Page ${i - start + 1} of ${count}`;
      this.use('regular', 8, COLOUR.muted);
      const pageWidth = this.doc.widthOfString(pageText);
      // One line, cut short with an ellipsis if a long name would wrap it.
      this.doc.text(this.printable(identity), this.left, y, {
        width: this.width - pageWidth - 24,
        height: this.doc.currentLineHeight(),
        ellipsis: true,
      });
      this.doc.text(pageText, this.right - pageWidth, y, { lineBreak: false });
      margins.bottom = saved;
    }
  }
}
