import { IconFilePlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

function subtitleFor(draftId: string | undefined, establishmentSlug: string | undefined): string | undefined {
  if (establishmentSlug !== undefined) return `To ${establishmentSlug}`;
  if (draftId !== undefined) return `Draft ${draftId}`;
  return undefined;
}

/**
 * Referral Creation at /referrals/create/:id? (spec section 2), also reached through friendly forwarding
 * at /send/:establishment_slug, which pre-selects the receiving establishment.
 */
export function CreateReferralPage() {
  const { id, establishment_slug: establishmentSlug } = useParams();
  return (
    <ComingSoon
      title="New referral"
      subtitle={subtitleFor(id, establishmentSlug)}
      icon={IconFilePlus}
      description="Create a referral step by step: choose the patient, the receiving establishment and the referral form, add the clinical details and attachments, then review and send it."
      plannedFeatures={[
        'Pick or add the patient',
        'Choose the receiving establishment and clinician',
        'Complete the referral form and attach up to 20 documents',
        'Save it as a draft and come back later',
      ]}
    />
  );
}
