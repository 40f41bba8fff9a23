import { Alert, Box, Button, List, Stack, Text } from '@mantine/core';
import {
  CONSENT_FORM_ACCEPT,
  CONSENT_FORM_ACCEPT_TEXT,
} from '@referrals/domain/external-access/external-access-rules';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadFailureMessage } from '@/lib/upload-failure';
import { SectionCard } from '@/ui/section-card';
import { useAccessFailure, useVerifiedAccess } from '../access-context';
import { getConsentForm, getSignedConsent } from '../api/external-files';
import { uploadSignedConsent } from '../api/patient-attachments';
import { AccessNav } from '../components/access-nav';
import { AccessPage } from '../components/access-page';
import { DownloadButton } from '../components/download-button';
import { FileChoice } from '../components/file-choice';
import { ReferralHeading } from '../components/referral-heading';

const CONSENT_RULES = { accept: [...CONSENT_FORM_ACCEPT], max_files: 1 };

/** Upload the signed copy: a PDF or a photo of the signed page, which the clinic reads with the referral. */
function SignedCopyUpload() {
  const { access, referral, reload } = useVerifiedAccess();
  const handleFailure = useAccessFailure();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [received, setReceived] = useState<string | null>(null);

  const send = async () => {
    const file = files[0];
    if (file === undefined) {
      setFailure('Choose the signed form first.');
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      await uploadSignedConsent(access, { referralId: referral.id, file });
      setFiles([]);
      setReceived(file.name);
      await reload();
    } catch (error) {
      if (!handleFailure(error)) setFailure(uploadFailureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <SectionCard
      title="2. Upload the signed form"
      description="A scan or a clear photo of every page you signed."
    >
      {received !== null && (
        <Alert variant="light" color="green" role="status" icon={<IconCircleCheck size={18} />}>
          {received} was sent to the clinic. Thank you.
        </Alert>
      )}
      <FileChoice
        label="Signed consent form"
        rules={CONSENT_RULES}
        hint={CONSENT_FORM_ACCEPT_TEXT}
        files={files}
        onChange={(chosen) => {
          setFiles(chosen);
          setFailure(undefined);
        }}
        error={failure}
        disabled={sending}
      />
      <Button
        leftSection={<IconUpload size={18} aria-hidden />}
        loading={sending}
        onClick={() => void send()}
        style={{ alignSelf: 'flex-start' }}
      >
        Upload signed form
      </Button>
    </SectionCard>
  );
}

function ConsentSteps() {
  const { access, referral } = useVerifiedAccess();
  const signed = referral.consent.signed_copy_uploaded;
  const signedCopy = referral.attachments
    .filter((file) => file.is_consent_form)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .at(-1);
  return (
    <Stack gap="lg">
      <ReferralHeading />
      <AccessNav current="consent" />
      {signed ? (
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck size={18} />}
          title="Signed copy received"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The clinic has the signed consent form. If you signed it again, you can upload the new copy
              below.
            </Text>
            <DownloadButton
              size="xs"
              fetchFile={() => getSignedConsent(access)}
              fileName={signedCopy?.original_name ?? 'signed-consent-form.pdf'}
            >
              Download the signed copy
            </DownloadButton>
          </Stack>
        </Alert>
      ) : !referral.consent.asked ? (
        <Alert variant="light" color="gray">
          The clinic has not asked for a signed consent form for this referral.
        </Alert>
      ) : null}
      <SectionCard title="1. Download and sign the form">
        <Box>
          <Text mb="xs">The form names the clinic, the patient and what the patient agrees to.</Text>
          <List size="sm" spacing={4}>
            <List.Item>Print it, or fill it in on a tablet.</List.Item>
            <List.Item>The patient, or the person who can consent for them, signs and dates it.</List.Item>
          </List>
        </Box>
        <DownloadButton fetchFile={() => getConsentForm(access)} fileName="consent-form.pdf" variant="filled">
          Download the consent form (PDF)
        </DownloadButton>
      </SectionCard>
      <SignedCopyUpload />
    </Stack>
  );
}

/** /referrals/consent?access=…: the consent form to print and sign, and its signed copy sent back. */
export function ConsentPage() {
  return (
    <AccessPage title="Consent form" purpose="the consent form">
      <ConsentSteps />
    </AccessPage>
  );
}
