import { Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingHospital,
  IconConfetti,
  IconId,
  IconSignature,
  IconUserCheck,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { getRuntimeConfig } from '@/lib/runtime-config';

const STEPS = [
  { icon: IconId, text: 'Your details and professional registration (AHPRA and provider numbers)' },
  { icon: IconBuildingHospital, text: 'The practice or establishment you work at' },
  { icon: IconSignature, text: 'Your signature for the referrals you send' },
];

function WelcomeFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={760}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconConfetti size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function RegistrationSteps() {
  return (
    <Stack gap="xs">
      <Text fw={600}>It takes about five minutes. You will be asked for:</Text>
      <List spacing="xs" center>
        {STEPS.map(({ icon: StepIcon, text }) => (
          <List.Item
            key={text}
            icon={
              <ThemeIcon size={26} radius="xl" variant="light">
                <StepIcon size={15} />
              </ThemeIcon>
            }
          >
            {text}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function GetStarted() {
  return (
    <Group>
      <Button
        component={Link}
        to={paths.registration.getHref()}
        size="md"
        rightSection={<IconArrowRight size={18} />}
      >
        Get started
      </Button>
    </Group>
  );
}

/** The variant shown while the new practice-manager sub-roles flag is off: a short introduction. */
function ClassicWelcome({ firstName }: { firstName: string }) {
  return (
    <WelcomeFrame title={`Welcome to Referrals, ${firstName}`}>
      <Text lh={1.6}>
        Referrals lets you send, receive and track referrals between practices, specialists and hospitals.
        Before you start, set up your account.
      </Text>
      <RegistrationSteps />
      <GetStarted />
    </WelcomeFrame>
  );
}

/**
 * The variant with the new practice-manager sub-roles flag on: it also explains that the practice manager
 * is usually the account holder, who approves the practice's staff.
 */
function PracticeManagerWelcome({ firstName }: { firstName: string }) {
  return (
    <WelcomeFrame title={`Welcome to Referrals, ${firstName}`}>
      <Text lh={1.6}>
        Referrals lets you send, receive and track referrals between practices, specialists and hospitals.
        Before you start, set up your account.
      </Text>
      <RegistrationSteps />
      <Paper radius="md" p="md" bg="var(--mantine-primary-color-light)">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconUsersGroup size={22} stroke={1.6} style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={6}>
            <Text fw={600}>Practice managers: you are usually the account holder</Text>
            <Text size="sm" lh={1.6}>
              The account holder looks after the practice in Referrals. When GPs and staff choose your
              practice at registration, you confirm that they work there, decide who may send referrals and
              who sees the shared inbox and outbox, and keep the practice details up to date. If you are an
              office manager or administration clerk, choose that as your sub-role.
            </Text>
            <Text size="sm" lh={1.6}>
              Clinicians: your access is confirmed by your practice&apos;s account holder. Until then you can
              still set up your profile.
            </Text>
          </Stack>
        </Group>
      </Paper>
      <GetStarted />
    </WelcomeFrame>
  );
}

/** Welcome (spec section 2): one of two onboarding screens, chosen by the new practice-manager sub-roles flag. */
export function WelcomePage() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  if (profile.registration_completed) {
    return (
      <WelcomeFrame title={`Welcome back, ${profile.first_name}`}>
        <Group gap="sm" wrap="nowrap">
          <IconUserCheck size={22} stroke={1.6} color="var(--mantine-color-green-7)" />
          <Text>Your registration is complete.</Text>
        </Group>
        <Group>
          <Button component={Link} to={paths.home.getHref()} rightSection={<IconArrowRight size={18} />}>
            Go to the dashboard
          </Button>
        </Group>
      </WelcomeFrame>
    );
  }
  return getRuntimeConfig().flags.newPracticeManagerSubRoles ? (
    <PracticeManagerWelcome firstName={profile.first_name} />
  ) : (
    <ClassicWelcome firstName={profile.first_name} />
  );
}
