import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { getReferralLetter } from '../referral-letter';
import { printViewHref } from '../print-view-href';
import { saveBlob } from '@/lib/save-blob';

/** The referral letter: saved as a PDF, or opened in the print view in a new tab. */
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
