import { Loader, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import type { ImportActivity } from '@referrals/domain/imports/import-schemas';
import { useImportActivity } from '../import-calls';

/** The particulars an activity row carries, in words: who it was assigned to, why it was dismissed. */
function particulars(entry: ImportActivity): string | null {
  const { detail } = entry;
  if (entry.action.value === 'assigned' && detail.assignee) return `to ${detail.assignee}`;
  if (entry.action.value === 'dismissed' && detail.reason) return detail.reason;
  return null;
}

/** Who did what to the item, newest first (`import/activity/`). */
export function ImportActivityList({ itemId }: { itemId: string }) {
  const activity = useImportActivity(itemId);
  if (activity.isPending) return <Loader size="sm" aria-label="Loading the activity" />;
  if (activity.isError) return <Text role="alert">The activity could not be loaded. Please try again.</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label="Activity">
      {activity.data.results.map((entry) => {
        const more = particulars(entry);
        return (
          <Timeline.Item
            key={entry.id}
            title={more === null ? entry.action.display : `${entry.action.display} ${more}`}
          >
            <Text size="sm" c="gray.7">
              {entry.actor?.name ?? 'Mail intake'} · {formatDateTime(entry.occurred_at)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
