/**
 * The platform's two decisions on a new establishment (spec section 3 Establishment: is_approved,
 * is_verified). Approval makes it a receiver and joinable (section 6 Rules); verification marks it as
 * checked, and a department is offered for joining only once verified. Verifying comes after approving:
 * an establishment nobody can see has nothing to verify yet.
 */
export type ApprovalAction = 'approve' | 'verify';

export const ALREADY_APPROVED_MESSAGE = 'This establishment is already approved.';
export const ALREADY_VERIFIED_MESSAGE = 'This establishment is already verified.';
export const APPROVE_BEFORE_VERIFYING_MESSAGE = 'Approve this establishment before verifying it.';

/** Why the action cannot be taken on an establishment in this state (a 409), or null when it can. */
export function approvalRefusal(
  place: { is_approved: boolean; is_verified: boolean },
  action: ApprovalAction,
): string | null {
  if (action === 'approve') return place.is_approved ? ALREADY_APPROVED_MESSAGE : null;
  if (!place.is_approved) return APPROVE_BEFORE_VERIFYING_MESSAGE;
  return place.is_verified ? ALREADY_VERIFIED_MESSAGE : null;
}
