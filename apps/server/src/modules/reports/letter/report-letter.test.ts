import { describe, expect, it } from 'vitest';
import { imageWidths, readPdf, textOf } from '../../referrals/letter/read-pdf-test-helpers.ts';
import { renderReportLetter, type ReportLetter } from './report-letter.ts';
import { sampleReportLetter } from './sample-report-letter.ts';

async function render(overrides: Partial<ReportLetter> = {}) {
  return readPdf(await renderReportLetter(sampleReportLetter(overrides)));
}

describe('renderReportLetter', () => {
  it('writes to the referrer about the patient, in reply to the referral, with the report and its files', async () => {
    const read = await render();
    const text = textOf(read);

    expect(read.info.Title).toBe('Cardiology report for Mr Thomas Nguyen');
    expect(read.info.CreationDate).toBe('D:20260326063500Z');
    expect(read.pages[0]).toContain('Clinical report');
    expect(read.pages[0]).toContain('26 Mar 2026');
    for (const expected of [
      'TO Dr Amelia Hartley Harbourside Family Medical Practice',
      'RE: PATIENT Mr Thomas Nguyen Date of birth 21 Jul 1958',
      'Medicare 2953 81746 1 IRN 2',
      'REFERRED BY Dr Amelia Hartley REFERRED ON 12 Mar 2026',
      "REFERRED TO A/Prof Karen O'Brien, Cardiology REPORT STATUS Submitted",
      'Cardiology report Summary Thank you for referring Thomas, whom I saw',
      'Investigations • Resting ECG: sinus rhythm',
      'Plan 1. Continue aspirin 100 mg daily',
      '3. Review with the angiogram results. • Sooner if his symptoms change.',
      'Please call an ambulance for chest pain at rest',
      'heart.example (https://heart.example/angina); questions to rooms@northshoreheart.example.',
      'Attachments (3) • Cardiology letter 26 March 2026.pdf (the report as uploaded) • Stress echo report.pdf • ECG 26 March 2026.png',
      "Yours sincerely, A/Prof Karen O'Brien MBBS PhD FRACP Provider number 4417283K Signed 26 Mar 2026",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/<|&amp;|undefined|null|DRAFT/);
    // The logo and the signature, each once.
    expect(imageWidths(read).sort()).toEqual([240, 360]);
  });

  it('marks a draft, signs nothing, and leaves out what the report does not have', async () => {
    const read = await render({
      status: 'DRFT',
      submitted_at: null,
      logo: null,
      signature_image: null,
      uploads: [],
      attachments: [],
      report_body: '',
      author: { first_name: 'Sam', last_name: 'Hart' },
    });
    const text = textOf(read);

    expect(text).toContain('DRAFT, NOT SUBMITTED');
    expect(text).toContain('REPORT STATUS Draft');
    // A draft is dated the day it is printed.
    expect(text).toContain('26 Mar 2026');
    expect(text).toContain('Yours sincerely, Sam Hart');
    for (const absent of ['Signed', 'Attachments', 'Provider number', 'undefined', 'null']) {
      expect(text, absent).not.toContain(absent);
    }
    expect(imageWidths(read)).toEqual([]);
  });

  it('prints the letter without an image PDFKit cannot read', async () => {
    const read = await render({ logo: Buffer.from('not an image'), signature_image: Buffer.alloc(10) });

    expect(textOf(read)).toContain('Cardiology report Summary');
    expect(imageWidths(read)).toEqual([]);
  });

  it('runs a long report on to further pages, each numbered and naming the patient', async () => {
    const item =
      '<li>Holter monitoring showed paroxysmal atrial fibrillation lasting up to forty minutes.</li>';
    const body = `<h2>Findings</h2>${'<p>A long paragraph of findings. '.repeat(40)}</p><ol>${item.repeat(60)}</ol><h3>Last</h3><p>The end.</p>`;
    const read = await render({ report_body: body });
    const count = read.pages.length;

    expect(count).toBeGreaterThanOrEqual(3);
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${count}`);
      expect(page.replace(/\s+/g, ' ')).toContain('Mr Thomas Nguyen · DOB 21 Jul 1958');
    });
    expect(textOf(read)).toContain('60. Holter monitoring');
    expect(textOf(read)).toContain('Last The end.');
  });

  it('prints names and text outside Latin-1 without their accents, and the same bytes each time', async () => {
    const letter = sampleReportLetter({
      patient: { first_name: 'Thị Hồng', last_name: 'Nguyễn', dob: '1950-01-02' },
      report_body: '<p>Bà <strong>Nguyễn</strong> (李明) đã khỏe.</p>',
    });
    const read = readPdf(await renderReportLetter(letter));

    expect(textOf(read)).toContain('Thi Hong Nguyen');
    expect(textOf(read)).toContain('Bà Nguyen (??) dã khoe.');
    expect(read.info.Title).toBe('Cardiology report for Thị Hồng Nguyễn');
    expect((await renderReportLetter(letter)).equals(await renderReportLetter(letter))).toBe(true);
  });
});
