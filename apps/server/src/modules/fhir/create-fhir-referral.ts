import { fieldErrorsFromIssues } from '@referrals/domain/api';
import { ReferralCreateSchema } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../db/database.ts';
import { ApiError, validationFailed } from '../../http/api-errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { insertDraftReferral, sendingEstablishmentOf } from '../referrals/actions/create-referral.ts';
import { submitReferralRow } from '../referrals/actions/submit-referral.ts';
import type { Caller } from '../tenancy/caller.ts';
import { fhirReferralOf, type FhirReferral } from './read-fhir-referral.ts';
import type { ServiceRequestInput } from './service-request-input.ts';

/** Where each field of the referral's 400s is in the ServiceRequest, so an OperationOutcome points there. */
const ELEMENT_OF_FIELD: Record<string, string> = {
  patient: 'subject',
  to_establishment: 'performer',
  assignee: 'performer',
  referrer_message: 'reasonCode',
  type: 'category',
};

const idOf = (reference: string | undefined) => reference?.slice(reference.indexOf('/') + 1);

/**
 * POST fhir/ServiceRequest (or a transaction Bundle with its Task): a referral from the caller's current
 * establishment under the same rules as POST referrals/ and submit, in one transaction, so a submit the
 * rules refuse leaves no draft behind. The 400s name the ServiceRequest's elements.
 */
export async function createFhirReferral(
  db: Database,
  options: { caller: Caller; actor: AuditActor; request: ServiceRequestInput; submit: boolean },
): Promise<FhirReferral> {
  const { caller, actor, request } = options;
  const performers = request.performer ?? [];
  const reason = [...(request.reasonCode ?? []), ...(request.note ?? [])].map((r) => r.text).join('\n\n');
  try {
    const parsed = ReferralCreateSchema.safeParse({
      type: 'IN-APP',
      patient: idOf(request.subject.reference),
      to_establishment: idOf(performers.find((p) => p.reference.startsWith('Organization/'))?.reference),
      assignee: idOf(performers.find((p) => p.reference.startsWith('Practitioner/'))?.reference),
      ...(reason ? { referrer_message: reason } : {}),
    });
    if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
    const body = parsed.data;
    const fromId = sendingEstablishmentOf(caller, body);
    return await db.transaction(async (tx) => {
      const draft = await insertDraftReferral(tx, { caller, actor, fromId, body });
      const call = { caller, actor, referralId: draft.id };
      const row = options.submit
        ? await submitReferralRow(tx, { call, referral: draft, side: 'sender' })
        : draft;
      return fhirReferralOf(tx, call, row, 'referral.read');
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
    throw new ApiError(
      400,
      Object.fromEntries(
        Object.entries(error.body).map(([field, messages]) => [ELEMENT_OF_FIELD[field] ?? field, messages]),
      ),
    );
  }
}
