import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { InvitedCaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import { UNREAD_COUNTER_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { formatDate, formatDateTime } from '@referrals/domain/dates';
import type { CaseConferenceListStatus, ReferralBox } from '@referrals/domain/referrals/referral-lists';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';

const blank = (
  <Text span size="sm" c="gray.7">
    —
  </Text>
);

function dateCell(instant: string | null, format: (instant: string) => string) {
  return instant === null ? (
    blank
  ) : (
    <Text size="sm" fw="inherit" style={{ whiteSpace: 'nowrap' }}>
      {format(instant)}
    </Text>
  );
}

// The conference's own copy of the patient: an invited colleague who cannot open the referral still sees
// whom it is about. 'No patient' as the conference archive says for a referral without one.
const patientName = ({ referral: { patient } }: InvitedCaseConference) =>
  patient === null ? 'No patient' : `${patient.first_name} ${patient.last_name}`.trim();

/** The establishment on the other side: who referred it (inbox) or where it went (outbox). */
const otherEstablishment = (box: ReferralBox, { referral }: InvitedCaseConference) =>
  (box === 'inbox' ? referral.from_establishment : referral.to_establishment)?.name;

/**
 * The unread messages after the patient's name. The badge shows "3 unread"; its name says what is unread,
 * as the UnreadDot of the referral lists is an image with a name.
 */
function UnreadBadge({ count }: { count: number }) {
  const text = capCount(count, UNREAD_COUNTER_CAP);
  return (
    <Badge role="img" aria-label={`${text} unread messages`} size="sm" radius="sm" tt="none">
      {`${text} unread`}
    </Badge>
  );
}

type CaseConferenceTableProps = {
  box: ReferralBox;
  status: CaseConferenceListStatus;
  conferences: readonly InvitedCaseConference[];
};

/**
 * A page of case conferences: the patient (opening the referral's conference tab), the other establishment,
 * the caller's part, when it ends or closed, and the last activity. Rows with unread messages are bold.
 */
export function CaseConferenceTable({ box, status, conferences }: CaseConferenceTableProps) {
  const { pathname } = useLocation();
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={860}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Patient</Table.Th>
            <Table.Th>{box === 'inbox' ? 'From' : 'To'}</Table.Th>
            <Table.Th>Your part</Table.Th>
            <Table.Th>{status === 'active' ? 'Ends' : 'Closed'}</Table.Th>
            <Table.Th>Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {conferences.map((item) => {
            const unread = item.unread > 0;
            return (
              <Table.Tr key={item.id} fw={unread ? 700 : undefined}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={paths.referrals.detail.getHref(item.referral.id, {
                        tab: 'conference',
                        returnURL: pathname,
                      })}
                      size="sm"
                      fw={unread ? 700 : 600}
                    >
                      {patientName(item)}
                    </Anchor>
                    {unread && <UnreadBadge count={item.unread} />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw="inherit">
                    {otherEstablishment(box, item) ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw="inherit">
                    {item.is_owner ? 'Started by you' : item.participant_status.display}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {status === 'active'
                    ? dateCell(item.ends_at, formatDate)
                    : dateCell(item.closed_at, formatDate)}
                </Table.Td>
                <Table.Td>{dateCell(item.last_event_at, formatDateTime)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
