import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import {
  ConfirmReferralActionDialog,
  type ConfirmReferralActionProps,
} from './confirm-referral-action-dialog';

/**
 * Confirms moving the referral to this side's Deleted Items (referral-lifecycle.md delete: per side; the
 * other side keeps it). A draft already there is deleted for good, which the text says.
 */
export function DeleteReferralDialog({
  referral,
  ...props
}: Omit<ConfirmReferralActionProps, 'referralId'> & { referral: Referral }) {
  return (
    <ConfirmReferralActionDialog
      {...props}
      referralId={referral.id}
      action="delete"
      title="Delete this referral?"
      text={
        referral.is_deleted
          ? 'This draft is already in Deleted Items. Deleting it again removes it for good.'
          : 'It moves to your Deleted Items, where you can restore it. The other side keeps its copy.'
      }
      confirmLabel="Delete"
      confirmColor="red.9"
      done={{ title: 'Referral deleted' }}
      failed="The referral could not be deleted"
    />
  );
}
