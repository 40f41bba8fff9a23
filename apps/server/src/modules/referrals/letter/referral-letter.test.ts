import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderReferralLetter, type ReferralLetter } from './referral-letter.ts';
import { sampleReferralLetter } from './sample-referral-letter.ts';

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

interface ReadPdf {
  info: Record<string, string>;
  /** Each page's text, one line per text object. */
  pages: string[];
  objects: Map<number, PdfObject>;
}

/** Reads every object through the cross-reference table; throws when an entry points anywhere else. */
function readPdf(pdf: Buffer): ReadPdf {
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
  const info = Object.fromEntries(
    [...infoDict.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [
      m[1],
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
function allText(read: ReadPdf): string {
  return read.pages.join('\n').replace(/\s+/g, ' ');
}

async function render(letter: ReferralLetter) {
  const pdf = await renderReferralLetter(letter);
  return { pdf, read: readPdf(pdf) };
}

/** A letter with nothing optional in it: a draft to no named specialist, about a patient with a name only. */
function bareLetter(): ReferralLetter {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    type: 'IN-APP',
    status: 'DRFT',
    submitted_at: null,
    from_establishment: { name: 'Northside Medical Centre' },
    referrer: { first_name: 'Sam', last_name: 'Taylor' },
    to_establishment: { name: 'Westmead Renal Clinic' },
    assignee: null,
    patient: { first_name: 'Jordan', last_name: 'Ellis', dob: '1990-02-03' },
    referrer_message: 'Please review this patient.',
    forms: [],
    attachments: [],
    signature: { signed_by: { first_name: 'Sam', last_name: 'Taylor' }, signed_at: '2026-05-04T00:00:00Z' },
    printed_at: '2026-05-06T01:00:00Z',
  };
}

describe('renderReferralLetter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes a PDF file a reader can open, titled for the patient', async () => {
    const { pdf, read } = await render(sampleReferralLetter());

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    expect(read.info.Title).toBe('Referral letter for Mr Thomas Nguyen');
    expect(read.info.CreationDate).toBe('D:20260312042000Z');
  });

  it('shows the sender, the receiver, the patient, the message, the forms, the attachments and the signature', async () => {
    const { read } = await render(sampleReferralLetter());
    const text = allText(read);

    expect(read.pages).toHaveLength(2);
    expect(read.pages[0]).toContain('Harbourside Family Medical Practice');
    expect(read.pages[0]).toContain('12 Mar 2026');
    expect(read.pages[0]).toContain("A/Prof Karen O'Brien");
    expect(read.pages[0]).toContain('Cardiology');
    expect(read.pages[0]).toContain('Royal Eastern Hospital');
    expect(read.pages[0]).toContain('Mr Thomas Nguyen');
    expect(read.pages[0]).toContain('21 Jul 1958');
    expect(read.pages[0]).toContain('2953 81746 1');
    expect(read.pages[0]).toContain('REH0048213');
    expect(read.pages[0]).toContain("Dear A/Prof O'Brien,");
    expect(text).toContain(
      'His background includes type 2 diabetes (HbA1c 7.4%), hypertension and hypercholesterolaemia.',
    );
    expect(text).toContain('Urgency Semi-urgent (within 30 days)');
    expect(text).toContain('Atorvastatin 40 mg nocte');
    expect(text).toContain('eGFR 78 mL/min/1.73 m²');
    expect(text).toContain('Attachments (3)');
    expect(text).toContain('Pathology results March 2026.pdf (Pathology)');
    expect(text).toContain('Dr Amelia Hartley MBBS FRACGP Provider number 2426591T Signed 12 Mar 2026');
    expect(text).toContain('Dr Peter Lam · Provider number 2198834B · p.lam@harbourside.example');
    // A form field left empty is not listed, and a submitted letter is not marked as a draft.
    expect(text).not.toContain('Troponin');
    expect(text).not.toMatch(/draft/i);
  });

  it('runs a long message on to further pages, every page numbered and naming the patient', async () => {
    const paragraph =
      'On review today he describes intermittent palpitations lasting several minutes, mostly in the evenings, ' +
      'without presyncope; his home blood pressure readings are attached and remain above target. ';
    const link = `https://results.example/reports/${'0123456789abcdef'.repeat(12)}`;
    const message = [
      ...Array.from({ length: 30 }, (_, i) => `${i + 1}. ${paragraph.repeat(2)}`),
      `Report: ${link}`,
      'The last paragraph of a long message.',
    ].join('\n\n');
    const { read } = await render(sampleReferralLetter({ referrer_message: message }));
    const count = read.pages.length;

    expect(count).toBeGreaterThanOrEqual(3);
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${count}`);
      expect(page.replace(/\s+/g, ' ')).toContain('Mr Thomas Nguyen · DOB 21 Jul 1958');
    });
    const text = allText(read);
    expect(text).toContain(`30. ${paragraph}`);
    expect(text).toContain('The last paragraph of a long message.');
    // A word wider than the page is broken across lines, not cut off.
    expect(read.pages.join('').replace(/\s+/g, '')).toContain(link);
    expect(read.pages[0]).not.toContain('The last paragraph');
  });

  it('heads a form again on the page it runs on to, and lets a value longer than a page flow', async () => {
    const history = Array.from({ length: 70 }, (_, i) => `Visit ${i + 1}: reviewed, no change to treatment.`);
    const letter = sampleReferralLetter({
      forms: [
        {
          title: 'Medication history',
          fields: Array.from({ length: 40 }, (_, i) => ({
            label: `Medicine ${i + 1}`,
            value: `${i + 1} mg daily`,
          })),
        },
        { title: 'Visits', fields: [{ label: 'Visit notes', value: history.join('\n') }] },
      ],
    });
    const { read } = await render(letter);
    const continued = read.pages.findIndex((page) => page.includes('Medication history (continued)'));

    expect(continued).toBeGreaterThan(0);
    expect(read.pages[continued - 1]).toContain('Medication history');
    expect(allText(read)).toContain('Medicine 40 40 mg daily');
    const first = read.pages.findIndex((page) => page.includes('Visit 1: reviewed'));
    const last = read.pages.findIndex((page) => page.includes('Visit 70: reviewed, no change to treatment.'));
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
  });

  it('leaves out what a letter does not have, and never prints a stand-in for it', async () => {
    const { read } = await render(bareLetter());
    const text = allText(read);

    expect(read.pages).toHaveLength(1);
    expect(text).toContain('No named specialist');
    expect(text).toContain('Dear Colleague,');
    expect(text).toContain('Jordan Ellis');
    expect(text).toContain('3 Feb 1990');
    expect(text).toContain('DRAFT, NOT SUBMITTED');
    expect(text).toContain('STATUS Draft');
    // A draft is dated the day it is printed.
    expect(text).toContain('6 May 2026');
    expect(text).toContain('Please review this patient.');
    expect(text).toContain('Sam Taylor Signed 4 May 2026');
    expect(text).not.toMatch(/undefined|null|NaN|\[object|Invalid/i);
    for (const absent of [
      'Medicare',
      'MRN',
      'Gender',
      'Phone',
      'Address',
      'Attachments',
      'Supervising',
      'Provider number',
      'Valid for',
      'Expires',
      'Submitted',
    ]) {
      expect(text, absent).not.toContain(absent);
    }
  });

  it('prints the same bytes for the same letter', async () => {
    const first = await renderReferralLetter(sampleReferralLetter());
    const second = await renderReferralLetter(sampleReferralLetter());

    expect(first.equals(second)).toBe(true);
  });

  it('prints a name the standard fonts lack without its accents, never as stray characters', async () => {
    const letter = bareLetter();
    letter.patient = { ...letter.patient, first_name: 'Thị Hồng', last_name: 'Nguyễn' };
    letter.referrer_message = 'Ms Nguyễn’s daughter (李明) will attend — she interprets.';
    const { read } = await render(letter);
    const text = allText(read);

    expect(text).toContain('Thi Hong Nguyen');
    expect(text).toContain('Ms Nguyen’s daughter (??) will attend — she interprets.');
    // The document's title is Unicode text and keeps the name as written.
    expect(read.info.Title).toBe('Referral letter for Thị Hồng Nguyễn');
  });

  it('writes nothing to the console: a letter is all patient data', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    await renderReferralLetter(sampleReferralLetter());

    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
