import type { ReferralStatus, TriagePriority } from '../referrals/referral-codes.ts';

/**
 * How a referral's status reads in FHIR (docs/interop.md): the ServiceRequest's status is the request as
 * the referrer made it, the Task's status the receiver's progress with it, as AU eRequesting's Task
 * carries the fulfilment. Task.businessStatus keeps our own status, which the FHIR codes name less
 * finely (accepted, waitlisted and scheduled are all an accepted Task).
 */
export type ServiceRequestStatus = 'draft' | 'active' | 'revoked' | 'completed';
export type TaskStatus =
  'draft' | 'requested' | 'received' | 'accepted' | 'rejected' | 'cancelled' | 'completed';

export type ReferralTaskState = { readonly serviceRequest: ServiceRequestStatus; readonly task: TaskStatus };

/** The table of docs/interop.md, one row per referral status. */
export const REFERRAL_TASK_STATES = {
  DRFT: { serviceRequest: 'draft', task: 'draft' },
  SBMT: { serviceRequest: 'active', task: 'requested' },
  UPDT: { serviceRequest: 'active', task: 'requested' },
  VWD: { serviceRequest: 'active', task: 'received' },
  ACPT: { serviceRequest: 'active', task: 'accepted' },
  WLST: { serviceRequest: 'active', task: 'accepted' },
  SCHDL: { serviceRequest: 'active', task: 'accepted' },
  // The receiver declined it: the request ends, the Task says who ended it.
  RTRN: { serviceRequest: 'revoked', task: 'rejected' },
  // Passed on to another establishment, as a new referral with a ServiceRequest of its own: this one's
  // fulfilment ends here, and the request was answered by the forward.
  FWRD: { serviceRequest: 'completed', task: 'cancelled' },
} as const satisfies Record<ReferralStatus, ReferralTaskState>;

/** The referral statuses a Task or ServiceRequest status search stands for. */
export function referralStatusesOf(kind: keyof ReferralTaskState, fhirStatus: string): ReferralStatus[] {
  return (Object.keys(REFERRAL_TASK_STATES) as ReferralStatus[]).filter(
    (status) => REFERRAL_TASK_STATES[status][kind] === fhirStatus,
  );
}

/**
 * FHIR's request priority for the receiver's triage priority. The three Australian outpatient urgency grades
 * become three of FHIR's four (stat is for emergencies, which a referral is not).
 */
export const TRIAGE_PRIORITY_FHIR = {
  URGENT: 'asap',
  SEMI_URGENT: 'urgent',
  ROUTINE: 'routine',
} as const satisfies Record<TriagePriority, 'routine' | 'urgent' | 'asap'>;
