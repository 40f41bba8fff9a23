import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ExternalReferralSubmitted } from '@referrals/domain/portals/external-referral-schemas';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

const sentAt = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Australia/Sydney',
});

/**
 * The referral went: to whom and when, and what happens next. Nothing about the patient is shown
 * back beyond what the sender typed, and here not even that: the page may be left open on a shared screen.
 */
export function PortalConfirmation({
  submitted,
  onAnother,
}: {
  submitted: ExternalReferralSubmitted;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the sender was on is gone: the focus goes to the news, and a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  const { name } = submitted.establishment;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 40 }}>
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="green">
          <IconCircleCheck size={32} stroke={1.5} />
        </ThemeIcon>
        {/* Focused by the page, not by a person, and not operable: no focus ring (2.4.7 is about controls). */}
        <Title order={1} fz="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Your referral was sent to {name}
        </Title>
        <Text c="gray.7">Sent {sentAt.format(new Date(submitted.referral.submitted_at))}.</Text>
        <Title order={2} fz="h4">
          What happens next
        </Title>
        <List spacing="xs">
          <List.Item>
            {name} reviews the referral and decides how soon the patient needs to be seen.
          </List.Item>
          <List.Item>
            They contact the patient, or you, to arrange an appointment or to ask for more.
          </List.Item>
          <List.Item>
            If the patient’s health gets worse while waiting, see a doctor, or call 000 in an emergency.
          </List.Item>
        </List>
        <Text size="sm" c="gray.7">
          You can close this page. To change something you sent, contact {name} directly.
        </Text>
        <div>
          <Button variant="light" onClick={onAnother}>
            Send another referral
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
