import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { ClinicalMeasurements } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { measurementFormValues } from '@referrals/domain/referrals/forms/form-autofill';
import type { Attachment } from '@referrals/domain/referrals/forms/attachment-schemas';
import type { FormData, FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { FormFileField } from '../forms/form-file-field';
import { FormTemplateFields } from '../forms/form-template-fields';
import {
  attachmentsKey,
  deleteAttachment,
  uploadAttachment,
  useReferrerAttachments,
} from './attachment-calls';
import { saveForm, useFormTemplates, useSavedForms } from './form-calls';
import { uploadFailureMessage } from '@/lib/upload-failure';

type FormsStepProps = {
  draftId: string;
  receiverId: string | null;
  /** A clinical record's weight and height, which fill the forms' empty BMI fields. */
  measurements: ClinicalMeasurements | null;
  /** Queues a save with the wizard's autosave (keyed per form, so each form's latest values win). */
  schedule: (key: string, save: () => Promise<unknown>) => void;
};

/** Step 2: the receiver's form templates, saved as the sender types (section 4 Draft creation steps). */
export function FormsStep({ draftId, receiverId, measurements, schedule }: FormsStepProps) {
  const templates = useFormTemplates(draftId, receiverId);
  const saved = useSavedForms(draftId);
  if (templates.isPending || saved.isPending) return <Loader size="sm" aria-label="Loading the forms" />;
  if (templates.isError || saved.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The receiver’s forms could not be loaded. Please try again.
      </Alert>
    );
  }
  if (templates.data.length === 0) {
    return (
      <Text c="gray.7" size="sm">
        The receiver has no forms to fill in. Continue to the attachments.
      </Text>
    );
  }
  return (
    <TemplateForms
      draftId={draftId}
      templates={templates.data}
      saved={saved.data.forms}
      measurements={measurements}
      schedule={schedule}
    />
  );
}

function TemplateForms({
  draftId,
  templates,
  saved,
  measurements,
  schedule,
}: Omit<FormsStepProps, 'receiverId'> & { templates: FormTemplate[]; saved: Record<string, FormData> }) {
  const queryClient = useQueryClient();
  const attachments = useReferrerAttachments(draftId);
  // Each template's values live here while the step is open; the saved ones are only the start.
  const [values, setValues] = useState<Record<string, FormData>>(() => ({ ...saved }));
  // Uploads finish after later typing; merging into the latest values keeps what was typed meanwhile.
  const latest = useRef(values);
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});

  const change = (form: string, patch: FormData) => {
    const next = { ...latest.current[form], ...patch };
    latest.current = { ...latest.current, [form]: next };
    setValues(latest.current);
    schedule(`form:${form}`, async () => {
      try {
        await saveForm(draftId, form, next);
        setErrors((all) => ({ ...all, [form]: {} }));
      } catch (error) {
        // A 400 is the values' fault, not the connection's: shown on the fields, not retried.
        const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fieldErrors === undefined) throw error;
        setErrors((all) => ({ ...all, [form]: flattenFieldErrors(fieldErrors) }));
      }
    });
  };

  // The record's weight and height go into empty BMI fields once, saved like typing, so the letter has them.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || measurements === null) return;
    prefilled.current = true;
    for (const template of templates) {
      const patch = measurementFormValues(template, latest.current[template.name] ?? {}, measurements);
      if (Object.keys(patch).length > 0) change(template.name, patch);
    }
  });

  const filesOf = (field: string): Attachment[] =>
    (attachments.data?.results ?? []).filter((attachment) => attachment.meta.field === field);

  return (
    <Stack gap="xl">
      {templates.map((template) => {
        const data = values[template.name] ?? {};
        const ids = (field: string) => filesOf(field).map((attachment) => attachment.id);
        return (
          <Stack key={template.name} gap="md">
            {templates.length > 1 && (
              <Title order={3} fz="h4">
                {template.title}
              </Title>
            )}
            <FormTemplateFields
              template={template}
              values={data}
              errors={errors[template.name] ?? {}}
              onChange={(name, value) => change(template.name, { [name]: value })}
              renderFile={(field, error) => (
                <FormFileField
                  field={field}
                  files={filesOf(field.name)}
                  error={error}
                  onUpload={async (file) => {
                    const added = await uploadAttachment(draftId, file, field.name).catch(
                      (failure: unknown) => {
                        throw new Error(uploadFailureMessage(failure));
                      },
                    );
                    await queryClient.invalidateQueries({ queryKey: attachmentsKey(draftId) });
                    change(template.name, { [field.name]: [...ids(field.name), added.id] });
                  }}
                  onRemove={async (attachment) => {
                    await deleteAttachment(draftId, attachment.id).catch((failure: unknown) => {
                      // 404 means it is gone already (spec section 8, Attachment deletion).
                      if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
                    });
                    await queryClient.invalidateQueries({ queryKey: attachmentsKey(draftId) });
                    const rest = ids(field.name).filter((id) => id !== attachment.id);
                    change(template.name, { [field.name]: rest.length > 0 ? rest : null });
                  }}
                />
              )}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
