import { Badge, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronRight,
  IconFileUpload,
  IconReportMedical,
  IconSignature,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useVerifiedAccess } from '../access-context';

type Step = {
  title: string;
  text: string;
  href: string;
  icon: Icon;
  badge?: { label: string; color: string };
};

function StepCard({ step }: { step: Step }) {
  const StepIcon = step.icon;
  return (
    <UnstyledButton
      component={Link}
      to={step.href}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper withBorder radius="md" p="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <StepIcon
            size={24}
            aria-hidden
            style={{ flexShrink: 0, color: 'var(--mantine-primary-color-filled)' }}
          />
          <Stack gap={4} style={{ flex: 1 }}>
            <Text fw={600}>{step.title}</Text>
            <Text size="sm" c="gray.7">
              {step.text}
            </Text>
            {step.badge !== undefined && (
              <Badge variant="light" color={step.badge.color} tt="none" radius="sm">
                {step.badge.label}
              </Badge>
            )}
          </Stack>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** What else the link opens: the consent form (when asked for), sending files, and the reports. */
export function NextSteps() {
  const { access, referral } = useVerifiedAccess();
  const reports = referral.reports.length;
  const steps: Step[] = [
    ...(referral.consent.asked
      ? [
          {
            title: 'Consent form',
            text: 'Download the form, sign it and upload the signed copy.',
            href: paths.public.consent.getHref(access.token),
            icon: IconSignature,
            badge: referral.consent.signed_copy_uploaded
              ? { label: 'Signed copy received', color: 'green' }
              : { label: 'Waiting for the signed form', color: 'orange' },
          },
        ]
      : []),
    {
      title: 'Send files to the clinic',
      text: 'Letters, results or images the clinic should see, with a note.',
      href: paths.public.uploadFiles.getHref(access.token),
      icon: IconFileUpload,
    },
    {
      title: 'Clinical reports',
      text:
        reports === 0
          ? 'No report yet. Reports the clinic sends you appear here.'
          : `${reports === 1 ? 'One report' : `${reports} reports`} from the clinic.`,
      href: paths.public.externalClinicalReports.getHref(access.token),
      icon: IconReportMedical,
      ...(reports > 0
        ? { badge: { label: reports === 1 ? '1 report' : `${reports} reports`, color: 'blue' } }
        : {}),
    },
  ];
  return (
    <section aria-labelledby="next-steps-heading">
      <Stack gap="sm">
        <Text component="h2" id="next-steps-heading" fw={700} fz="h4" m={0}>
          What you can do
        </Text>
        <SimpleGrid cols={{ base: 1, sm: steps.length === 3 ? 3 : 2 }} spacing="sm">
          {steps.map((step) => (
            <StepCard key={step.title} step={step} />
          ))}
        </SimpleGrid>
      </Stack>
    </section>
  );
}
