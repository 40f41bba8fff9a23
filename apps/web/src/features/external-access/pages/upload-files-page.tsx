import { Alert, Button, Loader, Stack, Text, Textarea } from '@mantine/core';
import { DEFAULT_ATTACHMENT_ACCEPT_TEXT } from '@referrals/domain/referrals/forms/attachment-types';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFailureMessage } from '@/lib/upload-failure';
import { SectionCard } from '@/ui/section-card';
import { useAccessFailure, useQueryAccessFailure, useVerifiedAccess } from '../access-context';
import {
  patientAttachmentsQueryOptions,
  uploadPatientAttachment,
  usePatientAttachments,
} from '../api/patient-attachments';
import { AccessNav } from '../components/access-nav';
import { AccessPage } from '../components/access-page';
import { FileChoice } from '../components/file-choice';
import { FileList } from '../components/file-list';
import { ReferralHeading } from '../components/referral-heading';

/** At most this many files in one send; the referral takes 20 such files in all (the server counts). */
const FILES_AT_ONCE = 5;
// The note of a referral attachment (AttachmentMetaSchema).
const NOTE_MAX = 2000;

/** Files for the clinic, with a note: each sent on its own, each saying how it went. */
function SendFilesForm() {
  const { access, referral, reload } = useVerifiedAccess();
  const handleFailure = useAccessFailure();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [sent, setSent] = useState<string[]>([]);

  const send = async () => {
    if (files.length === 0) {
      setFailures(['Choose at least one file to send.']);
      return;
    }
    setSending(true);
    setFailures([]);
    setSent([]);
    const refused: File[] = [];
    const messages: string[] = [];
    const done: string[] = [];
    for (const file of files) {
      try {
        await uploadPatientAttachment(access, { referralId: referral.id, file, note: note.trim() });
        done.push(file.name);
      } catch (error) {
        if (handleFailure(error)) {
          setSending(false);
          return;
        }
        refused.push(file);
        messages.push(`${file.name}: ${uploadFailureMessage(error)}`);
      }
    }
    setFiles(refused);
    if (refused.length === 0) setNote('');
    setFailures(messages);
    setSent(done);
    setSending(false);
    await queryClient.invalidateQueries({ queryKey: patientAttachmentsQueryOptions(access).queryKey });
    await reload();
  };

  return (
    <SectionCard
      title="Send files to the clinic"
      description="Letters, test results or images the clinic should see with this referral. The clinic reads them; they cannot be changed or removed once sent."
    >
      <FileChoice
        label="Files"
        rules={{ max_files: FILES_AT_ONCE }}
        hint={DEFAULT_ATTACHMENT_ACCEPT_TEXT}
        files={files}
        onChange={(chosen) => {
          setFiles(chosen);
          setFailures([]);
        }}
        disabled={sending}
      />
      <Textarea
        label="Note for the clinic"
        description="Optional. What the files are, for example “Blood test from 3 March”."
        autosize
        minRows={2}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        disabled={sending}
      />
      {failures.map((message) => (
        <Text key={message} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
      {sent.length > 0 && (
        <Alert variant="light" color="green" role="status" icon={<IconCircleCheck size={18} />}>
          Sent to the clinic: {sent.join(', ')}.
        </Alert>
      )}
      <Button
        leftSection={<IconSend size={18} aria-hidden />}
        loading={sending}
        onClick={() => void send()}
        style={{ alignSelf: 'flex-start' }}
      >
        Send files
      </Button>
    </SectionCard>
  );
}

/** What has been sent back through the referral's links, oldest first. */
function SentFiles() {
  const { access } = useVerifiedAccess();
  const list = usePatientAttachments(access);
  useQueryAccessFailure(list.error);
  return (
    <SectionCard title="Files sent so far">
      {list.isPending && <Loader size="sm" aria-label="Loading the files sent" />}
      {list.isError && (
        <Text c="red.8" role="alert">
          The files could not be listed. Please reload the page.
        </Text>
      )}
      {list.data?.length === 0 && <Text c="gray.7">Nothing has been sent yet.</Text>}
      {list.data !== undefined && list.data.length > 0 && <FileList files={list.data} label="Files sent" />}
    </SectionCard>
  );
}

/** /referrals/upload-files?access=…: files for the clinic, with a note, and the list of what was sent. */
export function UploadFilesPage() {
  return (
    <AccessPage title="Send files" purpose="the files sent to the clinic">
      <Stack gap="lg">
        <ReferralHeading />
        <AccessNav current="files" />
        <SendFilesForm />
        <SentFiles />
      </Stack>
    </AccessPage>
  );
}
