import { createContext, useContext } from 'react';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';

/**
 * The patients feature's picker, handed in by the app's route once for the whole page, so the forms deep
 * in the queue do not pass it down by hand.
 */
export const PatientPickerContext = createContext<PatientPickerSlot | null>(null);

export function usePatientPicker(): PatientPickerSlot {
  const picker = useContext(PatientPickerContext);
  if (picker === null) throw new Error('Manual referrals need a PatientPickerContext from the app');
  return picker;
}
