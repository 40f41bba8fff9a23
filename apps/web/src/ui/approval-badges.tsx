import { Badge, Group } from '@mantine/core';

/** Where an establishment stands with the platform: approved or waiting, verified or not (section 3). */
export function ApprovalBadges({ isApproved, isVerified }: { isApproved: boolean; isVerified: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      {/* Dark text on both: the palette's darkest green on its light green reads at 3.8:1, under AA's 4.5. */}
      <Badge color={isApproved ? 'green' : 'yellow'} variant="light" c="dark.7">
        {isApproved ? 'Approved' : 'Waiting for approval'}
      </Badge>
      <Badge color={isVerified ? 'blue' : 'gray'} variant="light" c={isVerified ? 'blue.9' : 'gray.8'}>
        {isVerified ? 'Verified' : 'Not verified'}
      </Badge>
    </Group>
  );
}
