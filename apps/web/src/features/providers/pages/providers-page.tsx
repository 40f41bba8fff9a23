import { ComingSoon } from '@/ui/coming-soon';
import { IconStethoscope } from '@tabler/icons-react';

/** Providers, the platform users (spec section 2). */
export function ProvidersPage() {
  return (
    <ComingSoon
      title="Providers"
      icon={IconStethoscope}
      description="Health professionals who use Referrals. Find a provider by name, specialty or location and see where they practise before you refer."
      plannedFeatures={[
        'Search providers by name, specialty or state',
        'See the establishments where they practise',
      ]}
    />
  );
}
