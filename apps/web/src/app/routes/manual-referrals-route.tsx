import { PatientPicker } from '@/features/patients/components/patient-picker';
import { ManualReferralsPage } from '@/features/imports/pages/manual-referrals-page';

// Manual referrals choose their patient with the patients feature's picker, as the wizard does.
const patientPicker = (props: Parameters<typeof PatientPicker>[0]) => <PatientPicker {...props} />;

/** /referrals/manual, with #import-queue. */
export function ManualReferralsRoute() {
  return <ManualReferralsPage patientPicker={patientPicker} />;
}
