import { Stack } from '@mantine/core';
import { AccessNav } from '../components/access-nav';
import { AccessPage } from '../components/access-page';
import { NextSteps } from '../components/next-steps';
import { ReferralDocuments } from '../components/referral-documents';
import { ReferralHeading } from '../components/referral-heading';
import { ReferralPeople } from '../components/referral-people';
import { ReferralProgress } from '../components/referral-progress';
import { ShareByEmail } from '../components/share-by-email';

/**
 * /referrals/external?access=…: the referral as its emailed link shows it (spec section 2; docs/
 * external-access.md): where it is up to, its history, its documents, what else the link opens, and a way to
 * share it.
 */
export function ExternalReferralPage() {
  return (
    <AccessPage title="Referral" purpose="the referral">
      <Stack gap="lg">
        <ReferralHeading />
        <AccessNav current="referral" />
        <ReferralProgress />
        <NextSteps />
        <ReferralDocuments />
        <ReferralPeople />
        <ShareByEmail />
      </Stack>
    </AccessPage>
  );
}
