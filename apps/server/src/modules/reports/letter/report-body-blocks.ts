import { Parser } from 'htmlparser2';

// A report body (HTML with the editor's marks only, report-html.ts) as the blocks its letter draws:
// headings and paragraphs of styled runs, each paragraph knowing the lists and quotes it stands in. Pure:
// no PDF here, so the structure is tested on its own.

/** A piece of text in one style; `href` makes it a link. */
export interface BodyRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  href?: string;
}

export type BodyBlock =
  | { kind: 'heading'; level: 2 | 3; runs: BodyRun[] }
  | {
      kind: 'paragraph';
      runs: BodyRun[];
      /** How many lists it stands in (0: none). */
      lists: number;
      /** The item's bullet or number, on the first paragraph of a list item only. */
      marker?: string;
      /** How many quotes it stands in (0: none). */
      quotes: number;
    };

type Mark = 'bold' | 'italic' | 'underline' | 'strike';
const MARKS: Readonly<Record<string, Mark>> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
};
/** Tags that end the block before them and start another. */
const BLOCK_TAGS = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote']);

/** A link's address as a reader would type it: a mail address without 'mailto:'. */
function shownAddress(href: string): string {
  return href.replace(/^mailto:/i, '');
}

/**
 * Runs as a browser shows them: white space collapsed across runs, none at the start or end of the
 * block or after a line break, and empty runs dropped.
 */
function collapse(runs: BodyRun[]): BodyRun[] {
  const out: BodyRun[] = [];
  let atLineStart = true;
  for (const run of runs) {
    let text = run.text.replace(/[ \t\n\r\f]+/g, ' ');
    if (run.text === '\n') text = '\n';
    if (atLineStart) text = text.replace(/^ /, '');
    if (text === '') continue;
    const last = out.at(-1);
    if (text === '\n' && last) last.text = last.text.replace(/ $/, '');
    out.push({ ...run, text });
    atLineStart = text.endsWith(' ') || text.endsWith('\n');
  }
  // Trailing space and line breaks print nothing but an empty line.
  while (out.length > 0) {
    const last = out.at(-1);
    if (!last) break;
    last.text = last.text.replace(/[ \n]+$/, '');
    if (last.text !== '') break;
    out.pop();
  }
  return out;
}

/** The blocks of a report body, in order; an empty body gives none. */
export function reportBodyBlocks(html: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  const marks: Record<Mark, number> = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const links: { href: string | undefined; text: string }[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let quotes = 0;
  let heading: 2 | 3 | undefined;
  let marker: string | undefined;
  let runs: BodyRun[] = [];

  const flush = () => {
    const collapsed = collapse(runs);
    runs = [];
    if (collapsed.length === 0) return;
    if (heading) {
      blocks.push({ kind: 'heading', level: heading, runs: collapsed });
      return;
    }
    blocks.push({
      kind: 'paragraph',
      runs: collapsed,
      lists: lists.length,
      quotes,
      ...(marker === undefined ? {} : { marker }),
    });
    // The marker goes on the item's first paragraph only.
    marker = undefined;
  };
  const add = (text: string, href = links.at(-1)?.href) => {
    runs.push({
      text,
      bold: marks.bold > 0,
      italic: marks.italic > 0,
      underline: marks.underline > 0,
      strike: marks.strike > 0,
      ...(href === undefined ? {} : { href }),
    });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (BLOCK_TAGS.has(name)) flush();
        const mark = MARKS[name];
        if (mark) marks[mark] += 1;
        if (name === 'h2' || name === 'h3') heading = name === 'h2' ? 2 : 3;
        if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', next: 1 });
        if (name === 'blockquote') quotes += 1;
        if (name === 'br') add('\n');
        if (name === 'a') links.push({ href: attributes.href, text: '' });
        if (name === 'li') {
          const list = lists.at(-1);
          marker = list?.ordered ? `${list.next++}.` : '•';
        }
      },
      ontext(text) {
        const link = links.at(-1);
        if (link) link.text += text;
        add(text);
      },
      onclosetag(name) {
        if (BLOCK_TAGS.has(name)) flush();
        const mark = MARKS[name];
        if (mark) marks[mark] = Math.max(0, marks[mark] - 1);
        if (name === 'h2' || name === 'h3') heading = undefined;
        if (name === 'ul' || name === 'ol') lists.pop();
        if (name === 'blockquote') quotes = Math.max(0, quotes - 1);
        if (name === 'li') marker = undefined;
        if (name === 'a') {
          const link = links.pop();
          // On paper a link is its address: printed after its text unless the text is the address.
          const address = link?.href === undefined ? '' : shownAddress(link.href);
          if (address !== '' && link?.text.trim() !== address) add(` (${address})`, link?.href);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
