import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { getReferralLetter, getReferralMessage } from '../referral-letter';
import { printViewHref } from '../print-view-href';
import { saveBlob } from '@/lib/save-blob';
import { DownloadButton } from '@/ui/download-button';

/**
 * The referral letter: saved as a PDF or as an HL7 v2 message (for a secure messaging system), or opened in
 * the print view in a new tab.
 */
export function LetterButtons({ referralId }: { referralId: string }) {
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    getReferralLetter(referralId)
      .then((blob) => saveBlob(blob, `referral-${referralId}.pdf`))
      .catch(() =>
        notifications.show({
          color: 'red',
          title: 'The PDF could not be downloaded',
          message: 'Please try again.',
        }),
      )
      .finally(() => setDownloading(false));
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={download}
      >
        Download PDF
      </Button>
      <DownloadButton
        fetchFile={() => getReferralMessage(referralId)}
        fileName={`referral-${referralId}.hl7`}
        aria-label="Download as an HL7 v2 message"
      >
        Download HL7
      </DownloadButton>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        component="a"
        href={printViewHref(referralId)}
        target="_blank"
        rel="noopener"
      >
        Print
      </Button>
    </>
  );
}
