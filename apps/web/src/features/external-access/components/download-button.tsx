import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '@/lib/save-blob';
import { useAccessFailure } from '../access-context';

type DownloadButtonProps = {
  /** Fetches the file: it sits behind the session header, so it cannot be a plain link. */
  fetchFile: () => Promise<Blob>;
  fileName: string;
  children: string;
  /** Names the file for screen readers when the visible text is short ("Download"). */
  'aria-label'?: string;
} & Pick<ButtonProps, 'variant' | 'size'>;

/** A file of the referral, fetched with the link's session and handed to the browser's download. */
export function DownloadButton({
  fetchFile,
  fileName,
  children,
  variant = 'default',
  size,
  'aria-label': ariaLabel,
}: DownloadButtonProps) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const handleFailure = useAccessFailure();
  const download = () => {
    setState('loading');
    fetchFile().then(
      (blob) => {
        saveBlob(blob, fileName);
        setState('idle');
      },
      (error: unknown) => setState(handleFailure(error) ? 'idle' : 'failed'),
    );
  };
  return (
    <span>
      <Button
        variant={variant}
        size={size}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={state === 'loading'}
        onClick={download}
        aria-label={ariaLabel}
      >
        {children}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          The file could not be downloaded. Please try again.
        </Text>
      )}
    </span>
  );
}
