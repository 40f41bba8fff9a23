import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { renderReferralLetter } from '../referrals/letter/referral-letter.ts';
import { letterPerson } from '../referrals/read-letter-parts.ts';
import { referralLetterOf } from '../referrals/read-referral-letter.ts';
import { inVisibleReferral, type ReferralCall } from '../referrals/referral-call.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import { hl7PatientOf } from './hl7-patient.ts';
import { newControlId, referralMessage } from './referral-message.ts';

/**
 * GET referrals/{id}/hl7/: the referral letter as an HL7 v2.5 REF^I12 with its PDF, for anyone who may see
 * the referral (the reach of its PDF), audited as 'referral.export' in the read's transaction, as the FHIR
 * export is. Answers the message as ER7 text.
 */
export async function exportReferralMessage(db: Database, call: ReferralCall): Promise<string> {
  const read = await inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.export',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
      detail: { format: 'hl7v2' },
    });
    const letter = await referralLetterOf(tx, referral);
    const to = { ...letter.to_establishment, id: referral.to_establishment_id };
    const patient = await hl7PatientOf(tx, referral, {
      readerEstablishmentId: referralEstablishmentOf(call.caller),
      receiver: to,
    });
    // The letter names the specialist; PRD-7 needs their provider number too.
    const assignee = await letterPerson(tx, referral.assignee_id);
    const receiver = assignee ? { ...assignee, provider_number: assignee.default_provider_num } : null;
    return { referral, letter, patient, to, receiver };
  });
  const { referral, letter, patient, to, receiver } = read;
  return referralMessage({
    controlId: newControlId(),
    at: new Date(letter.printed_at),
    referral: {
      id: referral.id,
      type: letter.type,
      status: letter.status,
      triage_priority: referral.triage_priority,
      submitted_at: referral.submitted_at,
      expires_at: referral.expires_at,
      referrer_message: letter.referrer_message,
      vitro_episode_id: referral.vitro_episode_id,
    },
    patient,
    referrer: letter.referrer,
    from: { ...letter.from_establishment, id: referral.from_establishment_id },
    receiver,
    to,
    pdf: await renderReferralLetter(letter),
  }).toString();
}
