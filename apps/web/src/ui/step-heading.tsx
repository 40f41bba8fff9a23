import { Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';

type StepHeadingProps = {
  title: string;
  intro: string;
  /**
   * Makes the title a focus target (by script, not by Tab): a form that moves the focus here on changing
   * page has the new page announced, and the next Tab reaches its first field rather than the page's top.
   */
  ref?: Ref<HTMLHeadingElement>;
};

/** The title and one-line intro of one page of a multi-page form (the referral wizard, the flows). */
export function StepHeading({ title, intro, ref }: StepHeadingProps) {
  const focusTarget = ref !== undefined;
  return (
    <Stack gap={4}>
      <Title
        order={2}
        fz="h3"
        ref={ref}
        tabIndex={focusTarget ? -1 : undefined}
        // A landing place rather than a control: no focus ring.
        style={focusTarget ? { outline: 'none' } : undefined}
      >
        {title}
      </Title>
      <Text c="gray.7" size="sm">
        {intro}
      </Text>
    </Stack>
  );
}
