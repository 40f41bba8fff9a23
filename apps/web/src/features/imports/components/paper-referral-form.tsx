import { FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { FormFooter } from '@/ui/form-footer';
import { useCreateManualReferral } from '../import-calls';
import { manualReferralBody, ManualReferralFields } from '../manual-referral-fields';
import { useRecordManualReferral } from '../use-record-manual-referral';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

/**
 * A paper referral recorded by hand (issue 27 item 3): the patient, the referrer and the letter's scan,
 * recorded as a MANUAL referral in the establishment's inbox.
 */
export function PaperReferralForm({ establishmentId }: { establishmentId: string }) {
  const create = useCreateManualReferral();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { form, submit, formError } = useRecordManualReferral({
    save: (values) =>
      create.mutateAsync({ referral: { type: 'MANUAL', ...manualReferralBody(values) }, files }),
    onFileError: setFileError,
  });
  const chooseFiles = (chosen: File[]) => {
    const large = chosen.find((file) => file.size > UPLOAD_MAX_BYTES);
    setFileError(large === undefined ? null : `${large.name} is larger than 5 MB.`);
    setFiles(chosen.filter((file) => file.size <= UPLOAD_MAX_BYTES));
  };
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
                For a letter that came by post or by hand. It is recorded in your inbox and triaged like any
                other referral.
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
            <FormFooter
              submitLabel="Record referral"
              saving={form.formState.isSubmitting}
              formError={formError}
            />
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
