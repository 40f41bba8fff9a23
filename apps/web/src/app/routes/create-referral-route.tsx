import { PatientPicker } from '@/features/patients/components/patient-picker';
import { CreateReferralPage } from '@/features/referrals/pages/create-referral-page';

// The referral wizard chooses its patient with the patients feature's picker: the two meet here, in app,
// because a feature does not import another.
const patientPicker = (props: Parameters<typeof PatientPicker>[0]) => <PatientPicker {...props} />;

/** /referrals/create/:id? and /send/:establishment_slug. */
export function CreateReferralRoute() {
  return <CreateReferralPage patientPicker={patientPicker} />;
}
