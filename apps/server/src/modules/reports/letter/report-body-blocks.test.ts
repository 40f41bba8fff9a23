import { describe, expect, it } from 'vitest';
import { reportBodyBlocks, type BodyBlock, type BodyRun } from './report-body-blocks.ts';

const plain = { bold: false, italic: false, underline: false, strike: false };

/** Each block as its kind, place and text, runs joined: what a reader of the letter would tell apart. */
function outline(blocks: BodyBlock[]): string[] {
  return blocks.map((block) => {
    const text = block.runs.map((run) => run.text).join('');
    if (block.kind === 'heading') return `h${block.level} ${text}`;
    const place = `${'>'.repeat(block.quotes)}${'-'.repeat(block.lists)}`;
    return `${place}${block.marker === undefined ? '' : `[${block.marker}]`} ${text}`;
  });
}

describe('reportBodyBlocks', () => {
  it('keeps headings, paragraphs, numbered and bulleted lists, nested items and quotes apart', () => {
    const html =
      '<h2>Summary</h2><p>Seen today.</p><h3>Plan</h3>' +
      '<ol><li>Aspirin</li><li><p>Metoprolol</p><p>from Monday</p><ul><li>half dose first</li></ul></li></ol>' +
      '<ul><li>Echo</li></ul><blockquote><p>Call for chest pain.</p><blockquote>Nested</blockquote></blockquote>' +
      'Loose text';

    expect(outline(reportBodyBlocks(html))).toEqual([
      'h2 Summary',
      ' Seen today.',
      'h3 Plan',
      '-[1.] Aspirin',
      '-[2.] Metoprolol',
      '- from Monday',
      '--[•] half dose first',
      '-[•] Echo',
      '> Call for chest pain.',
      '>> Nested',
      ' Loose text',
    ]);
  });

  it('gives each run its marks, nested ones together, and prints a link with its address', () => {
    const [block] = reportBodyBlocks(
      '<p>An <strong>urgent <em>and <u>important</u></em></strong> <s>old</s> ' +
        '<a href="https://heart.example/a">sheet</a>, <a href="mailto:rooms@heart.example">rooms@heart.example</a>' +
        ' and <a href="https://heart.example/b">https://heart.example/b</a></p>',
    );
    const runs = block?.runs ?? [];
    const run = (text: string): BodyRun | undefined => runs.find((r) => r.text === text);

    expect(run('An ')).toEqual({ text: 'An ', ...plain });
    expect(run('urgent ')).toEqual({ text: 'urgent ', ...plain, bold: true });
    expect(run('and ')).toEqual({ text: 'and ', ...plain, bold: true, italic: true });
    expect(run('important')).toEqual({
      text: 'important',
      ...plain,
      bold: true,
      italic: true,
      underline: true,
    });
    expect(run('old')).toEqual({ text: 'old', ...plain, strike: true });
    expect(run('sheet')).toEqual({ text: 'sheet', ...plain, href: 'https://heart.example/a' });
    expect(run(' (https://heart.example/a)')?.href).toBe('https://heart.example/a');
    // A link whose text is its address is not printed twice; a mail address prints without 'mailto:'.
    expect(runs.map((r) => r.text).join('')).toBe(
      'An urgent and important old sheet (https://heart.example/a), rooms@heart.example and https://heart.example/b',
    );
  });

  it('collapses white space as a browser does, keeps line breaks and decodes entities', () => {
    const blocks = reportBodyBlocks(
      '<p>\n  Blood   pressure\n 148/86 &amp; rising&nbsp;&mdash; <br>  recheck <strong> in </strong> a week <br></p>' +
        '<p> </p><p><br></p>',
    );

    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.runs.map((run) => run.text).join('')).toBe(
      'Blood pressure 148/86 & rising\u00a0—\nrecheck in a week',
    );
  });

  it('gives an empty body no blocks', () => {
    expect(reportBodyBlocks('')).toEqual([]);
    expect(reportBodyBlocks('<p></p><ul><li> </li></ul>')).toEqual([]);
  });
});
