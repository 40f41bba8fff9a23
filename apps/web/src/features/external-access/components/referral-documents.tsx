import { Box, Divider, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useVerifiedAccess } from '../access-context';
import { getExternalAttachment, getExternalReferralLetter } from '../api/external-files';
import { DownloadButton } from './download-button';
import { FileRow } from './file-row';

/** The referral letter (where the link shows it) and the files this reader may download. */
export function ReferralDocuments() {
  const { access, referral } = useVerifiedAccess();
  if (!referral.letter_available && referral.attachments.length === 0) return null;
  return (
    <SectionCard title="Documents">
      {referral.letter_available && (
        <Stack gap={6} align="flex-start">
          <Text>The referral letter, as the clinic received it.</Text>
          <DownloadButton
            fetchFile={() => getExternalReferralLetter(access)}
            fileName={`referral-${referral.id.slice(0, 8)}.pdf`}
          >
            Download the referral letter (PDF)
          </DownloadButton>
        </Stack>
      )}
      {referral.letter_available && referral.attachments.length > 0 && <Divider />}
      {referral.attachments.length > 0 && (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Files">
          {referral.attachments.map((file) => (
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
      )}
    </SectionCard>
  );
}
