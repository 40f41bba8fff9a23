import { Alert, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import type { FieldErrors } from '@referrals/domain/api';
import { REFERRAL_ATTACHMENT_LIMIT } from '@referrals/domain/constants';
import {
  ExternalReferralSubmitSchema,
  externalReferralProblems,
  type ExternalDraftAttachment,
  type ExternalReferralSubmitted,
} from '@referrals/domain/portals/external-referral-schemas';
import { portalSenderTypes, type PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { DEFAULT_ATTACHMENT_ACCEPT_TEXT } from '@referrals/domain/referrals/forms/attachment-types';
import type { FormField, FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useSaveQueue } from '@/lib/use-save-queue';
import { TextareaField } from '@/ui/form-fields';
import { SaveStatusNote } from '@/ui/save-status-note';
import { SectionCard } from '@/ui/section-card';
import { deleteDraftAttachment, uploadDraftAttachment } from './api/draft-attachment-calls';
import { submitExternalReferral } from './api/submit-external-referral';
import { CaptchaField } from './captcha-field';
import { forgetDraftSession, writeDraftSession } from './draft-session-storage';
import { createDraftSaver } from './draft-saver';
import { EmailCodeField } from './email-code-field';
import { PatientSection } from './patient-section';
import { RadioField } from './portal-fields';
import { PortalFiles } from './portal-files';
import {
  draftWriteOf,
  emptyPortalForm,
  portalFormOf,
  requiredFieldsOf,
  type PortalForms,
  type PortalFormValues,
} from './portal-form-values';
import { SenderSection } from './sender-section';
import type { TemplateFieldsSlot } from './template-fields-slot';
import type { RestoredDraft } from './use-restored-draft';

/** The referral's own files, outside any template: up to the referral's limit (section 9), 5 MB each. */
const ATTACHMENTS_FIELD: FormField = {
  name: 'attachments',
  title: 'Letters, results and images',
  type: 'file',
  max_files: REFERRAL_ATTACHMENT_LIMIT,
};

/** The form's own field paths, which a 400 from the server may name (sender.first_name, patient.dob). */
const FORM_PATHS: ReadonlySet<string> = new Set(
  Object.entries(emptyPortalForm(null)).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null
      ? Object.keys(value).map((field) => `${name}.${field}`)
      : [name],
  ),
);

type PortalFormProps = {
  portal: PublicPortal;
  templates: readonly FormTemplate[];
  restored: RestoredDraft | null;
  templateFields: TemplateFieldsSlot;
  onSubmitted: (submitted: ExternalReferralSubmitted) => void;
};

/**
 * The portal's referral form (docs/portals.md, Sending a referral): who sends it, the sender, the patient,
 * the reason, the receiver's templates, files and consent, each change saved to the draft; then the
 * emailed code, the captcha and the submit.
 */
export function PortalForm({
  portal,
  templates,
  restored,
  templateFields: TemplateFields,
  onSubmitted,
}: PortalFormProps) {
  const { establishment, sender_types: senderTypes } = portal;
  const onlyType = senderTypes.length === 1 ? (senderTypes[0] ?? null) : null;
  const methods = useForm<PortalFormValues>({
    defaultValues: restored === null ? emptyPortalForm(onlyType) : portalFormOf(restored.draft, onlyType),
  });
  const { control, subscribe, getValues, setError, clearErrors } = methods;
  const senderType = useWatch({ control, name: 'sender_type' });
  const required = useMemo(() => requiredFieldsOf(senderType), [senderType]);

  // The templates' answers and the files live beside the form; refs hold the latest for the saves.
  const [forms, setForms] = useState<PortalForms>(() => restored?.draft.forms ?? {});
  const formsRef = useRef(forms);
  const [attachments, setAttachments] = useState<ExternalDraftAttachment[]>(
    () => restored?.draft.attachments ?? [],
  );
  const [saver] = useState(() =>
    createDraftSaver(establishment.id, restored?.session ?? null, (session) => writeDraftSession(session)),
  );
  const { status, schedule, flush } = useSaveQueue();
  const [everSaved, setEverSaved] = useState(restored !== null);
  const [templateErrors, setTemplateErrors] = useState<Record<string, Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const serverErrorPaths = useRef(new Set<string>());

  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  // A new key draws a new captcha: a solution the server refused cannot be sent again.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const body = () => draftWriteOf(getValues(), formsRef.current);

  /** A 400's messages where they belong: the form's fields, a template's fields, or above the button. */
  const showFieldErrors = (errors: FieldErrors): string[] => {
    const others: string[] = [];
    const byTemplate: Record<string, Record<string, string>> = {};
    for (const [path, message] of Object.entries(flattenFieldErrors(errors))) {
      const [, template, ...field] = path.split('.');
      if (path.startsWith('forms.') && template !== undefined && field.length > 0) {
        byTemplate[template] = { ...byTemplate[template], [field.join('.')]: message };
      } else if (FORM_PATHS.has(path)) {
        serverErrorPaths.current.add(path);
        setError(path as FieldPath<PortalFormValues>, { type: 'server', message });
      } else if (path === 'code') setCodeError(message);
      else if (path === 'altcha') setCaptchaError(message);
      else others.push(message);
    }
    setTemplateErrors(byTemplate);
    return others;
  };

  const save = async () => {
    try {
      await saver.save(body());
      // What the server refused before is fixed now: its messages go (the submit's own stay).
      for (const path of serverErrorPaths.current) clearErrors(path as FieldPath<PortalFormValues>);
      serverErrorPaths.current.clear();
      setTemplateErrors({});
      setEverSaved(true);
    } catch (error) {
      // A 400 is the values' fault, not the connection's: shown on the fields and not retried.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors === undefined) throw error;
      const others = showFieldErrors(fieldErrors);
      if (others.length > 0) setFormError(others.join(' '));
    }
  };

  const onValuesChange = useEffectEvent((name: string | undefined) => {
    // The message of a field goes as the sender changes it.
    if (name !== undefined) clearErrors(name as FieldPath<PortalFormValues>);
    schedule('draft', save);
  });
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ name }) => onValuesChange(name) }),
    [subscribe],
  );

  const changeTemplate = (template: string, patch: Record<string, unknown>) => {
    formsRef.current = { ...formsRef.current, [template]: { ...formsRef.current[template], ...patch } };
    setForms(formsRef.current);
    schedule('draft', save);
  };
  const idsIn = (template: string, field: string): string[] => {
    const value = formsRef.current[template]?.[field];
    return Array.isArray(value) ? value.map(String) : [];
  };

  const upload = async (file: File, field: string | null) => {
    const session = await saver.ensure(body());
    const added = await uploadDraftAttachment(session, file, field);
    setAttachments((all) => [...all, added]);
    setEverSaved(true);
    return added;
  };
  const remove = async (file: ExternalDraftAttachment) => {
    const session = saver.session();
    if (session !== null) {
      await deleteDraftAttachment(session, file.id).catch((failure: unknown) => {
        // 404: it is gone already.
        if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
      });
    }
    setAttachments((all) => all.filter((attachment) => attachment.id !== file.id));
  };

  /** Before a code is sent: the email is there and saved, so the code goes to what the sender sees. */
  const prepareCode = async () => {
    const email = getValues('sender.email')?.trim() ?? '';
    if (email === '') {
      setError(
        'sender.email',
        { type: 'manual', message: 'Enter your email first: the code goes there.' },
        { shouldFocus: true },
      );
      return null;
    }
    await flush();
    if (methods.getFieldState('sender.email').error !== undefined) return null;
    return saver.ensure(body());
  };

  /** Moves the focus to the first field with a message, where the sender fixes it. */
  const focusFirstProblem = () =>
    window.requestAnimationFrame(() => {
      const first = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    });

  const submit = async () => {
    // A second click while the first is on its way does nothing: the button is busy, and this is the guard
    // for the click that lands before it redraws.
    if (submittingRef.current) return;
    setFormError(null);
    const values = body();
    const problems = externalReferralProblems({
      sender_type: values.sender_type ?? null,
      sender: values.sender ?? {},
      patient: values.patient ?? {},
      referrer_message: values.referrer_message ?? null,
      consent: values.consent ?? false,
    });
    const proof = ExternalReferralSubmitSchema.safeParse({ code, altcha: captcha ?? '' });
    const proofErrors: FieldErrors = {};
    if (!proof.success) {
      for (const issue of proof.error.issues) proofErrors[String(issue.path[0])] ??= [issue.message];
    }
    setCodeError(undefined);
    setCaptchaError(undefined);
    const others = showFieldErrors({ ...problems, ...proofErrors });
    if (Object.keys(problems).length > 0 || !proof.success) {
      setFormError(
        others.length > 0
          ? others.join(' ')
          : 'Some details are missing or need a change: see the messages above.',
      );
      focusFirstProblem();
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    try {
      if (!(await flush())) {
        setFormError(
          'Your latest changes could not be saved, so the referral was not sent. Please try again.',
        );
        return;
      }
      const session = await saver.ensure(body());
      const submitted = await submitExternalReferral(session, proof.data);
      forgetDraftSession(establishment.id);
      onSubmitted(submitted);
    } catch (failure) {
      const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : undefined;
      if (fieldErrors !== undefined) {
        const rest = showFieldErrors(fieldErrors);
        if ('altcha' in fieldErrors) {
          setCaptcha(null);
          setCaptchaKey((key) => key + 1);
        }
        setFormError(rest.length > 0 ? rest.join(' ') : 'The referral was not sent: see the messages above.');
        focusFirstProblem();
      } else {
        // Sending again is safe: the server makes one referral per draft and answers it again.
        setFormError(
          failure instanceof ApiError && failure.detail !== undefined && !failure.isServerError
            ? failure.detail
            : 'The referral could not be sent. Please try again.',
        );
        // The busy button let go of the focus: it goes back there, for the retry.
        window.requestAnimationFrame(() => submitButton.current?.focus());
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const senderOptions = senderTypes.map((type) => ({ value: type, label: portalSenderTypes.display(type) }));
  const filesOf = (field: string | null) => attachments.filter((attachment) => attachment.field === field);

  return (
    <FormProvider {...methods}>
      <form
        ref={formElement}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="lg">
          <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
            <RadioField
              name="sender_type"
              label="Who is sending this referral?"
              options={senderOptions}
              required
            />
          </Paper>
          {senderType === null ? (
            <Text c="gray.7" ta="center">
              Choose who is sending the referral to see the form.
            </Text>
          ) : (
            <>
              <SenderSection senderType={senderType} required={required} />
              <PatientSection senderType={senderType} required={required} />
              <SectionCard
                title="Reason for referral"
                description="The symptoms and for how long, what has been tried, and how soon the patient should be seen."
              >
                <TextareaField
                  name="referrer_message"
                  label="Why is the patient being referred?"
                  withAsterisk={required.has('referrer_message')}
                  aria-required={required.has('referrer_message') || undefined}
                  autosize
                  minRows={4}
                />
              </SectionCard>
              {templates.map((template) => (
                <Stack key={template.name} gap="sm">
                  <Title order={2} fz="h3">
                    {template.title}
                  </Title>
                  <TemplateFields
                    template={template}
                    values={forms[template.name] ?? {}}
                    errors={templateErrors[template.name] ?? {}}
                    onChange={(name, value) => changeTemplate(template.name, { [name]: value })}
                    renderFile={(field, error) => (
                      <PortalFiles
                        field={field}
                        files={filesOf(field.name)}
                        error={error}
                        upload={async (file) => {
                          const added = await upload(file, field.name);
                          changeTemplate(template.name, {
                            [field.name]: [...idsIn(template.name, field.name), added.id],
                          });
                          return added;
                        }}
                        remove={async (file) => {
                          await remove(file);
                          const rest = idsIn(template.name, field.name).filter((id) => id !== file.id);
                          changeTemplate(template.name, { [field.name]: rest.length > 0 ? rest : null });
                        }}
                      />
                    )}
                  />
                </Stack>
              ))}
              <SectionCard
                title="Files"
                description="A referral letter, test results or images that help the clinic. Optional."
              >
                <PortalFiles
                  field={ATTACHMENTS_FIELD}
                  files={filesOf(null)}
                  hint={DEFAULT_ATTACHMENT_ACCEPT_TEXT}
                  upload={(file) => upload(file, null)}
                  remove={remove}
                />
              </SectionCard>
              <SectionCard title="Consent">
                <Controller
                  control={control}
                  name="consent"
                  render={({ field, fieldState }) => (
                    <Checkbox
                      ref={field.ref}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      aria-required
                      label={consentText(establishment.name, senderType)}
                    />
                  )}
                />
              </SectionCard>
              <SectionCard title="Check and send">
                <Stack gap="lg">
                  <EmailCodeField
                    prepare={prepareCode}
                    codeSentAt={restored?.draft.code_sent_at ?? null}
                    value={code}
                    onChange={(next) => {
                      setCode(next);
                      setCodeError(undefined);
                    }}
                    error={codeError}
                    onFieldErrors={(errors) => {
                      showFieldErrors(errors);
                      focusFirstProblem();
                    }}
                  />
                  <CaptchaField
                    key={captchaKey}
                    error={captchaError}
                    onChange={(payload) => {
                      setCaptcha(payload);
                      if (payload !== null) setCaptchaError(undefined);
                    }}
                  />
                  {formError !== null && (
                    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                      {formError}
                    </Alert>
                  )}
                  <SaveStatusNote status={status} saved={everSaved} />
                  <div>
                    <Button
                      ref={submitButton}
                      type="submit"
                      size="md"
                      loading={submitting}
                      leftSection={<IconSend size={18} />}
                    >
                      Send referral
                    </Button>
                  </div>
                </Stack>
              </SectionCard>
            </>
          )}
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The consent the sender gives, in their own position: for themselves, for the person they care for, or as the patient's clinician. */
function consentText(establishment: string, senderType: PortalFormValues['sender_type']): string {
  const holding = `${establishment} may hold and use the details and files in this referral to assess the referral, arrange care and contact the patient`;
  return senderType === 'PROVIDER'
    ? `The patient agrees to this referral, and ${holding} and me about it.`
    : `I agree that ${holding}, or me, about it. If I am sending this for someone I care for, they agree too.`;
}
