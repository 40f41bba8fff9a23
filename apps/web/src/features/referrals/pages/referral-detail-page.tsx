import { Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useReferral } from '../api/get-referral';
import { CaseConferenceOnly } from '../case-conference/case-conference-only';
import { CaseConferenceSection } from '../case-conference/case-conference-section';
import { AttachmentsSection } from '../detail/components/attachments-section';
import { ClinicalRecordSection } from '../detail/components/clinical-record-section';
import { FormsSection } from '../detail/components/forms-section';
import { HistorySection } from '../detail/components/history-section';
import { LetterButtons } from '../detail/components/letter-buttons';
import { MedicationOrderSection } from '../detail/components/medication-order-section';
import { MessageSection } from '../detail/components/message-section';
import { PartiesSection } from '../detail/components/parties-section';
import { ReferralActionBar } from '../detail/components/referral-action-bar';
import { ReferralHeader } from '../detail/components/referral-header';
import { PatientLinkPanel } from '../detail/components/patient-link-panel';
import { ReferralNotFound } from '../detail/components/referral-not-found';
import { StickyNotesSection } from '../detail/components/sticky-notes-section';
import { TagsSection } from '../detail/components/tags-section';
import { VerificationCodePanel } from '../detail/components/verification-code-panel';
import { safeReturnUrl } from '../detail/return-url';
import { ReferralReportsSection } from '../reports/referral-reports-section';
import { useMarkViewed } from '../detail/use-mark-viewed';

/** Why no case conference can be started on the referral by this side, or null when one can. */
function conferenceUnavailable(referral: Referral): string | null {
  if (referral.side === 'shared') {
    return 'Only the referring and the receiving establishments start a case conference on a referral.';
  }
  if (referral.status.value === 'DRFT') return 'A case conference can be started once the referral is sent.';
  if (referral.to_establishment?.case_conferences_enabled !== true) {
    return 'The receiving establishment does not hold case conferences.';
  }
  return null;
}

/**
 * One referral at /referrals/:id (spec section 2): who it is about and between, its status, message,
 * forms, attachments and history, and the buttons for the actions this side may take now. Switching
 * establishment here is refused by the selector (switch-refusal.ts matches this path).
 */
export function ReferralDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const referral = useReferral(id);
  useMarkViewed(referral.data);
  const conferences = getRuntimeConfig().flags.caseConferences;
  const conferenceTab = conferences && params.get('tab') === 'conference';

  if (referral.isPending) return <Loader aria-label="Loading the referral" />;
  if (referral.isError) {
    if (referral.error instanceof ApiError && referral.error.status === 404) {
      // A colleague invited to the conference may take part without seeing the referral itself.
      return conferenceTab ? <CaseConferenceOnly referralId={id} /> : <ReferralNotFound />;
    }
    return (
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Text role="alert">The referral could not be loaded. Please try again.</Text>
      </Paper>
    );
  }
  const record = referral.data;
  return (
    <Stack gap="lg" maw={1080}>
      <ReferralHeader referral={record} backTo={safeReturnUrl(params.get('returnURL'))} />
      <Group gap="xs" justify="space-between" align="flex-start">
        <ReferralActionBar referral={record} />
        <Group gap="xs">
          <LetterButtons referralId={record.id} />
        </Group>
      </Group>
      <PartiesSection referral={record} />
      <MessageSection referral={record} />
      {record.clinical_summary !== null && <ClinicalRecordSection referral={record} />}
      {record.medication_order !== null && <MedicationOrderSection order={record.medication_order} />}
      <FormsSection referralId={record.id} />
      <AttachmentsSection referral={record} />
      <ReferralReportsSection referral={record} focus={params.has('report')} />
      {conferences && (
        <CaseConferenceSection
          referralId={record.id}
          unavailable={conferenceUnavailable(record)}
          focus={conferenceTab}
        />
      )}
      {/* The code proves holding the sender's referral: the sender side shows it once it is submitted. */}
      {record.side === 'sender' && record.status.value !== 'DRFT' && (
        <VerificationCodePanel referralId={record.id} />
      )}
      {/* Either side may send the patient their own link once the referral is sent; a reader may not. */}
      {record.side !== 'shared' && record.status.value !== 'DRFT' && (
        <PatientLinkPanel referralId={record.id} />
      )}
      {/* A shared-with reader has no tags or notes of its own on it (referral-annotation-schemas.ts). */}
      {record.side !== 'shared' && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TagsSection referral={record} />
          <StickyNotesSection referral={record} />
        </SimpleGrid>
      )}
      <HistorySection referralId={record.id} />
    </Stack>
  );
}
