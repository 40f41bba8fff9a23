import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AWAITING_APPROVAL_HINT, canSeePatientData } from '@referrals/domain/people/access-rules';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { paths } from '@/lib/paths';
import { usePatientList } from '../api/list-patients';
import { PatientTable } from '../components/patient-table';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { PagedList } from '@/ui/paged-list';

function EmptyState({ keyword }: { keyword: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconUsers size={26} stroke={1.6} />
        </ThemeIcon>
        {keyword === '' ? (
          <>
            <Text fw={600}>No patients yet</Text>
            <Text size="sm" c="gray.7" maw={420}>
              Patients you add, or who come with a referral, are listed here.
            </Text>
            <Button component={Link} to={paths.patients.create.getHref()} variant="light">
              Create a patient
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>No patient matches “{keyword}”</Text>
            <Text size="sm" c="gray.7" maw={420}>
              Every word must match part of a name, the Medicare number or a medical record number.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PatientList({ establishmentId }: { establishmentId: string }) {
  const { keyword, setKeyword, searched, page, setPage } = useListSearch();
  const patients = usePatientList(establishmentId, { keyword: searched, page });
  return (
    <PagedList
      list={patients}
      what="the patients"
      countLabel={(count) => (count === 1 ? '1 patient' : `${count} patients`)}
      page={page}
      onPage={setPage}
      toolbar={
        <ListSearchInput
          label="Search patients"
          placeholder="Name, Medicare number or MRN"
          busy={patients.isFetching}
          value={keyword}
          onSearch={setKeyword}
          maw={480}
        />
      }
      empty={<EmptyState keyword={searched} />}
    >
      {(results) => <PatientTable patients={results} />}
    </PagedList>
  );
}

/** Patients at /patients (spec sections 2, 7 Patients): search by every word, 10 a page, and Create. */
export function PatientsPage() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const employment = currentEmployment(profile);
  const establishment = employment?.establishment;
  // Someone with no establishment sees the empty list; someone whose place there is not approved, why.
  const approved = employment === undefined || canSeePatientData(employment);
  return (
    <Stack gap="lg" maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Patients
          </Title>
          <Text c="gray.7">
            {establishment === undefined
              ? 'The patients of your establishment.'
              : `The patients of ${establishment.name}.`}
          </Text>
        </Stack>
        {approved && (
          <Button
            component={Link}
            to={paths.patients.create.getHref()}
            leftSection={<IconUserPlus size={18} />}
          >
            Create
          </Button>
        )}
      </Group>
      {approved ? (
        // Keyed so switching establishment starts at page 1 with an empty search.
        <PatientList key={establishment?.id ?? 'none'} establishmentId={establishment?.id ?? 'none'} />
      ) : (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          {AWAITING_APPROVAL_HINT}
        </Alert>
      )}
    </Stack>
  );
}
