import { Stack, Textarea, Title } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { TextField, useFieldError } from '@/ui/form-fields';
import type { ClinicalRecordRead } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { ClinicalSummaryFields } from './clinical-summary-fields';
import type { DraftValues } from './draft-values';

/**
 * Step 4: the letter's message, the clinical summary of a draft started from a clinical record, the
 * referrer's provider number, and a supervisor for those supervised.
 */
export function DetailsStep({ clinicalRecord }: { clinicalRecord: ClinicalRecordRead | null }) {
  const { register, watch } = useFormContext<DraftValues>();
  const hasSummary = watch('clinical_summary') !== null;
  const error = useFieldError();
  const advice = watch('type') === 'ADVICE_AND_GUIDANCE';
  return (
    <Stack gap="md">
      <Textarea
        label={advice ? 'Your question' : 'Message to the receiver'}
        description={
          advice
            ? 'What you would like advice on: the receiver’s clinicians answer it with a report.'
            : undefined
        }
        withAsterisk
        rows={4}
        {...register('referrer_message')}
        error={error('referrer_message')}
      />
      {hasSummary && <ClinicalSummaryFields read={clinicalRecord} />}
      <TextField name="referrer_provider_num" label="Your provider number" maw={320} />
      <Title order={3} fz="h5" mt="sm">
        Supervisor
      </Title>
      <TextField name="supervisor_name" label="Supervisor’s name" maw={420} />
      <TextField name="supervisor_provider_number" label="Supervisor’s provider number" maw={320} />
      <TextField name="supervisor_email" label="Supervisor’s email" type="email" maw={420} />
    </Stack>
  );
}
