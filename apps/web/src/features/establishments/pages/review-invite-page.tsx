import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EMPLOYMENT_PRIORITIES } from '@referrals/domain/people/people-codes';
import { TOO_MANY_EMPLOYMENTS_MESSAGE } from '@referrals/domain/people/employment-rules';
import type { EmploymentInvitation } from '@referrals/domain/people/employment-schemas';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockX,
  IconMailOpened,
  IconMailX,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useAnswerInvitation, type InvitationAnswer } from '../api/answer-invitation';
import { useInvitation } from '../api/get-invitation';
import { useSwitchEstablishment } from '../use-switch-establishment';

const expiryFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

function isExpired(invitation: EmploymentInvitation, now = new Date()): boolean {
  if (invitation.status.value === 'INVITE_EXPIRED') return true;
  const expires = invitation.invite_expires_at;
  return (
    invitation.status.value === 'INVITED' && expires !== null && new Date(expires).getTime() <= now.getTime()
  );
}

function address(place: EmploymentInvitation['establishment']): string {
  return [place.address1, place.city, [place.state, place.postcode].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
}

function Frame({
  icon: FrameIcon,
  color,
  title,
  children,
}: {
  icon: Icon;
  color?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={640}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light" color={color}>
            <FrameIcon size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" c="gray.7" fw={600}>
              Review employment invite
            </Text>
            <Title order={1} fz="h2">
              {title}
            </Title>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const toSettings = (
  <Button component={Link} to={paths.settings.section.getHref('establishments')} variant="default">
    Go to Settings
  </Button>
);

function Establishment({ invitation }: { invitation: EmploymentInvitation }) {
  const place = invitation.establishment;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Text fw={650}>{place.name}</Text>
      <Text size="sm" c="gray.7">
        {place.type.display}
      </Text>
      {address(place) !== '' && (
        <Text size="sm" c="gray.7">
          {address(place)}
        </Text>
      )}
    </Paper>
  );
}

function OpenInvitation({ invitation, id }: { invitation: EmploymentInvitation; id: string }) {
  const answer = useAnswerInvitation(id);
  const send = (choice: InvitationAnswer) => answer.mutate(choice);
  const priority = invitation.priority_on_accept;
  const expires = invitation.invite_expires_at;
  // An expired invitation answers 409 and is read again, showing the expired state; any other refusal
  // (an unverified email address, no free place) stays here with the server's reason.
  const failure = !answer.isError
    ? null
    : answer.error instanceof ApiError && answer.error.detail !== undefined
      ? answer.error.detail
      : 'Your answer could not be sent. Please try again.';
  return (
    <Frame icon={IconMailOpened} title={`Join ${invitation.establishment.name}?`}>
      <Text lh={1.6}>
        {invitation.invited_by ?? 'The account holder'} invited you to work at {invitation.establishment.name}{' '}
        in Referrals.
      </Text>
      <Establishment invitation={invitation} />
      <Stack gap={4}>
        {expires !== null && (
          <Text size="sm">
            <Text span fw={600}>
              Expires:{' '}
            </Text>
            {expiryFormat.format(new Date(expires))}
          </Text>
        )}
        {priority !== null && (
          <Text size="sm">
            <Text span fw={600}>
              Joins as:{' '}
            </Text>
            your {EMPLOYMENT_PRIORITIES[priority].toLowerCase()} establishment
          </Text>
        )}
      </Stack>
      {priority === null && (
        <Alert color="blue" variant="light">
          {TOO_MANY_EMPLOYMENTS_MESSAGE}
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => send('decline')}
          loading={answer.isPending && answer.variables === 'decline'}
          disabled={answer.isPending}
        >
          Decline
        </Button>
        <Button
          onClick={() => send('accept')}
          loading={answer.isPending && answer.variables === 'accept'}
          disabled={answer.isPending || priority === null}
        >
          Accept
        </Button>
      </Group>
    </Frame>
  );
}

function Accepted({ invitation }: { invitation: EmploymentInvitation }) {
  const switchEstablishment = useSwitchEstablishment();
  return (
    <Frame icon={IconCircleCheck} color="green" title="Invitation accepted">
      <Text lh={1.6}>
        You work at {invitation.establishment.name} in Referrals now. Switch to it in the top bar whenever you
        want to see its referrals.
      </Text>
      <Establishment invitation={invitation} />
      <Group justify="flex-end" gap="sm">
        {toSettings}
        <Button onClick={() => void switchEstablishment(invitation.establishment.id)}>
          Switch to {invitation.establishment.name}
        </Button>
      </Group>
    </Frame>
  );
}

/** What an invitation that can no longer be answered says, by its status. */
function closedText(invitation: EmploymentInvitation): { title: string; text: string } {
  const name = invitation.establishment.name;
  switch (invitation.status.value) {
    case 'DECLINED':
      return { title: 'Invitation declined', text: `You declined the invitation to join ${name}.` };
    case 'REVOKED':
      return { title: 'Invitation withdrawn', text: `${name} withdrew this invitation.` };
    case 'INVITE_EXPIRED':
    case 'INVITED':
      return {
        title: 'This invitation has expired',
        text: `Ask the account holder of ${name} to send you a new invitation.`,
      };
    case 'APPROVED':
    case 'UNVERIFIED':
    case 'REQUESTED':
    case 'FINISHED':
    case 'REJECTED':
      return {
        title: 'Already answered',
        text: `This invitation to join ${name} has already been answered (${invitation.status.display}).`,
      };
  }
}

/**
 * Review Employment Invite at /review-invite/:id (spec section 2): the establishment, who invited and until
 * when, then Accept or Decline; an expired or answered invitation says so, and an unknown one is not found.
 */
export function ReviewInvitePage() {
  const id = useParams().id ?? '';
  const invitation = useInvitation(id);

  if (invitation.isPending) return <Loader aria-label="Loading the invitation" />;
  if (invitation.isError) {
    const missing = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <Frame icon={IconMailX} color="gray" title={missing ? 'Invitation not found' : 'Something went wrong'}>
        <Text lh={1.6}>
          {missing
            ? 'This invitation does not exist, or it was sent to another account. Check that you are signed in with the email address the invitation went to.'
            : 'The invitation could not be loaded. Please try again.'}
        </Text>
        <Group justify="flex-end">{toSettings}</Group>
      </Frame>
    );
  }
  const data = invitation.data;
  if (data.status.value === 'INVITED' && !isExpired(data))
    return <OpenInvitation invitation={data} id={id} />;
  if (data.status.value === 'APPROVED') return <Accepted invitation={data} />;
  const { title, text } = closedText(data);
  return (
    <Frame icon={isExpired(data) ? IconClockX : IconMailX} color="gray" title={title}>
      <Text lh={1.6}>{text}</Text>
      <Establishment invitation={data} />
      <Group justify="flex-end">{toSettings}</Group>
    </Frame>
  );
}
