import { Divider, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { useVerifiedAccess } from '../access-context';
import { getExternalReferralLetter } from '../api/external-files';
import { DownloadButton } from './download-button';
import { FileList } from './file-list';

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
      {referral.attachments.length > 0 && <FileList files={referral.attachments} label="Files" />}
    </SectionCard>
  );
}
