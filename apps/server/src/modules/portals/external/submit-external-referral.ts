import { and, eq, inArray } from 'drizzle-orm';
import {
  CODE_WRONG,
  externalReferralProblems,
  type ExternalReferralSubmit,
  type ExternalReferralSubmitted,
} from '@referrals/domain/portals/external-referral-schemas';
import type { Database, Queryable, Transaction } from '../../../db/database.ts';
import { externalDraftFiles, externalReferralDrafts } from '../../../db/schema/portals.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { throwIfErrors, validationFailed } from '../../../http/api-errors.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import { issueReferralAccessLink } from '../../access-links/issue-referral-access-link.ts';
import { notifyReferralTransition } from '../../notifications/create-notifications.ts';
import { prepareNewPatient } from '../../referrals/manual/manual-referral-patient.ts';
import { recordOutsideReferral } from '../../referrals/manual/record-outside-referral.ts';
import { spendCaptcha, verifyCaptcha, type SolvedCaptcha } from './captcha.ts';
import { draftAnswers, findDraft, type DraftCall, type DraftPortal, type DraftRow } from './draft-access.ts';
import { checkDraftCode } from './draft-code.ts';
import { draftPatient, draftReferrer } from './draft-referral-parts.ts';
import { draftFiles } from './draft-queries.ts';

/** The answer of a submit: the referral and where it went, the same however often it is asked. */
async function submittedAnswer(
  q: Queryable,
  referralId: string,
  portal: DraftPortal,
): Promise<ExternalReferralSubmitted> {
  const [row] = await q
    .select({ id: referrals.id, submitted_at: referrals.submitted_at })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  if (!row?.submitted_at) throw new Error('a submitted draft names a referral that is not submitted');
  return {
    referral: { id: row.id, submitted_at: row.submitted_at.toISOString() },
    establishment: { name: portal.name },
  };
}

/** What submit requires of the draft's answers: the sender type's mandatory fields and the patient save rules. */
function checkAnswers(draft: DraftRow) {
  throwIfErrors(externalReferralProblems(draftAnswers(draft)));
  return prepareNewPatient(draftPatient(draft), 'patient');
}

/**
 * The emailed links that open the referral without an account (docs/external-access.md): the sender's
 * address, proved by the code, gets one (a patient or carer reads as the patient, a health professional
 * as the referrer); a health professional's patient with an address of their own gets one too, which
 * opens only for their name and date of birth.
 */
async function sendAccessLinks(
  tx: Transaction,
  options: { draft: DraftRow; referralId: string; actor: AuditActor },
): Promise<void> {
  const { draft, referralId, actor } = options;
  const senderEmail = draft.sender.email?.trim();
  if (!senderEmail) return;
  const patientSender = draft.sender_type === 'PATIENT';
  await issueReferralAccessLink(tx, {
    referralId,
    audience: patientSender ? 'patient' : 'sender',
    email: senderEmail,
    actor,
  });
  const patientEmail = draft.patient.email?.trim();
  if (!patientSender && patientEmail && patientEmail.toLowerCase() !== senderEmail.toLowerCase()) {
    await issueReferralAccessLink(tx, { referralId, audience: 'patient', email: patientEmail, actor });
  }
}

/**
 * Records the draft as its EXTERNAL referral, in one transaction on the draft held FOR UPDATE. A draft that
 * already names its referral (a submit that won the race, or an earlier one whose answer was lost) answers
 * that one. Otherwise what was checked before the lock is checked again on the held draft (the answers,
 * and that the code that passed is still its code: a save in between may have changed the address), the
 * captcha is spent, and the referral recorded as every referral from outside is (record-outside-referral.ts),
 * the files moving from the draft to it under the same ids (the forms' file fields name them), the draft
 * naming it (its secret opens nothing more), and the receiver notified as a submit notifies.
 */
async function recordDraft(
  tx: Transaction,
  options: { call: DraftCall; actor: AuditActor; codeHash: string; captcha: SolvedCaptcha },
): Promise<{ created: boolean; answer: ExternalReferralSubmitted }> {
  const { draft, portal } = await findDraft(tx, options.call, { lock: true, submitted: 'allowed' });
  if (draft.referral_id) {
    return { created: false, answer: await submittedAnswer(tx, draft.referral_id, portal) };
  }
  const newPatient = checkAnswers(draft);
  if (draft.code_hash !== options.codeHash) throw validationFailed({ code: [CODE_WRONG] });
  await spendCaptcha(tx, options.captcha);
  const files = await draftFiles(tx, draft.id);
  const row = await recordOutsideReferral(tx, {
    type: 'EXTERNAL',
    recorder: null,
    actor: { ...options.actor, actorId: null, establishmentId: portal.id },
    establishmentId: portal.id,
    newPatient,
    referrer: draftReferrer(draft),
    assigneeId: null,
    columns: { referrer_message: draft.referrer_message, forms: draft.forms },
    files: files.map((file) => ({
      id: file.id,
      stored: { name: file.file ?? '', contentType: file.content_type, size: file.size },
      originalName: file.original_name,
      field: file.field,
    })),
    detail: { draft_id: draft.id, sender_type: draft.sender_type, relation: draft.sender.relation ?? null },
  });
  if (files.length > 0) {
    await tx
      .update(externalDraftFiles)
      .set({ file: null })
      .where(
        and(
          eq(externalDraftFiles.draft_id, draft.id),
          inArray(
            externalDraftFiles.id,
            files.map((file) => file.id),
          ),
        ),
      );
  }
  await tx
    .update(externalReferralDrafts)
    .set({ referral_id: row.id, updated_at: new Date() })
    .where(eq(externalReferralDrafts.id, draft.id));
  await notifyReferralTransition(tx, { referral: row, action: 'submit', caller: null });
  await sendAccessLinks(tx, {
    draft,
    referralId: row.id,
    actor: { ...options.actor, establishmentId: portal.id },
  });
  return { created: true, answer: await submittedAnswer(tx, row.id, portal) };
}

/**
 * POST public/establishments/{id}/referrals/{ref}/submit/ with the draft's secret (docs/portals.md, Sending
 * a referral). In this order, each refusal a 400 that stores nothing: the mandatory fields of the sender's
 * type and the patient's details (as DRF field errors), the emailed code (a wrong one counted:
 * draft-code.ts), the captcha (captcha.ts); then the referral is recorded in one transaction (recordDraft).
 * A draft submitted before answers its referral straight away, whatever the body: a double click or a
 * retry after a timeout makes one referral, `created` false.
 */
export async function submitExternalReferral(
  db: Database,
  options: { call: DraftCall; actor: AuditActor; body: ExternalReferralSubmit; captchaSecret: string },
): Promise<{ created: boolean; answer: ExternalReferralSubmitted }> {
  const { call, body } = options;
  const { draft, portal } = await findDraft(db, call, { submitted: 'allowed' });
  if (draft.referral_id) {
    return { created: false, answer: await submittedAnswer(db, draft.referral_id, portal) };
  }
  checkAnswers(draft);
  const codeHash = await checkDraftCode(db, { draftId: draft.id, code: body.code });
  const captcha = await verifyCaptcha(options.captchaSecret, body.altcha);
  return db.transaction((tx) => recordDraft(tx, { call, actor: options.actor, codeHash, captcha }));
}
