import { Accordion, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { selectorGroups } from '@referrals/domain/people/employment-rules';
import { orderEmployments } from '@referrals/domain/profile/profile-save-rules';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import { IconMailOpened, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { currentEmployment } from '@/lib/profile-display';
import { paths } from '@/lib/paths';
import { useMakePrimary } from '../api/make-primary';
import { useSwitchEstablishment } from '../use-switch-establishment';
import { EmploymentStatusBadge } from '@/ui/employment-status-badge';
import { CreateEstablishmentDialog } from './create-establishment-dialog';
import { EmploymentTable, type EmploymentSlot } from './employment-table';
import { JoinEstablishment } from './join-establishment';
import { LeaveDialog } from './leave-dialog';
import { SectionCard } from '@/ui/section-card';

function Invitations({ invitations }: { invitations: readonly Employment[] }) {
  return (
    <Stack gap="sm">
      {invitations.map((invitation) => (
        <Paper key={invitation.id} withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconMailOpened size={20} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {invitation.establishment.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {invitation.establishment.type.display} · {invitation.establishment.state}
                </Text>
              </div>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <EmploymentStatusBadge status={invitation.status} />
              <Button
                size="xs"
                component={Link}
                to={paths.reviewInvite.getHref(invitation.id)}
                aria-label={`Review the invitation from ${invitation.establishment.name}`}
              >
                Review
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function ClosedEmployments({ closed }: { closed: readonly Employment[] }) {
  // Controlled, and the list drawn only while open: folded away means not there for screen readers either.
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right" value={opened} onChange={setOpened}>
      <Accordion.Item value="closed">
        <Accordion.Control>
          <Text fw={600} size="sm">
            Closed ({closed.length})
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          {opened === 'closed' && (
            <Stack gap="sm">
              {closed.map((employment) => (
                <Group key={employment.id} justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {employment.establishment.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {employment.establishment.type.display} · {employment.establishment.state}
                    </Text>
                  </div>
                  <EmploymentStatusBadge status={employment.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/**
 * Settings > establishments (spec sections 2 Settings sections, 4 Employment, 7): the user's
 * establishments by group, making one current or primary, leaving, managing those they hold, invitations
 * to review, creating and joining another, and the closed ones folded away.
 */
export function EstablishmentSettings({ profile }: { profile: Profile }) {
  const switchEstablishment = useSwitchEstablishment();
  const makePrimary = useMakePrimary();
  const [leaving, setLeaving] = useState<Employment | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const groups = selectorGroups(orderEmployments(profile.employments));
  const invitations = profile.employments.filter((e) => e.status.value === 'INVITED');
  const slots: EmploymentSlot[] = [
    { label: 'Principal', employments: groups.principal, required: true },
    { label: 'Secondary', employments: groups.secondary, required: true },
    { label: 'Professional', employments: groups.professional, required: false },
  ];

  const onMakePrimary = (employment: Employment) =>
    makePrimary.mutate(employment, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Primary establishment changed',
          message: `${employment.establishment.name} is now your primary establishment.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Not changed',
          message:
            error instanceof ApiError && error.detail !== undefined
              ? error.detail
              : `${employment.establishment.name} could not be made primary. Please try again.`,
        }),
    });

  return (
    <>
      <SectionCard
        title="Your establishments"
        description="Your primary and secondary establishments and your professional account. The current one is what the top bar shows and what your lists are for."
      >
        <EmploymentTable
          profile={profile}
          slots={slots}
          currentId={currentEmployment(profile)?.id}
          busyId={makePrimary.isPending ? (makePrimary.variables?.id ?? null) : null}
          onMakeCurrent={(employment) => void switchEstablishment(employment.establishment.id)}
          onMakePrimary={onMakePrimary}
          onLeave={setLeaving}
        />
        {groups.closed.length > 0 && <ClosedEmployments closed={groups.closed} />}
      </SectionCard>
      {invitations.length > 0 && (
        <SectionCard
          title="Invitations"
          description="Establishments that invited you to join them. Review an invitation to accept or decline it."
        >
          <Invitations invitations={invitations} />
        </SectionCard>
      )}
      <SectionCard
        title="Create an establishment"
        description="Set up your practice, clinic or hospital in Referrals. You become its account holder; it is approved by the Referrals team before others can find it."
      >
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create an establishment
          </Button>
        </Group>
      </SectionCard>
      <CreateEstablishmentDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          void navigate(paths.settings.establishment.getHref(created.id));
        }}
      />
      <SectionCard
        title="Join an establishment"
        description="Ask to join a practice, clinic, hospital or department. Its account holder approves the request."
      >
        <JoinEstablishment profile={profile} />
      </SectionCard>
      <LeaveDialog
        employment={leaving}
        onClose={() => setLeaving(null)}
        onLeft={(employment) =>
          notifications.show({
            color: 'green',
            title: employment.status.value === 'REQUESTED' ? 'Request withdrawn' : 'Left the establishment',
            message:
              employment.status.value === 'REQUESTED'
                ? `Your request to join ${employment.establishment.name} was withdrawn.`
                : `You no longer work at ${employment.establishment.name} in Referrals.`,
          })
        }
      />
    </>
  );
}
