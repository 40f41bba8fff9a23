import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '@/lib/save-blob';

export const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

export type DownloadButtonProps = {
  /** Fetches the file: it sits behind the session's token or header, so it cannot be a plain link. */
  fetchFile: () => Promise<Blob>;
  fileName: string;
  children: string;
  /** Names the file for screen readers when the visible text is short ("Download"). */
  'aria-label'?: string;
  /** What to say when the download failed, or null when the failure was dealt with elsewhere. */
  failure?: (error: unknown) => string | null;
} & Pick<ButtonProps, 'variant' | 'size'>;

/** A file fetched with the caller's session and handed to the browser's download, with a failure line. */
export function DownloadButton({
  fetchFile,
  fileName,
  children,
  variant = 'default',
  size,
  'aria-label': ariaLabel,
  failure = () => DOWNLOAD_FAILED,
}: DownloadButtonProps) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const download = () => {
    setLoading(true);
    setFailed(null);
    fetchFile()
      .then(
        (blob) => saveBlob(blob, fileName),
        (error: unknown) => setFailed(failure(error)),
      )
      .finally(() => setLoading(false));
  };
  return (
    <span>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={loading}
        onClick={download}
        aria-label={ariaLabel}
      >
        {children}
      </Button>
      {failed !== null && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {failed}
        </Text>
      )}
    </span>
  );
}
