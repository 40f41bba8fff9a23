import { SAMPLE_LOGO, SAMPLE_SIGNATURE } from '../../referrals/letter/sample-images.ts';
import { sampleReferralLetter } from '../../referrals/letter/sample-referral-letter.ts';
import type { ReportLetter } from './report-letter.ts';

// A realistic report letter, made up, for the report letter's tests, its benchmark and previews: a
// cardiologist's reply to the sample referral, with a logo, a signature, headings, lists, a quote and a
// link, an upload and two attachments.

const BODY = `<h2>Summary</h2>
<p>Thank you for referring <strong>Thomas</strong>, whom I saw in the rooms today with his daughter. His
exertional chest tightness is <em>typical of stable angina</em>, now <u>Canadian class II</u>.</p>
<h3>Investigations</h3>
<ul>
<li>Resting ECG: sinus rhythm, non-specific lateral ST changes, unchanged from March.</li>
<li>Stress echocardiogram: inducible <strong>inferolateral ischaemia</strong> at 7 minutes.</li>
<li>CT coronary angiogram: <s>not yet booked</s> booked for 2 April.</li>
</ul>
<h3>Plan</h3>
<ol>
<li>Continue aspirin 100 mg daily and atorvastatin 40 mg nocte.</li>
<li>Start metoprolol 23.75 mg daily, increasing to 47.5 mg after a week if his heart rate allows.</li>
<li>Review with the angiogram results.<ul><li>Sooner if his symptoms change.</li></ul></li>
</ol>
<blockquote><p>Please call an ambulance for chest pain at rest lasting more than ten minutes.</p></blockquote>
<p>The patient information sheet is at <a href="https://heart.example/angina" rel="noopener noreferrer">heart.example</a>;
questions to <a href="mailto:rooms@northshoreheart.example" rel="noopener noreferrer">rooms@northshoreheart.example</a>.</p>
<p>Kind regards,</p>`;

export function sampleReportLetter(overrides: Partial<ReportLetter> = {}): ReportLetter {
  const referral = sampleReferralLetter();
  return {
    id: '7c1e5b3a-2d4f-4a6b-8c9d-0e1f2a3b4c5d',
    status: 'SBMT',
    title: 'Cardiology report',
    report_body: BODY,
    submitted_at: '2026-03-26T06:30:00Z',
    author_establishment: referral.to_establishment,
    logo: SAMPLE_LOGO,
    author: {
      title: 'APROF',
      first_name: 'Karen',
      last_name: "O'Brien",
      provider_number: '4417283K',
      signature: 'MBBS PhD FRACP',
    },
    signature_image: SAMPLE_SIGNATURE,
    patient: referral.patient,
    referral: {
      id: referral.id,
      submitted_at: referral.submitted_at,
      referrer: referral.referrer,
      from_establishment: referral.from_establishment,
      assignee: referral.assignee,
      to_establishment: referral.to_establishment,
    },
    uploads: [{ original_name: 'Cardiology letter 26 March 2026.pdf' }],
    attachments: [{ original_name: 'Stress echo report.pdf' }, { original_name: 'ECG 26 March 2026.png' }],
    printed_at: '2026-03-26T06:35:00Z',
    ...overrides,
  };
}
