import { ComingSoon } from '@/ui/coming-soon';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { IconUpload } from '@tabler/icons-react';

/** Referral file upload (spec section 2). */
export function UploadFilesPage() {
  return (
    <PublicPageFrame>
      <ComingSoon
        title="Upload files for a referral"
        icon={IconUpload}
        description="Add the documents a health service asked for to your referral, such as letters or test results, up to 5 MB each."
        plannedFeatures={['Upload PDF and image files', 'See which files were received']}
      />
    </PublicPageFrame>
  );
}
