import type { ReactNode } from 'react';

/** A patient chosen in another screen, kept with the name it shows. */
export type ChosenPatient = { id: string; name: string };

/**
 * The patients feature's picker, handed in by the app to the screens that choose a patient (the referral
 * wizard, manual referrals): a feature does not import another.
 */
export type PatientPickerSlot = (props: {
  establishmentId: string;
  value: ChosenPatient | null;
  onChange: (patient: ChosenPatient) => void;
  error?: string;
}) => ReactNode;
