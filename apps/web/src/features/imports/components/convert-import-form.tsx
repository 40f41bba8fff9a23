import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showSaveError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useConvertImportItem } from '../import-calls';
import {
  emptyManualReferral,
  MANUAL_REFERRAL_FIELDS,
  manualReferralBody,
  ManualReferralFields,
  type ManualReferralValues,
} from '../manual-referral-fields';

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
  const navigate = useNavigate();
  const convert = useConvertImportItem(item);
  const form = useForm<ManualReferralValues>({ defaultValues: emptyManualReferral() });
  const [files, setFiles] = useState<string[]>(() => item.files.map((file) => file.id));
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const referral = await convert.mutateAsync({ ...manualReferralBody(values), files });
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
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="convert-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="xl">
            <Stack gap={4}>
              <Title order={2} fz="h4" id="convert-title">
                Convert to a referral
              </Title>
              <Text size="sm" c="gray.7">
                Read the patient and the referrer off the letter. The referral lands in your inbox under New.
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
            {formError !== null && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
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
