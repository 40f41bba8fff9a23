import {
  DOWNLOAD_FAILED,
  DownloadButton as FileDownloadButton,
  type DownloadButtonProps,
} from '@/ui/download-button';
import { useAccessFailure } from '../access-context';

/** A file of the referral, fetched with the link's session; an ended session is the access screen's to show. */
export function DownloadButton(props: Omit<DownloadButtonProps, 'failure'>) {
  const handleFailure = useAccessFailure();
  return (
    <FileDownloadButton {...props} failure={(error) => (handleFailure(error) ? null : DOWNLOAD_FAILED)} />
  );
}
