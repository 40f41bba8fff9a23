import {
  ConfirmReferralActionDialog,
  type ConfirmReferralActionProps,
} from './confirm-referral-action-dialog';

/**
 * Confirms converting a request for advice and guidance into a referral (docs/referrals.md Advice and
 * guidance): it cannot be undone, and the receiver then triages it like any referral.
 */
export function ConvertReferralDialog(props: ConfirmReferralActionProps) {
  return (
    <ConfirmReferralActionDialog
      {...props}
      action="convert"
      title="Convert this request into a referral?"
      text={
        'The request becomes a referral to your establishment. It keeps the question, the patient and the ' +
        'attachments, and you triage it like any referral. The sender is told. This cannot be undone.'
      }
      confirmLabel="Convert to referral"
      done={{ title: 'Converted into a referral', message: 'Triage it next.' }}
      failed="The request could not be converted"
    />
  );
}
