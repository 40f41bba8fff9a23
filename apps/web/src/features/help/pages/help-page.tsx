import { Accordion, Anchor, Image, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { searchHelp } from '../help-guides';
import { SupportRequestForm } from '../support-request-form';

/** Where the Help Desk was opened from: the top bar's link passes the screen's path. */
function cameFrom(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
    ? state.from
    : undefined;
}

/**
 * Help Desk at /help (spec section 2; docs/help-desk.md): guides for each main screen and answers to
 * common questions, found by any word in them, and a request to the support team.
 */
export function HelpPage() {
  const { supportEmail } = getRuntimeConfig();
  const from = cameFrom(useLocation().state);
  const [query, setQuery] = useState('');
  const found = searchHelp(query);
  const nothing = found.guides.length === 0 && found.answers.length === 0;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Help Desk
        </Title>
        <Text c="gray.7">Guides for each screen, answers to common questions, and our support team.</Text>
      </Stack>
      <TextInput
        label="Search the guides"
        placeholder="For example: triage, draft, report"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={560}
      />
      {nothing && (
        <Text role="status">
          Nothing in the guides matches “{query.trim()}”. Try another word, or ask our support team below.
        </Text>
      )}
      {found.guides.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="help-guides-title">
          <Title order={2} fz="h4" id="help-guides-title">
            Guides
          </Title>
          <Accordion variant="separated" radius="md">
            {found.guides.map((guide) => (
              <Accordion.Item key={guide.id} value={guide.id}>
                <Accordion.Control>
                  <Text fw={600}>{guide.title}</Text>
                  <Text size="sm" c="gray.7">
                    {guide.summary}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <List type="ordered" spacing={4}>
                      {guide.steps.map((step) => (
                        <List.Item key={step}>{step}</List.Item>
                      ))}
                    </List>
                    <Image
                      src={guide.screenshot.src}
                      alt={guide.screenshot.alt}
                      radius="sm"
                      maw={760}
                      loading="lazy"
                      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                    />
                    <Anchor component={Link} to={guide.href}>
                      Open this screen
                    </Anchor>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
      {found.answers.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="help-answers-title">
          <Title order={2} fz="h4" id="help-answers-title">
            Common questions
          </Title>
          <Accordion variant="separated" radius="md">
            {found.answers.map((answer) => (
              <Accordion.Item key={answer.id} value={answer.id}>
                <Accordion.Control>{answer.question}</Accordion.Control>
                <Accordion.Panel>{answer.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
      <SupportRequestForm page={from} />
      <Text size="sm" c="gray.7">
        You can also write to us at{' '}
        <Anchor href={`mailto:${supportEmail}`} underline="always">
          {supportEmail}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
