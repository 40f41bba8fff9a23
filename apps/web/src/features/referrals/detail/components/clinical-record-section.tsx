import { Alert, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CLINICAL_SUMMARY_SECTIONS,
  clinicalSummaryLine,
  type ClinicalSummary,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconCircleCheck } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error';
import { DownloadButton } from '@/ui/download-button';
import { SectionCard } from '@/ui/section-card';
import { exportToRecord, useFileToRecord, useFilingProgress } from '../referral-record-filing';
import { Labelled } from './labelled';

function SummaryLists({ summary }: { summary: ClinicalSummary }) {
  const { weight_kg: weight, height_cm: height } = summary.measurements;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {CLINICAL_SUMMARY_SECTIONS.map(({ key, title }) => (
        <Labelled key={key} label={title}>
          {summary[key].length === 0 ? (
            <Text c="gray.7">None recorded</Text>
          ) : (
            <List size="sm" spacing={2}>
              {summary[key].map((item, index) => (
                // Lines have no id of their own; the list is fixed once the referral is read.
                <List.Item key={index}>{clinicalSummaryLine(item)}</List.Item>
              ))}
            </List>
          )}
        </Labelled>
      ))}
      {(weight !== null || height !== null) && (
        <Labelled label="Measurements">
          <Text size="sm">
            {[weight === null ? null : `Weight ${weight} kg`, height === null ? null : `height ${height} cm`]
              .filter(Boolean)
              .join(', ')}
          </Text>
        </Labelled>
      )}
    </SimpleGrid>
  );
}

/**
 * The sender's letter and their clinical record: whether it is filed back there (and the way to file it
 * again when that failed), and the letter as a FHIR document to file by hand.
 */
function FilingPanel({ referral }: { referral: Referral }) {
  useFilingProgress(referral.id);
  const file = useFileToRecord(referral.id);
  const filing = referral.clinical_record_filing;
  const canFile = referral.allowed_actions.includes('file_to_record');
  const fileButton = (label: string) => (
    <Button variant="default" loading={file.isPending} onClick={() => file.mutate()}>
      {label}
    </Button>
  );
  return (
    <Stack gap="xs">
      {filing?.status === 'filed' && (
        <Group gap="xs">
          <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm">
            The letter was filed to your clinical record on{' '}
            {formatDateTime(filing.filed_at ?? filing.requested_at)}.
          </Text>
        </Group>
      )}
      {filing?.status === 'queued' && (
        <Text size="sm" role="status">
          Filing the letter to your clinical record…
        </Text>
      )}
      {filing?.status === 'failed' && (
        <Alert color="orange" variant="light" title="The letter was not filed to your clinical record">
          {filing.error}
        </Alert>
      )}
      {file.isError && (
        <Text size="sm" c="red.8" role="alert">
          {file.error instanceof ApiError && file.error.detail !== undefined
            ? file.error.detail
            : 'The filing could not be started. Please try again.'}
        </Text>
      )}
      <Group gap="xs">
        {canFile && filing === null && fileButton('File the letter to your clinical record')}
        {canFile && filing?.status === 'failed' && fileButton('File again')}
        <DownloadButton fetchFile={() => exportToRecord(referral.id)} fileName="referral-letter.fhir.json">
          Download for your clinical record
        </DownloadButton>
      </Group>
    </Stack>
  );
}

/**
 * The clinical summary a referral started from a clinical record carries (docs/clinical-record.md), as the
 * sender left it, for both sides; the sender also sees the letter's filing back to that record.
 */
export function ClinicalRecordSection({ referral }: { referral: Referral }) {
  const read = referral.clinical_record;
  return (
    <SectionCard
      title="Clinical summary"
      description={
        read === null
          ? undefined
          : `From the sender’s clinical record, read on ${formatDateTime(read.read_at)} and checked by the sender.`
      }
    >
      {referral.clinical_summary !== null && <SummaryLists summary={referral.clinical_summary} />}
      {referral.side === 'sender' && referral.status.value !== 'DRFT' && <FilingPanel referral={referral} />}
    </SectionCard>
  );
}
