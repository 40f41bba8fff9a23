import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';
import type { DraftValues } from './draft-values';

/** Step 1: the patient, found among the establishment's patients or created without leaving. */
export function PatientStep({
  establishmentId,
  picker,
}: {
  establishmentId: string;
  picker: PatientPickerSlot;
}) {
  const { control } = useFormContext<DraftValues>();
  const error = useFieldError();
  return (
    <Controller
      control={control}
      name="patient"
      render={({ field }) => (
        <>
          {picker({ establishmentId, value: field.value, onChange: field.onChange, error: error('patient') })}
        </>
      )}
    />
  );
}
