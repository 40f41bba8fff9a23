import { COLOUR, MARGIN, type LetterLayout, type Weight } from '../../referrals/letter/letter-layout.ts';
import type { BodyBlock, BodyRun } from './report-body-blocks.ts';

// A report body's blocks (report-body-blocks.ts) on the letter: headings, paragraphs of bold, italic,
// underlined and struck-out runs, bulleted and numbered lists indented by depth, quotes with a bar beside
// them, links with their address. Text flows on to new pages as the letter's other text does.

const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const LIST_INDENT = 18;
const QUOTE_INDENT = 14;
const HEADING_SIZE = { 2: 13, 3: 11.5 } as const;

function weightOf(run: BodyRun, bold: boolean): Weight {
  if (run.bold || bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'regular';
}

interface RunStyle {
  x: number;
  width: number;
  size: number;
  colour: string;
  bold?: boolean;
}

/** One paragraph's runs as one flow of text from x at doc.y, each run in its own font. */
function drawRuns(layout: LetterLayout, runs: readonly BodyRun[], style: RunStyle): void {
  const { doc } = layout;
  runs.forEach((run, i) => {
    layout.use(weightOf(run, style.bold ?? false), style.size, run.href ? COLOUR.accent : style.colour);
    // Every option is given on every run: PDFKit carries a continued run's options on to the next.
    const options = {
      width: style.width,
      lineGap: LINE_GAP,
      continued: i < runs.length - 1,
      underline: run.underline,
      strike: run.strike,
      link: run.href ?? null,
    };
    const text = layout.printableRun(run.text);
    if (i === 0) doc.text(text, style.x, doc.y, options);
    else doc.text(text, options);
  });
  doc.x = layout.left;
}

/** The index of the page being drawn on: always the last, as a letter only adds pages. */
function pageIndex(layout: LetterLayout): number {
  const { start, count } = layout.doc.bufferedPageRange();
  return start + count - 1;
}

/** A quote's bar beside text drawn from (`page`, `top`) to here, on each page the text reached. */
function quoteBar(layout: LetterLayout, x: number, from: { page: number; top: number }): void {
  const { doc } = layout;
  const end = { page: pageIndex(layout), y: doc.y };
  for (let page = from.page; page <= end.page; page += 1) {
    doc.switchToPage(page);
    const top = page === from.page ? from.top : MARGIN.top;
    const bottom = page === end.page ? end.y - LINE_GAP : layout.bottom;
    doc.save().moveTo(x, top).lineTo(x, bottom).lineWidth(2).strokeColor(COLOUR.rule).stroke().restore();
  }
  doc.y = end.y;
}

function heading(layout: LetterLayout, block: Extract<BodyBlock, { kind: 'heading' }>, first: boolean) {
  // A heading keeps a few lines after it on its page.
  if (!layout.keepSpace(60) && !first) layout.gap(block.level === 2 ? 8 : 5);
  drawRuns(layout, block.runs, {
    x: layout.left,
    width: layout.width,
    size: HEADING_SIZE[block.level],
    colour: COLOUR.accent,
    bold: true,
  });
  layout.gap(4);
}

function paragraph(layout: LetterLayout, block: Extract<BodyBlock, { kind: 'paragraph' }>) {
  const { doc } = layout;
  const indent = block.lists * LIST_INDENT + block.quotes * QUOTE_INDENT;
  const x = layout.left + indent;
  // The first line (and its bullet) starts on the page that has room for it.
  layout.keepSpace(BODY_SIZE * 1.2 + LINE_GAP);
  const from = { page: pageIndex(layout), top: doc.y };
  if (block.marker !== undefined) {
    layout.use('regular', BODY_SIZE).text(block.marker, x - LIST_INDENT, from.top, {
      width: LIST_INDENT - 5,
      align: 'right',
      lineBreak: false,
    });
    doc.y = from.top;
  }
  drawRuns(layout, block.runs, {
    x,
    width: layout.width - indent,
    size: BODY_SIZE,
    colour: block.quotes > 0 ? COLOUR.muted : COLOUR.ink,
  });
  if (block.quotes > 0) quoteBar(layout, x - QUOTE_INDENT + 3, from);
}

/** Draws a report body's blocks at doc.y across the letter's width. */
export function drawReportBody(layout: LetterLayout, blocks: readonly BodyBlock[]): void {
  blocks.forEach((block, i) => {
    if (block.kind === 'heading') {
      heading(layout, block, i === 0);
      return;
    }
    paragraph(layout, block);
    const next = blocks[i + 1];
    // List items sit closer together than paragraphs.
    const inList = block.lists > 0 && next?.kind === 'paragraph' && next.lists > 0;
    layout.gap(inList ? 3 : 7);
  });
  layout.doc.x = layout.left;
}
