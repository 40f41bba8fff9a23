import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconSend } from '@tabler/icons-react';

/** External referral portal (spec section 2). */
export function ExternalReferralPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Send a referral"
        icon={IconSend}
        description="The public referral portal: patients, carers and health professionals without an account send a referral to a health service, under the health network's own branding."
        plannedFeatures={[
          'Send a referral as a patient, a carer or a health professional',
          'Attach letters and test results',
          'Receive a confirmation by email',
        ]}
      />
    </PublicPageFrame>
  );
}
