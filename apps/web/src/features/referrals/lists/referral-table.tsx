import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { formatCalendarDate, formatDate } from '@referrals/domain/dates';
import { triageCategories } from '@referrals/domain/referrals/referral-codes';
import type { ReferralListItem } from '@referrals/domain/referrals/referral-list-schemas';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { isDraftList, type ReferralListSource } from './referral-list-source';
import { ReferralStatusBadge } from '@/ui/referral-status-badge';
import { ReferralConditionBadges, ReferralParty, UnreadDot } from './referral-row-parts';

const blank = (
  <Text span size="sm" c="gray.7">
    —
  </Text>
);

function dateCell(instant: string | null) {
  return instant === null ? (
    blank
  ) : (
    <Text size="sm" fw="inherit" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(instant)}
    </Text>
  );
}

/** The API's referral_id search matches from the start, so these few characters find the referral again. */
const shortReferralId = (id: string) => id.slice(0, 8);

/** A date of birth is a calendar date, not an instant: read at noon UTC so every Australian zone shows that day. */
const dobText = (dob: string) => `DOB ${formatCalendarDate(dob)}`;

function partyHeading(source: ReferralListSource): string {
  if (source.box === 'inbox') return 'Referrer';
  if (source.box === 'outbox') return 'Receiver';
  return 'From or to';
}

function patientName(item: ReferralListItem): string {
  return item.patient === null
    ? 'No patient yet'
    : `${item.patient.first_name} ${item.patient.last_name}`.trim();
}

type ReferralTableProps = {
  source: ReferralListSource;
  referrals: readonly ReferralListItem[];
  showReferralId: boolean;
};

/**
 * A page of referrals as a clinician scans them (spec sections 2, 3 Referral): patient, the other side,
 * status with its derived conditions, triage category, submitted and appointment dates. Unread rows are
 * bold with a dot read out as Unread. The patient's name opens the referral, or a draft in Referral Creation.
 */
export function ReferralTable({ source, referrals, showReferralId }: ReferralTableProps) {
  const drafts = isDraftList(source);
  const mixed = source.box === 'archive' || source.box === 'trash';
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={drafts ? 640 : 960}>
        <Table.Thead>
          <Table.Tr>
            {showReferralId && <Table.Th>Referral ID</Table.Th>}
            <Table.Th>Patient</Table.Th>
            <Table.Th>{partyHeading(source)}</Table.Th>
            <Table.Th>Status</Table.Th>
            {!drafts && (
              <>
                <Table.Th>Triage category</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Appointment</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((item) => (
            <Table.Tr key={item.id} fw={item.unread ? 700 : undefined}>
              {showReferralId && (
                <Table.Td>
                  <Text size="xs" ff="monospace" fw="inherit" title={item.id}>
                    {shortReferralId(item.id)}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  {item.unread && <UnreadDot />}
                  <Anchor
                    component={Link}
                    to={
                      drafts
                        ? paths.referrals.create.getHref(item.id)
                        : paths.referrals.detail.getHref(item.id)
                    }
                    size="sm"
                    fw={item.unread ? 700 : 600}
                  >
                    {patientName(item)}
                  </Anchor>
                </Group>
                {item.patient !== null && (
                  <Text size="xs" c="gray.7" fw={400}>
                    {dobText(item.patient.dob)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ReferralParty item={item} mixed={mixed} />
              </Table.Td>
              <Table.Td>
                <ReferralStatusBadge status={item.status} />
                <ReferralConditionBadges item={item} />
              </Table.Td>
              {!drafts && (
                <>
                  <Table.Td>
                    {triageCategories.isCode(item.triage_category) ? (
                      <Text size="sm" fw="inherit">
                        {triageCategories.display(item.triage_category)}
                      </Text>
                    ) : (
                      blank
                    )}
                  </Table.Td>
                  <Table.Td>{dateCell(item.submitted_at)}</Table.Td>
                  <Table.Td>{dateCell(item.appointment_date)}</Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
