import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showSaveError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useCreateManualReferral } from '../import-calls';
import {
  emptyManualReferral,
  MANUAL_REFERRAL_FIELDS,
  manualReferralBody,
  ManualReferralFields,
  type ManualReferralValues,
} from '../manual-referral-fields';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

/**
 * A paper referral recorded by hand (issue 27 item 3): the patient, the referrer and the letter's scan,
 * recorded as a MANUAL referral in the establishment's inbox under New.
 */
export function PaperReferralForm({ establishmentId }: { establishmentId: string }) {
  const navigate = useNavigate();
  const create = useCreateManualReferral();
  const form = useForm<ManualReferralValues>({ defaultValues: emptyManualReferral() });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const chooseFiles = (chosen: File[]) => {
    const large = chosen.find((file) => file.size > UPLOAD_MAX_BYTES);
    setFileError(large === undefined ? null : `${large.name} is larger than 5 MB.`);
    setFiles(chosen.filter((file) => file.size <= UPLOAD_MAX_BYTES));
  };
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const referral = await create.mutateAsync({
        referral: { type: 'MANUAL', ...manualReferralBody(values) },
        files,
      });
      notifications.show({
        color: 'green',
        title: 'Referral recorded',
        message: 'It is in your inbox, ready for triage.',
      });
      void navigate(paths.referrals.detail.getHref(referral.id));
    } catch (error) {
      showSaveError(error, {
        fields: MANUAL_REFERRAL_FIELDS,
        onField: (path, message) => form.setError(path as Path<ManualReferralValues>, { message }),
        onForm: setFormError,
        fallback: 'The referral could not be recorded. Please try again.',
      });
    }
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="paper-referral-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="xl">
            <Stack gap={4}>
              <Title order={2} fz="h4" id="paper-referral-title">
                Record a paper referral
              </Title>
              <Text size="sm" c="gray.7">
                For a letter that came by post or by hand. It is recorded in your inbox under New and triaged
                like any other referral.
              </Text>
            </Stack>
            <ManualReferralFields establishmentId={establishmentId} />
            <FileInput
              label="The letter and its attachments"
              description="PDF or images, up to 5 MB each."
              placeholder="Choose files"
              multiple
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen files' }}
              accept={ACCEPT}
              value={files}
              onChange={chooseFiles}
              error={fileError}
              leftSection={<IconPaperclip size={16} />}
              maw={560}
            />
            {formError !== null && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Record referral
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
