import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import { referralKind, referralTypes } from '@referrals/domain/referrals/referral-codes';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { referralPatientName } from '../referral-display';

const STATUS_COLORS: Record<string, string> = {
  DRFT: 'gray',
  SBMT: 'blue',
  UPDT: 'blue',
  VWD: 'violet',
  ACPT: 'teal',
  SCHDL: 'green',
  WLST: 'yellow',
  RTRN: 'orange',
  FWRD: 'cyan',
};

/** The referral's patient, status label, type and dates, with the back link when `returnURL` gave one. */
export function ReferralHeader({ referral, backTo }: { referral: Referral; backTo: string | null }) {
  const facts = [
    referralTypes.isCode(referral.type) ? referralTypes.display(referral.type) : referral.type,
    referral.submitted_at !== null ? `Submitted ${formatDate(referral.submitted_at)}` : null,
    referral.expires_at !== null ? `Valid until ${formatDate(referral.expires_at)}` : null,
    referral.is_archived ? 'Archived' : null,
    referral.is_deleted ? 'In Deleted Items' : null,
    referral.side === 'shared' ? 'Shared with you (read only)' : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Stack gap={6}>
      {backTo !== null && (
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back
          </Group>
        </Anchor>
      )}
      <Group gap="sm" align="center">
        <Title order={1} fz="h2">
          {referralKind(referral.type)} for {referralPatientName(referral)}
        </Title>
        <Badge size="lg" variant="light" color={STATUS_COLORS[referral.status.value] ?? 'gray'}>
          {referral.status.display}
        </Badge>
      </Group>
      <Text c="gray.7">{facts.join(' · ')}</Text>
    </Stack>
  );
}
