import { Box } from '@mantine/core';
import type { ExternalAttachment } from '@referrals/domain/external-access/external-access-schemas';
import { useVerifiedAccess } from '../access-context';
import { getExternalAttachment } from '../api/external-files';
import { DownloadButton } from './download-button';
import { FileRow } from './file-row';

/** The referral's files as a list named `label`, each with its button to download it through the link. */
export function FileList({ files, label }: { files: ExternalAttachment[]; label: string }) {
  const { access } = useVerifiedAccess();
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((file) => (
        <FileRow
          key={file.id}
          file={file}
          action={
            <DownloadButton
              size="xs"
              fetchFile={() => getExternalAttachment(access, file.id)}
              fileName={file.original_name}
              aria-label={`Download ${file.original_name}`}
            >
              Download
            </DownloadButton>
          }
        />
      ))}
    </Box>
  );
}
