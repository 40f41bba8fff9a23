import { Alert } from '@mantine/core';
import type { ClinicalRecordRead } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconFileImport } from '@tabler/icons-react';

/** What a draft started from a clinical record already has, and where the sender checks it. */
export function ClinicalRecordNotice({
  read,
  patient,
}: {
  read: ClinicalRecordRead;
  patient: Referral['patient'];
}) {
  const who = patient === null ? 'The patient' : `${patient.first_name} ${patient.last_name}`;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconFileImport size={20} />}
      title="Started from your clinical record"
    >
      {who} and a clinical summary were read from your clinical record on {formatDateTime(read.read_at)}.
      Choose who receives the referral; you can check and change the summary under Details before you send it.
    </Alert>
  );
}
