import { Loader, Text } from '@mantine/core';
import { REFERRAL_ATTACHMENT_LIMIT } from '@referrals/domain/constants';
import { DEFAULT_ATTACHMENT_ACCEPT_TEXT } from '@referrals/domain/referrals/forms/attachment-types';
import type { FormField } from '@referrals/domain/referrals/forms/form-template-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { FormFileField } from '../forms/form-file-field';
import {
  attachmentsKey,
  deleteAttachment,
  uploadAttachment,
  useReferrerAttachments,
} from './attachment-calls';
import { uploadFailureMessage } from '@/lib/upload-failure';

/**
 * The referral's own attachments, outside any form: up to the referral's limit (section 9), the default
 * types, 5 MB each. Drawn as a file field so the same checks and list apply.
 */
const ATTACHMENTS_FIELD: FormField = {
  name: 'attachments',
  title: 'Files for the receiver',
  type: 'file',
  max_files: REFERRAL_ATTACHMENT_LIMIT,
};

/** Step 3: letters, results and images for the receiver; each file is uploaded as soon as it is chosen. */
export function AttachmentsStep({ draftId }: { draftId: string }) {
  const queryClient = useQueryClient();
  const attachments = useReferrerAttachments(draftId);
  if (attachments.isPending) return <Loader size="sm" aria-label="Loading the attachments" />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: attachmentsKey(draftId) });
  // Files of form fields are shown on the forms step; these are the ones outside any form.
  const files = (attachments.data?.results ?? []).filter((attachment) => attachment.meta.field === null);
  return (
    <>
      <Text size="sm" c="gray.7">
        {DEFAULT_ATTACHMENT_ACCEPT_TEXT}
      </Text>
      <FormFileField
        field={ATTACHMENTS_FIELD}
        files={files}
        onUpload={async (file) => {
          await uploadAttachment(draftId, file, null).catch((failure: unknown) => {
            throw new Error(uploadFailureMessage(failure));
          });
          await refresh();
        }}
        onRemove={async (attachment) => {
          await deleteAttachment(draftId, attachment.id).catch((failure: unknown) => {
            if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
          });
          await refresh();
        }}
      />
    </>
  );
}
