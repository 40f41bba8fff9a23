import { Loader, Stack, Text } from '@mantine/core';
import {
  ATTACHMENT_KINDS,
  attachmentWriteRefusal,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useQueries } from '@tanstack/react-query';
import { SectionCard } from '@/ui/section-card';
import { attachmentsQueryOptions } from '../referral-attachments';
import { AttachmentList } from './attachment-list';

/** The referral's four attachment lists (spec sections 3 Attachment, 7 Attachments), each where it has files or may get some. */
export function AttachmentsSection({ referral }: { referral: Referral }) {
  const lists = useQueries({
    queries: ATTACHMENT_KINDS.map((kind) => attachmentsQueryOptions(referral.id, kind)),
  });
  const writable = ATTACHMENT_KINDS.filter(
    (kind) => attachmentWriteRefusal(kind, referral.side, referral.status.value) === null,
  );
  const shown = ATTACHMENT_KINDS.filter(
    (kind, index) => writable.includes(kind) || (lists[index]?.data?.length ?? 0) > 0,
  );
  return (
    <SectionCard title="Attachments" description="Files are up to 5 MB each.">
      {lists.some((list) => list.isPending) ? (
        <Loader size="sm" aria-label="Loading the attachments" />
      ) : lists.some((list) => list.isError) ? (
        <Text role="alert">The attachments could not be loaded. Please try again.</Text>
      ) : shown.length === 0 ? (
        <Text c="gray.7">No attachments.</Text>
      ) : (
        <Stack gap="xl">
          {shown.map((kind) => (
            <AttachmentList
              key={kind}
              referralId={referral.id}
              kind={kind}
              canUpload={writable.includes(kind)}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
