import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@referrals/domain/dates';
import { reportListTypes, type ReportBox } from '@referrals/domain/reports/report-lists';
import type { ReportListItem } from '@referrals/domain/reports/report-schemas';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { currentEmployment } from '@/lib/profile-display';
import { PagedList } from '@/ui/paged-list';
import { UnreadDot } from '../lists/referral-row-parts';
import { useReportList } from './report-calls';
import { ReportStatusBadge } from './report-status-badge';

const listHref = (box: ReportBox, type: string) =>
  box === 'inbox'
    ? paths.clinicalReports.inbox.getHref(type as never)
    : paths.clinicalReports.outbox.getHref(type as never);

function ListTabs({ box, type }: { box: ReportBox; type: string }) {
  const lists = reportListTypes(box);
  // Drafts have a side-nav entry of their own.
  const tabs = lists.codes.filter((code) => code !== 'drafts');
  if (type === 'drafts') return null;
  return (
    <Group
      component="nav"
      aria-label={box === 'inbox' ? 'Reports inbox lists' : 'Reports outbox lists'}
      gap={6}
    >
      {tabs.map((code) => (
        <Button
          key={code}
          component={Link}
          to={listHref(box, code)}
          size="compact-sm"
          radius="xl"
          variant={code === type ? 'filled' : 'default'}
          aria-current={code === type ? 'page' : undefined}
        >
          {lists.display(code as never)}
        </Button>
      ))}
    </Group>
  );
}

const patientName = (item: ReportListItem) =>
  item.referral.patient === null
    ? 'No patient'
    : `${item.referral.patient.first_name} ${item.referral.patient.last_name}`;

function ReportTable({ box, reports }: { box: ReportBox; reports: readonly ReportListItem[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Patient</Table.Th>
            <Table.Th>Report</Table.Th>
            <Table.Th>{box === 'inbox' ? 'From' : 'To'}</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((item) => (
            <Table.Tr key={item.id} fw={item.unread ? 700 : undefined}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {item.unread && <UnreadDot />}
                  <Anchor
                    component={Link}
                    to={paths.referrals.report.getHref(item.referral.id, item.id)}
                    fw="inherit"
                  >
                    {patientName(item)}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td>
                {box === 'inbox'
                  ? [item.author?.name, item.referral.to_establishment?.name].filter(Boolean).join(', ')
                  : (item.referral.referrer?.name ?? item.referral.from_establishment?.name ?? '—')}
              </Table.Td>
              <Table.Td>
                <ReportStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {item.submitted_at === null ? 'Not sent' : formatDate(item.submitted_at)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const INTRO: Record<ReportBox, string> = {
  inbox: 'Clinical reports sent back about your referrals. Open one to start reviewing it.',
  outbox: 'Clinical reports your establishment wrote, and whether the referrer has reviewed them.',
};

/** A clinical reports list (spec section 2: /clinical-reports/{inbox|outbox}/:type), 10 a page. */
export function ReportListScreen({ box, type }: { box: ReportBox; type: string }) {
  const { data: profile } = useProfile();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const establishmentId = profile ? (currentEmployment(profile)?.establishment.id ?? '') : '';
  const reports = useReportList(establishmentId, {
    box,
    list: type,
    page,
    ...(searched === '' ? {} : { patient_name: searched }),
  });
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const drafts = type === 'drafts';
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {drafts ? 'Draft reports' : box === 'inbox' ? 'Reports inbox' : 'Reports outbox'}
        </Title>
        <Text c="gray.7">{drafts ? 'Reports you started and have not sent yet.' : INTRO[box]}</Text>
      </Stack>
      <ListTabs box={box} type={type} />
      <PagedList
        list={reports}
        what="the reports"
        countLabel={(count) => (count === 1 ? '1 report' : `${count} reports`)}
        page={page}
        onPage={setPage}
        toolbar={
          <TextInput
            label="Search by patient name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
        }
        empty={
          <Paper withBorder radius="md" p="lg">
            <Text c="gray.7">
              {searched !== ''
                ? 'No report matches this patient name.'
                : drafts
                  ? 'You have no draft reports.'
                  : 'No reports here yet.'}
            </Text>
          </Paper>
        }
      >
        {(results) => <ReportTable box={box} reports={results} />}
      </PagedList>
    </Stack>
  );
}
