import { EstablishmentSettings } from '@/features/establishments/components/establishment-settings';
import {
  SettingsSectionPage,
  type SettingsSectionSlots,
} from '@/features/profile/pages/settings-section-page';

// Settings > establishments is drawn by the establishments feature inside the profile feature's page:
// the two meet here, in app, because a feature does not import another.
const slots: SettingsSectionSlots = {
  establishments: (profile) => <EstablishmentSettings profile={profile} />,
};

/** /settings/:type with every section, whichever feature draws it. */
export function SettingsSectionRoute() {
  return <SettingsSectionPage slots={slots} />;
}
