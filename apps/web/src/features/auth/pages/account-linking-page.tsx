import { Alert, Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { dismissAccountLinking } from '../account-linking-dismissal';
import { useSingleSignOnStatus, useStartSingleSignOnLink } from '../api/single-sign-on';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicPageFrame>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={640}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconLink size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={1} fz="h2">
              {title}
            </Title>
          </Group>
          {children}
        </Stack>
      </Paper>
    </PublicPageFrame>
  );
}

/**
 * Account linking for users whose address belongs to a health organisation (spec section 2, conditional
 * route; section 7: initiate-sso). 'Link my account' starts linking and opens Login in
 * email-and-password-only mode; signing in there with this account's password makes the link.
 */
export function AccountLinkingPage() {
  const navigate = useNavigate();
  const status = useSingleSignOnStatus();
  const start = useStartSingleSignOnLink();
  const [error, setError] = useState<string | null>(null);
  const toDashboard = () => void navigate(paths.home.getHref(), { replace: true });

  if (status.isPending) {
    return (
      <Frame title="Link your account">
        <Loader aria-label="Checking your account" />
      </Frame>
    );
  }
  if (status.isError) {
    return (
      <Frame title="Link your account">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          Your account could not be checked. Please try again.
        </Alert>
        <Group>
          <Button onClick={() => void status.refetch()}>Try again</Button>
        </Group>
      </Frame>
    );
  }

  const { health_organisation: organisation, linked_at: linkedAt, email } = status.data;
  if (organisation === null || !status.data.sso_linking_available) {
    return (
      <Frame title="Link your account">
        <Text lh={1.6}>
          Account linking is for clinicians whose Referrals address is a health-organisation address, such as
          name@health.nsw.gov.au. Your address, {email}, is not one, so there is nothing to link.
        </Text>
        <Group>
          <Button onClick={toDashboard}>Go to the dashboard</Button>
        </Group>
      </Frame>
    );
  }
  if (linkedAt !== null) {
    return (
      <Frame title="Your account is linked">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={22} stroke={1.6} color="var(--mantine-color-green-7)" />
          <Text>
            Your Referrals account is linked to {organisation.display} single sign-on since{' '}
            {new Date(linkedAt).toLocaleDateString('en-AU', {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
            .
          </Text>
        </Group>
        <Group>
          <Button onClick={toDashboard}>Go to the dashboard</Button>
        </Group>
      </Frame>
    );
  }

  const link = () => {
    setError(null);
    start.mutate(undefined, {
      onSuccess: ({ login_url: loginUrl }) => void navigate(loginUrl),
      onError: () => setError('Linking could not be started. Please try again.'),
    });
  };
  return (
    <Frame title="Link your account">
      <Text lh={1.6}>
        Your address, {email}, belongs to <strong>{organisation.display}</strong>. Link your Referrals account
        to your organisation&apos;s single sign-on so that this account is the one you reach from your
        organisation.
      </Text>
      <List spacing="xs" size="sm">
        <List.Item>You confirm the account by signing in once more with its email and password.</List.Item>
        <List.Item>Your referrals, patients and settings stay as they are.</List.Item>
      </List>
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => {
            dismissAccountLinking();
            toDashboard();
          }}
        >
          Not now
        </Button>
        <Button onClick={link} loading={start.isPending} leftSection={<IconLink size={16} />}>
          Link my account
        </Button>
      </Group>
    </Frame>
  );
}
