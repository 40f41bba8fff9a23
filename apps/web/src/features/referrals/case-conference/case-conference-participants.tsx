import { Badge, Group, Text } from '@mantine/core';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';

const statusColour = { joined: 'green', invited: 'blue', left: 'gray' } as const;

/** Who is in the conference, on which side, and whether they have joined, are invited or left. */
export function CaseConferenceParticipants({ conference }: { conference: CaseConference }) {
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label="People in this case conference"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {conference.participants.map((participant) => (
        <Group key={participant.user.id} component="li" gap={6} wrap="wrap">
          <Text size="sm" fw={participant.is_you ? 650 : undefined}>
            {participant.is_you ? `${participant.user.name} (you)` : participant.user.name}
          </Text>
          <Text size="xs" c="gray.7">
            {participant.establishment.name}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={
              participant.is_owner
                ? 'violet'
                : (statusColour[participant.status.value as keyof typeof statusColour] ?? 'gray')
            }
          >
            {participant.is_owner ? 'Started it' : participant.status.display}
          </Badge>
        </Group>
      ))}
    </Group>
  );
}
