import { Stack, Text, Title } from '@mantine/core';

/** The title and one-line intro of one page of a multi-page form (the referral wizard, the flows). */
export function StepHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Text c="gray.7" size="sm">
        {intro}
      </Text>
    </Stack>
  );
}
