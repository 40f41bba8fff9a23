import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import type { DraftValues } from './draft-values';

type PatientChoice = NonNullable<DraftValues['patient']>;

/** The patients feature's picker, handed in by the app (a feature does not import another). */
export type PatientPickerSlot = (props: {
  establishmentId: string;
  value: PatientChoice | null;
  onChange: (patient: PatientChoice) => void;
  error?: string;
}) => ReactNode;

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
