import { Button, Stack } from '@mantine/core';
import { FormFooter } from '@/ui/form-footer';
import type { FieldErrors } from '@referrals/domain/api';
import type { Patient } from '@referrals/domain/patients/patient-schemas';
import { useState } from 'react';
import { FormProvider, useForm, type Path, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useSavePatient } from '../api/save-patient';
import {
  formFieldErrors,
  newPatientValues,
  patientSave,
  patientValues,
  type PatientFormValues,
} from '../patient-form-values';
import { CarersSection } from './carers-section';
import { ConcessionSection } from './concession-section';
import { ContactSection } from './contact-section';
import { HealthFundSection } from './health-fund-section';
import { IdentifiersSection } from './identifiers-section';
import { InsuranceSection } from './insurance-section';
import { MrnSection } from './mrn-section';
import { PatientDetailsSection } from './patient-details-section';
import { PopulationSection } from './population-section';

// Fields whose messages show on the form; anything else (non_field_errors, a toggle) shows above the buttons.
const FORM_FIELDS = new Set(Object.keys(newPatientValues()));

/** Puts a 400 body's messages on their fields, nested ones included (`carers.1.email`); answers the rest. */
function showFieldErrors(errors: FieldErrors, setError: UseFormSetError<PatientFormValues>): string[] {
  const others: string[] = [];
  let focused = false;
  for (const [path, message] of Object.entries(flattenFieldErrors(errors))) {
    if (FORM_FIELDS.has(path.split('.')[0] ?? '')) {
      setError(path as Path<PatientFormValues>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else others.push(message);
  }
  return others;
}

const CHECK_FIELDS_MESSAGE = 'Some details need correcting. Check the highlighted fields.';

function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409)
      return 'This patient was changed elsewhere. Reload the page to see the latest details.';
    if (error.status === 404) return 'This patient no longer exists.';
    if (error.detail !== undefined && !error.isServerError) return error.detail;
  }
  return 'The patient could not be saved. Please try again.';
}

type PatientFormProps = {
  /** The saved patient to edit; a new one without. */
  patient?: Patient;
  onSaved: (patient: Patient) => void;
  /** Where Cancel goes when the form is inside another screen (the referral wizard's dialog). */
  onCancel?: () => void;
};

/**
 * The patient form (spec sections 3 Patient, 5 Patient save): every field of the record, the toggled
 * sections (health fund, carer or guardian, concession, population, identifiers, MRN; all off for a new
 * patient), the domain's save rules applied before sending, and the server's 400 put on the fields, nested
 * per carer.
 */
export function PatientForm({ patient, onSaved, onCancel }: PatientFormProps) {
  const form = useForm<PatientFormValues>({
    defaultValues: patient === undefined ? newPatientValues() : patientValues(patient),
  });
  const save = useSavePatient(patient?.id);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const prepared = patientSave(values, patient === undefined ? 'create' : 'update');
    if ('errors' in prepared) {
      const others = showFieldErrors(prepared.errors, form.setError);
      setFormError(others.length > 0 ? others.join(' ') : CHECK_FIELDS_MESSAGE);
      return;
    }
    try {
      const saved = await save.mutateAsync(prepared.body);
      form.reset(patientValues(saved));
      onSaved(saved);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors === undefined) {
        setFormError(saveFailureMessage(error));
        return;
      }
      const others = showFieldErrors(formFieldErrors(fieldErrors, prepared.sentCarers), form.setError);
      setFormError(others.length > 0 ? others.join(' ') : CHECK_FIELDS_MESSAGE);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Patient">
        <Stack gap="lg">
          <PatientDetailsSection doctor={patient?.doctor} />
          <ContactSection />
          <InsuranceSection />
          <IdentifiersSection externalIds={patient?.external_ids} />
          <MrnSection patientId={patient?.id} />
          <PopulationSection />
          <ConcessionSection />
          <HealthFundSection />
          <CarersSection />
          <FormFooter
            submitLabel={patient === undefined ? 'Create patient' : 'Save changes'}
            saving={save.isPending}
            formError={formError}
            actions={
              onCancel === undefined ? (
                <Button variant="default" component={Link} to={paths.patients.list.getHref()}>
                  Cancel
                </Button>
              ) : (
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
              )
            }
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
