import { Loader, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import { referralActions, referralStatuses } from '@referrals/domain/referrals/referral-codes';
import type { ReferralHistoryEntry } from '@referrals/domain/referrals/referral-schemas';
import { SectionCard } from '@/ui/section-card';
import { useReferralHistory } from '../referral-history';

/** History rows that are not a lifecycle action (the server's own names for edits and files). */
const OTHER_ENTRIES: Record<string, string> = {
  create: 'Created',
  'referral.create': 'Created',
  update: 'Draft edited',
  'forms.update': 'Form edited',
  'attachment.create': 'Attachment added',
  'attachment.update': 'Attachment note changed',
  'attachment.delete': 'Attachment deleted',
  reschedule_draft: 'Reschedule draft saved',
  'vitro_episode_id.update': 'Episode id set',
};

function actionText(entry: ReferralHistoryEntry): string {
  const other = OTHER_ENTRIES[entry.action];
  if (other !== undefined) return other;
  return referralActions.isCode(entry.action) ? referralActions.display(entry.action) : entry.action;
}

/** Which list a file went to or left; the history keeps no file names, they can name the patient. */
function attachmentKind(entry: ReferralHistoryEntry): string | null {
  const kind = entry.detail.kind;
  return entry.action.startsWith('attachment.') && typeof kind === 'string' ? `${kind} attachments` : null;
}

function statusText(code: string | null): string | null {
  return code !== null && referralStatuses.isCode(code) ? referralStatuses.display(code) : code;
}

/** What happened to the referral, oldest first, as both sides see it (referral-lifecycle.md). */
export function HistorySection({ referralId }: { referralId: string }) {
  const history = useReferralHistory(referralId);
  return (
    <SectionCard title="History">
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading the history" />
      ) : history.isError ? (
        <Text role="alert">The history could not be loaded. Please try again.</Text>
      ) : history.data.length === 0 ? (
        <Text c="gray.7">Nothing recorded yet.</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={history.data.length - 1}>
          {history.data.map((entry) => {
            const from = statusText(entry.from_status);
            const to = statusText(entry.to_status);
            return (
              <Timeline.Item key={entry.id} title={actionText(entry)}>
                <Text size="sm" c="gray.7">
                  {[entry.actor?.name, entry.establishment?.name].filter(Boolean).join(', ') || 'System'}
                  {' · '}
                  {formatDateTime(entry.occurred_at)}
                </Text>
                {attachmentKind(entry) !== null && <Text size="sm">In {attachmentKind(entry)}</Text>}
                {from !== to && (
                  <Text size="sm">{from === null ? `Status ${to ?? ''}` : `${from} → ${to ?? ''}`}</Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </SectionCard>
  );
}
