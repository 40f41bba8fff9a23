import type { ReferralDocumentReference } from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { ReferralLetter } from '../referrals/letter/referral-letter.ts';

/**
 * The referral letter as a FHIR R4 DocumentReference (spec section 7: resourceType, status, type, category,
 * subject, author and content with a base64 PDF attachment), for the record system it is filed to and for
 * export-to-emr. LOINC 57133-1 is a referral note.
 */
export function referralDocumentReference(options: {
  letter: ReferralLetter;
  pdf: Buffer;
  /** The launch the referral came from: its patient and user are the record system's own references. */
  launch: { patient_id: string | null; fhir_user: string | null } | null;
}): ReferralDocumentReference {
  const { letter, launch } = options;
  const author = launch?.fhir_user ? /(Practitioner|PractitionerRole)\/[^/]+$/.exec(launch.fhir_user) : null;
  const to = letter.to_establishment.name;
  const written = new Date(letter.submitted_at ?? letter.printed_at).toISOString();
  return {
    resourceType: 'DocumentReference' as const,
    status: 'current',
    type: {
      coding: [{ system: 'http://loinc.org', code: '57133-1', display: 'Referral note' }],
      text: 'Referral letter',
    },
    category: [
      {
        coding: [{ system: 'http://loinc.org', code: '57133-1', display: 'Referral note' }],
        text: 'Referral',
      },
    ],
    subject: launch?.patient_id
      ? { reference: `Patient/${launch.patient_id}` }
      : { display: `${letter.patient.first_name} ${letter.patient.last_name}` },
    author: [
      author
        ? { reference: author[0] }
        : { display: `${letter.referrer.first_name} ${letter.referrer.last_name}` },
    ],
    date: written,
    description: to ? `Referral to ${to}` : 'Referral letter',
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          data: options.pdf.toString('base64'),
          title: `Referral letter${to ? ` to ${to}` : ''}.pdf`,
          creation: written,
        },
      },
    ],
  };
}
