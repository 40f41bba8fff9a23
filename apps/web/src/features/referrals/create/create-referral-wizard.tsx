import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { FieldErrors } from '@referrals/domain/api';
import {
  SUBMIT_FAILURE_MESSAGE,
  draftSteps,
  firstDraftStepWithErrors,
} from '@referrals/domain/referrals/referral-draft-steps';
import { RECEIVER_TYPES, type ReceiverType } from '@referrals/domain/referrals/referral-receivers';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { FormFooter } from '@/ui/form-footer';
import { StepHeading } from '@/ui/step-heading';
import { referralQueryOptions, referralsKey } from '../api/get-referral';
import { fileToRecord } from '../detail/referral-record-filing';
import { createDraft, saveDraft, submitDraft } from './draft-calls';
import {
  draftReceiverOf,
  draftValuesOf,
  draftWrite,
  hasMedicationOrder,
  receiverWrite,
  newDraftValues,
  receiverStepErrors,
  type DraftValues,
} from './draft-values';
import { SaveStatusNote } from '@/ui/save-status-note';
import { AttachmentsStep } from './attachments-step';
import { DetailsStep } from './details-step';
import { FormsStep } from './forms-step';
import { MedicationOrderStep } from './medication-order-step';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';
import { PatientStep } from './patient-step';
import { ReceiverStep, type LinkedReceiver } from './receiver-step';
import { RenewalStep } from './renewal-step';
import { useSaveQueue } from '@/lib/use-save-queue';
import { STEP_TEXTS } from './wizard-steps';
import { ClinicalRecordNotice } from './clinical-record-notice';

const VALUE_NAMES = new Set(Object.keys(newDraftValues()));

/** The step number in the address: its place in the draft's steps, 0 when missing or out of range. */
function stepOf(search: URLSearchParams, count: number): number {
  const step = Number(search.get('step'));
  return Number.isInteger(step) && step >= 0 && step < count ? step : 0;
}

function receiverTypeOf(type: string | undefined): ReceiverType {
  // A department is chosen within its hospital.
  if (type === 'DT') return 'HL';
  return RECEIVER_TYPES.find((candidate) => candidate === type) ?? 'CL';
}

/** A new referral's values: with the receiver a send/ link named, when it may receive. */
function startingValues(linked: LinkedReceiver | undefined): DraftValues {
  const values = newDraftValues();
  if (linked === undefined || !('place' in linked)) return values;
  const { place } = linked;
  const name = place.hospital === null ? place.name : `${place.name}, ${place.hospital.name}`;
  return { ...values, to_establishment: draftReceiverOf(place, name) };
}

type WizardProps = {
  /** The draft being continued; none for a new referral. */
  referral: Referral | undefined;
  currentEstablishmentId: string | null;
  patientPicker: PatientPickerSlot;
  /** What a send/:establishment_slug link brought, for a new referral reached through one. */
  linked?: LinkedReceiver;
};

/**
 * Referral creation (spec section 4 Draft creation steps). The draft is made on leaving the receiver
 * step, and from then on every change is saved as the sender goes: after a pause in typing and before
 * each step change, so closing the tab or losing the connection loses nothing typed. The step is in the
 * address, so a reload comes back to it.
 */
export function CreateReferralWizard({
  referral,
  currentEstablishmentId,
  patientPicker,
  linked,
}: WizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [draftId, setDraftId] = useState<string | null>(referral?.id ?? null);
  const form = useForm<DraftValues>({
    defaultValues: referral === undefined ? startingValues(linked) : draftValuesOf(referral),
  });
  const queue = useSaveQueue();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [type, receiver] = useWatch({ control: form.control, name: ['type', 'to_establishment'] });
  // Which receiver is chosen decides whether the medication-order step is there, so the numbers after it.
  const steps = draftSteps({ medicationOrder: hasMedicationOrder({ type, to_establishment: receiver }) });
  const step = draftId === null ? 0 : stepOf(search, steps.length);
  const stepName = steps[step] ?? 'receiver';
  const lastStep = steps.length - 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // On changing step the focus goes to the new step's title. Otherwise it stays on Next at the foot of
  // the form, or, after leaving the receiver step (whose Next is disabled while the draft starts), falls
  // to the page itself, and a keyboard user's next Tab starts again from the top bar (WCAG 2.4.3).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  /** Puts a 400's messages on the wizard's fields; answers the ones no field shows. */
  const showErrors = (errors: FieldErrors): string[] => {
    const others: string[] = [];
    for (const [path, message] of Object.entries(flattenFieldErrors(errors))) {
      // A nested field (medication_order.medications.0.dose) belongs to the value it is under.
      if (VALUE_NAMES.has(path.split('.')[0] ?? path))
        form.setError(path as Path<DraftValues>, { type: 'server', message });
      else others.push(message);
    }
    return others;
  };

  useEffect(() => {
    if (draftId === null) return;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () =>
        queue.schedule('draft', async () => {
          try {
            const key = referralQueryOptions(draftId).queryKey;
            const version = queryClient.getQueryData(key)?.version ?? 1;
            const saved = await saveDraft(draftId, draftWrite(form.getValues()), version);
            queryClient.setQueryData(key, saved);
          } catch (error) {
            // A 400 is the values' fault: shown on the fields and not retried; anything else is retried.
            const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
            if (fieldErrors === undefined) throw error;
            showErrors(fieldErrors);
          }
        }),
    });
    return unsubscribe;
  });

  const setStep = (next: number, id = draftId) => {
    if (id === null) return;
    void navigate(`${paths.referrals.create.getHref(id)}?step=${next}`, { replace: true });
    window.scrollTo({ top: 0 });
  };

  /** Whether the receiver step may be left; if not, its fields say why. */
  const receiverReady = () => {
    const errors = receiverStepErrors(form.getValues());
    showErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const startDraft = async (next: number) => {
    if (!receiverReady()) return;
    setBusy(true);
    try {
      const created = await createDraft(receiverWrite(form.getValues()));
      queryClient.setQueryData(referralQueryOptions(created.id).queryKey, created);
      // The server's defaults (the message, the duration) come with the draft.
      form.reset(draftValuesOf(created));
      setDraftId(created.id);
      setStep(next, created.id);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const others = fieldErrors === undefined ? [] : showErrors(fieldErrors);
      if (fieldErrors === undefined || others.length > 0) {
        setFormError(
          others.length > 0
            ? others.join(' ')
            : ((error instanceof ApiError ? error.detail : undefined) ??
                'The draft could not be started. Please try again.'),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const goTo = async (next: number) => {
    setFormError(null);
    if (draftId === null) return startDraft(next);
    if (step === 0 && !receiverReady()) return;
    // A step's unsaved values would be gone once it closes; the warning says saving goes on meanwhile.
    if (!(await queue.flush())) return;
    setStep(next);
  };

  const submit = async () => {
    if (draftId === null) return;
    setFormError(null);
    if (!(await queue.flush())) return;
    setBusy(true);
    try {
      const sent = await submitDraft(draftId);
      // A referral started from the sender's clinical record is filed back there (the job's outcome shows
      // on the referral page, which offers to file again if this call did not get through).
      if (sent.allowed_actions.includes('file_to_record')) await fileToRecord(sent.id).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: referralsKey });
      void navigate(paths.referrals.detail.getHref(sent.id));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors === undefined) {
        setFormError(
          (error instanceof ApiError ? error.detail : undefined) ??
            'The referral could not be sent. Please try again.',
        );
        return;
      }
      const others = showErrors(fieldErrors);
      setFormError([SUBMIT_FAILURE_MESSAGE, ...others].join(' '));
      const target = firstDraftStepWithErrors(steps, fieldErrors);
      if (target !== null) setStep(steps.indexOf(target));
    } finally {
      setBusy(false);
    }
  };

  const texts = STEP_TEXTS[stepName];
  const advice = type === 'ADVICE_AND_GUIDANCE';
  // The receiver step opens on the type of the receiver the link named or the draft holds.
  const savedReceiverType =
    linked !== undefined && 'place' in linked ? linked.place.type.value : referral?.to_establishment?.type;
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {advice ? 'New request for advice and guidance' : 'New referral'}
        </Title>
        <Text c="gray.7">
          Your {advice ? 'request' : 'referral'} is saved as a draft as you go; you can leave and come back to
          it.
        </Text>
      </Stack>
      {referral?.clinical_record != null && (
        <ClinicalRecordNotice read={referral.clinical_record} patient={referral.patient} />
      )}
      <Stepper
        active={step}
        onStepClick={(index) => void goTo(index)}
        allowNextStepsSelect={draftId !== null}
        size="sm"
        iconSize={30}
      >
        {steps.map((s) => (
          <Stepper.Step key={s} label={STEP_TEXTS[s].label} aria-label={STEP_TEXTS[s].title} />
        ))}
      </Stepper>
      <FormProvider {...form}>
        <Paper
          withBorder
          radius="lg"
          shadow="xs"
          p={{ base: 'md', sm: 'xl' }}
          component="form"
          noValidate
          aria-label={texts.title}
          onSubmit={(event) => {
            event.preventDefault();
            void (step === lastStep ? submit() : goTo(step + 1));
          }}
        >
          <Stack gap="lg">
            <StepHeading ref={heading} title={texts.title} intro={texts.intro} />
            {stepName === 'receiver' && (
              <ReceiverStep
                currentEstablishmentId={currentEstablishmentId}
                initialType={receiverTypeOf(savedReceiverType)}
                receiverIsDepartment={savedReceiverType === 'DT'}
                savedAssignee={referral?.assignee ?? null}
                linked={linked}
              />
            )}
            {stepName === 'patient' && (
              <PatientStep establishmentId={currentEstablishmentId ?? ''} picker={patientPicker} />
            )}
            {stepName === 'forms' && draftId !== null && (
              <FormsStep
                draftId={draftId}
                receiverId={form.getValues('to_establishment')?.id ?? null}
                measurements={draftWrite(form.getValues()).clinical_summary?.measurements ?? null}
                schedule={queue.schedule}
              />
            )}
            {stepName === 'medication_order' && <MedicationOrderStep />}
            {stepName === 'attachments' && draftId !== null && <AttachmentsStep draftId={draftId} />}
            {stepName === 'details' && <DetailsStep clinicalRecord={referral?.clinical_record ?? null} />}
            {stepName === 'renewal' && <RenewalStep />}
            <SaveStatusNote status={queue.status} saved={draftId !== null} />
            <FormFooter
              submitLabel={step === lastStep ? (advice ? 'Send request' : 'Submit referral') : 'Next'}
              saving={busy}
              formError={formError}
              onBack={step === 0 ? undefined : () => void goTo(step - 1)}
            />
          </Stack>
        </Paper>
      </FormProvider>
    </Stack>
  );
}
