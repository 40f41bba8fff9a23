import { ComingSoon } from '@/ui/coming-soon';
import { IconStethoscope } from '@tabler/icons-react';

/** Receiver triage flow, five pages (spec sections 2 and 4). */
export function TriageReferralPage() {
  return (
    <ComingSoon
      title="Triage referral"
      icon={IconStethoscope}
      description="Review a new referral step by step and decide what happens next: accept, schedule, waitlist, return or forward it."
      plannedFeatures={[
        'Check the patient, referrer and clinical details',
        'Set the urgency and the clinician who will see the patient',
        'Accept, schedule, waitlist, return or forward the referral',
      ]}
    />
  );
}
