import {
  CLINICAL_SUMMARY_SECTIONS,
  clinicalSummaryLine,
  type ClinicalSummary,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { asc, eq } from 'drizzle-orm';
import {
  medicationOrderCategories,
  type MedicationOrderDraft,
} from '@referrals/domain/referrals/medication-order';
import type { ReferralStatus, ReferralType } from '@referrals/domain/referrals/referral-codes';
import type { Database, Transaction } from '../../db/database.ts';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LetterFormSection, ReferralLetter } from './letter/referral-letter.ts';
import { renderReferralLetter } from './letter/referral-letter.ts';
import {
  letterEstablishment,
  letterPatient,
  letterPerson,
  manualLetterReferrer,
} from './read-letter-parts.ts';
import { inVisibleReferral, type ReferralCall } from './referral-call.ts';
import type { ReferralRow } from './referral-queries.ts';

/** "medical_history" or "medicalHistory" as "Medical history". */
function labelOf(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value
      .map(valueText)
      .filter((v) => v !== '')
      .join(', ');
  return JSON.stringify(value);
}

/**
 * The referral's forms (referrals.forms: form name to field answers) as letter sections. A plain
 * label/value mapping for now; the form templates' own labels come with the forms work.
 */
function formSections(forms: ReferralRow['forms']): LetterFormSection[] {
  return Object.entries(forms).map(([name, fields]) => ({
    title: labelOf(name),
    fields: Object.entries(fields).map(([key, value]) => ({ label: labelOf(key), value: valueText(value) })),
  }));
}

/** The medication order (section 4) as one more section of the letter, each medicine on a line of its own. */
function medicationOrderSection(order: MedicationOrderDraft): LetterFormSection {
  return {
    title: 'Medication order',
    fields: [
      {
        label: 'Category of care',
        value: order.category === null ? '' : medicationOrderCategories.display(order.category),
      },
      ...order.medications.map((medication, index) => ({
        label: `Medication ${index + 1}`,
        value: [medication.name, medication.dose, medication.route, medication.frequency].join(', '),
      })),
      { label: 'Start date', value: order.start_date ?? '' },
      { label: 'Duration', value: order.duration ?? '' },
      { label: 'Notes for the service', value: order.notes ?? '' },
    ],
  };
}

/**
 * The clinical summary from the sender's record as one more section of the letter: each list under its
 * heading, an item a line, and the measurements the record gave.
 */
function clinicalSummarySection(summary: ClinicalSummary): LetterFormSection {
  const { weight_kg: weight, height_cm: height } = summary.measurements;
  return {
    title: 'Clinical summary',
    fields: [
      ...CLINICAL_SUMMARY_SECTIONS.map(({ key, title }) => ({
        label: title,
        value: summary[key].map(clinicalSummaryLine).join('\n') || 'None recorded',
      })),
      ...(weight === null ? [] : [{ label: 'Weight', value: `${weight} kg` }]),
      ...(height === null ? [] : [{ label: 'Height', value: `${height} cm` }]),
    ],
  };
}

/**
 * The letter of a referral its reader may see (a caller of the app, or an access link's reader), as plain
 * data for renderReferralLetter, read in the reader's transaction.
 */
export async function referralLetterOf(tx: Transaction, referral: ReferralRow): Promise<ReferralLetter> {
  const referrer = await letterPerson(tx, referral.referrer_id);
  const assignee = await letterPerson(tx, referral.assignee_id);
  const attachments = await tx
    .select({ original_name: referralAttachments.original_name, field: referralAttachments.field })
    .from(referralAttachments)
    .where(eq(referralAttachments.referral_id, referral.id))
    .orderBy(asc(referralAttachments.created_at));
  const printedAt = new Date();
  const manual = manualLetterReferrer(referral);
  const signedBy = referrer ??
    manual?.person ?? { title: null, first_name: 'Unknown', last_name: 'referrer' };
  const providerNumber = referral.referrer_provider_num ?? referrer?.default_provider_num ?? null;
  return {
    id: referral.id,
    type: referral.type as ReferralType,
    status: referral.status as ReferralStatus,
    submitted_at: referral.submitted_at,
    duration: referral.duration,
    expires_at: referral.expires_at,
    from_establishment: await letterEstablishment(
      tx,
      referral.from_establishment_id,
      manual?.practice ?? null,
    ),
    referrer: { ...signedBy, provider_number: providerNumber },
    to_establishment: await letterEstablishment(
      tx,
      referral.to_establishment_id,
      referral.referral_receiver_establishment_practice_name,
    ),
    assignee: assignee ?? null,
    patient: await letterPatient(tx, referral),
    referrer_message: referral.referrer_message ?? '',
    forms: [
      ...(referral.clinical_summary === null ? [] : [clinicalSummarySection(referral.clinical_summary)]),
      ...(referral.medication_order === null ? [] : [medicationOrderSection(referral.medication_order)]),
      ...formSections(referral.forms),
    ],
    attachments,
    signature: {
      signed_by: signedBy,
      provider_number: providerNumber,
      signed_at: referral.submitted_at ?? printedAt,
      text: referrer?.signature ?? null,
    },
    supervisor: referral.supervisor_name
      ? {
          name: referral.supervisor_name,
          provider_number: referral.supervisor_provider_number,
          email: referral.supervisor_email,
        }
      : null,
    printed_at: printedAt,
  };
}

/**
 * GET referrals/{id}/pdf/: the referral letter as a PDF, for anyone who may see the referral, audited as
 * 'referral.letter' in the same transaction.
 */
export async function readReferralLetter(db: Database, call: ReferralCall): Promise<Buffer> {
  const letter = await inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.letter',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return referralLetterOf(tx, referral);
  });
  return renderReferralLetter(letter);
}
