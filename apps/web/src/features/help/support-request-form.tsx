import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUPPORT_NO_PATIENT_DATA,
  SUPPORT_REQUEST_SENT,
  SupportRequestSchema,
  supportTopics,
  type SupportRequest,
} from '@referrals/domain/help/support-request-schemas';
import { z } from 'zod';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { apiClient } from '@/lib/api-client';
import { showSaveError } from '@/lib/form-errors';
import { FormFooter } from '@/ui/form-footer';
import { SelectField, TextareaField, TextField } from '@/ui/form-fields';

const FIELDS = ['topic', 'subject', 'message'] as const;
const topicOptions = supportTopics.codes.map((code) => ({ value: code, label: supportTopics.display(code) }));

/**
 * The support request (Help Desk, docs/help-desk.md): mailed to the support team with the person's
 * establishment and `page`, the screen they came from.
 */
export function SupportRequestForm({ page }: { page: string | undefined }) {
  const form = useForm<SupportRequest>({
    resolver: zodResolver(SupportRequestSchema),
    defaultValues: { topic: undefined, subject: '', message: '', page },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await apiClient('/api/support-requests/', {
        method: 'POST',
        body: values,
        schema: z.object({ detail: z.string() }),
      });
      form.reset({ topic: undefined, subject: '', message: '', page });
      setSent(true);
    } catch (error) {
      showSaveError(error, {
        fields: FIELDS,
        onField: (path, message) => form.setError(path as Path<SupportRequest>, { message }),
        onForm: setFormError,
        fallback: 'Your request could not be sent. Please try again.',
      });
    }
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="support-request-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="support-request-title">
            Ask our support team
          </Title>
          <Text size="sm" c="gray.7">
            {SUPPORT_NO_PATIENT_DATA}
          </Text>
        </Stack>
        {sent && (
          <Alert color="teal" variant="light" role="status" title="Request sent">
            {SUPPORT_REQUEST_SENT}
          </Alert>
        )}
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)}>
            <Stack gap="md">
              <SelectField
                name="topic"
                label="Topic"
                data={topicOptions}
                placeholder="Choose a topic"
                withAsterisk
              />
              <TextField name="subject" label="Subject" withAsterisk maw={560} />
              <TextareaField name="message" label="What happened, and what did you expect?" withAsterisk />
              <FormFooter
                submitLabel="Send request"
                saving={form.formState.isSubmitting}
                formError={formError}
              />
            </Stack>
          </form>
        </FormProvider>
      </Stack>
    </Paper>
  );
}
