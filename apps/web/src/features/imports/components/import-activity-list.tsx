import { Loader, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import type { ImportActivity } from '@referrals/domain/imports/import-schemas';
import { useImportActivity } from '../import-calls';

/** An activity row in words, with its particulars: who it was assigned to, why it was dismissed. */
function entryTitle(entry: ImportActivity): string {
  const { detail, action } = entry;
  if (action.value === 'assigned' && detail.assignee) return `${action.display} to ${detail.assignee}`;
  if (action.value === 'dismissed' && detail.dismissed_reason) {
    const reason = detail.other_dismissed_reason
      ? `${detail.dismissed_reason} (${detail.other_dismissed_reason})`
      : detail.dismissed_reason;
    return `${action.display}: ${reason}`;
  }
  return action.display;
}

/** Who did what to the item, newest first (`import/activity/`). */
export function ImportActivityList({ itemId }: { itemId: string }) {
  const activity = useImportActivity(itemId);
  if (activity.isPending) return <Loader size="sm" aria-label="Loading the activity" />;
  if (activity.isError) return <Text role="alert">The activity could not be loaded. Please try again.</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2}>
      {activity.data.results.map((entry) => {
        return (
          <Timeline.Item key={entry.id} title={entryTitle(entry)}>
            <Text size="sm" c="gray.7">
              {entry.actor?.name ?? 'Mail intake'} · {formatDateTime(entry.occurred_at)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
