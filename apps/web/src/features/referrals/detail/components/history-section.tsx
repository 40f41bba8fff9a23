import { Loader, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import { referralActions, referralStatuses } from '@referrals/domain/referrals/referral-codes';
import type { ReferralHistoryEntry } from '@referrals/domain/referrals/referral-schemas';
import { SectionCard } from '@/ui/section-card';
import { useReferralHistory } from '../referral-history';

function actionText(entry: ReferralHistoryEntry): string {
  if (entry.action === 'create') return 'Created';
  return referralActions.isCode(entry.action) ? referralActions.display(entry.action) : entry.action;
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
