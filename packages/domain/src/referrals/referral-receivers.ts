import type { EstablishmentType } from '../establishments/establishment-codes.ts';

/**
 * The establishment types a sender picks a receiver among, Specialist Clinics first: the receiver list
 * groups them under that heading (section 6 Rules). Personal spaces never receive; departments are chosen
 * within their hospital.
 */
export const RECEIVER_TYPES = ['CL', 'HL', 'PR'] as const satisfies readonly EstablishmentType[];
export type ReceiverType = (typeof RECEIVER_TYPES)[number];

export const RECEIVER_TYPE_LABELS: Readonly<Record<ReceiverType, string>> = {
  CL: 'Specialist Clinics',
  HL: 'Hospitals',
  PR: 'General practices',
};

type Candidate = { id: string; is_approved: boolean; type: { value: string } };

/**
 * The establishments offered as the referral's receiver: approved, of the chosen type, and not the
 * sender's current establishment (section 6 Rules: "Only approved establishments of the chosen type that
 * differ from the user's current one are offered").
 */
export function offeredReceivers<T extends Candidate>(
  establishments: readonly T[],
  type: ReceiverType,
  currentEstablishmentId: string | null,
): T[] {
  return establishments.filter(
    (place) => place.is_approved && place.type.value === type && place.id !== currentEstablishmentId,
  );
}
