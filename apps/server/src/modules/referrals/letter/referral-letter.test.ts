import { afterEach, describe, expect, it, vi } from 'vitest';
import { allText, readPdf } from './read-pdf-test-helpers.ts';
import { renderReferralLetter, type ReferralLetter } from './referral-letter.ts';
import { sampleReferralLetter } from './sample-referral-letter.ts';

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

  it('calls a request for advice and guidance an advice request, not a referral', async () => {
    const { read } = await render({ ...bareLetter(), type: 'ADVICE_AND_GUIDANCE' });
    expect(read.info.Title).toBe('Advice request letter for Jordan Ellis');
    expect(read.pages[0]).toContain('Advice request');
    expect(read.pages[0]).toContain('Advice and guidance');
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
