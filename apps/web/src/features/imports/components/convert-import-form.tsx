import { Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { FormFooter } from '@/ui/form-footer';
import { useConvertImportItem } from '../import-calls';
import { manualReferralBody, ManualReferralFields } from '../manual-referral-fields';
import { manualReferralFromMessage } from '../message-referral-values';
import { useRecordManualReferral } from '../use-record-manual-referral';

/**
 * Converts an item into a MANUAL referral (docs/import-queue.md): the patient and referrer read off its
 * letter, the attachments chosen to go with it. The new referral opens in the inbox's usual page.
 */
export function ConvertImportForm({
  item,
  establishmentId,
  onCancel,
}: {
  item: ImportItem;
  establishmentId: string;
  onCancel: () => void;
}) {
  const convert = useConvertImportItem(item);
  const [files, setFiles] = useState<string[]>(() => item.files.map((file) => file.id));
  const { form, submit, formError } = useRecordManualReferral({
    save: (values) => convert.mutateAsync({ ...manualReferralBody(values), files }),
    defaultValues:
      item.message_details === null ? undefined : manualReferralFromMessage(item.message_details),
  });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="convert-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="xl">
            <Stack gap={4}>
              <Title order={2} fz="h4" id="convert-title">
                Convert to a referral
              </Title>
              <Text size="sm" c="gray.7">
                {item.message_details === null
                  ? 'Read the patient and the referrer off the letter.'
                  : 'Filled in from the HL7 message: check the patient and the referrer against the letter.'}{' '}
                The referral lands in your inbox, ready for triage.
              </Text>
            </Stack>
            <ManualReferralFields establishmentId={establishmentId} />
            {item.files.length > 0 && (
              <Checkbox.Group label="Attachments to move to the referral" value={files} onChange={setFiles}>
                <Stack gap="xs" mt="xs">
                  {item.files.map((file) => (
                    <Checkbox key={file.id} value={file.id} label={file.original_name} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <FormFooter
              submitLabel="Record referral"
              saving={form.formState.isSubmitting}
              formError={formError}
              actions={
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
              }
            />
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
