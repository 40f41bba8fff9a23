import { Badge, Group } from '@mantine/core';

/** Where an establishment stands with the platform: approved or waiting, verified or not (section 3). */
export function ApprovalBadges({ isApproved, isVerified }: { isApproved: boolean; isVerified: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={isApproved ? 'green' : 'yellow'} variant="light" c={isApproved ? 'green.9' : 'dark.7'}>
        {isApproved ? 'Approved' : 'Waiting for approval'}
      </Badge>
      <Badge color={isVerified ? 'blue' : 'gray'} variant="light" c={isVerified ? 'blue.9' : 'gray.8'}>
        {isVerified ? 'Verified' : 'Not verified'}
      </Badge>
    </Group>
  );
}
