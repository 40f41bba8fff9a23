import { ComingSoon } from '@/ui/coming-soon';
import { IconCalendarTime } from '@tabler/icons-react';

/** Reschedule (spec section 2). */
export function RescheduleReferralPage() {
  return (
    <ComingSoon
      title="Reschedule appointment"
      icon={IconCalendarTime}
      description="Change the appointment of a scheduled referral and let the patient and the referrer know."
      plannedFeatures={['Pick the new date and time', 'Record why the appointment moved']}
    />
  );
}
