import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { personName } from '@referrals/domain/people/person-name';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { usePatient } from '../api/get-patient';
import { PatientForm } from '../components/patient-form';
import { patientDob, patientName, patientTitle } from '../patient-display';

/** A patient not found (spec section 8: patientStatus 404), or another establishment's, which is the same. */
function PatientNotFound() {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 40 }} maw={640}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconUserQuestion size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Patient not found
        </Title>
        <Text c="gray.7" lh={1.6}>
          This patient does not exist, or is not a patient of your current establishment.
        </Text>
        <Button component={Link} to={paths.patients.list.getHref()}>
          Back to patients
        </Button>
      </Stack>
    </Paper>
  );
}

/** A patient's record at /patients/:id: view and edit (spec sections 2, 7 Patients, 8). */
export function PatientDetailPage() {
  const { id = '' } = useParams();
  const patient = usePatient(id);
  if (patient.isPending) return <Loader aria-label="Loading the patient" />;
  if (patient.isError) {
    if (patient.error instanceof ApiError && patient.error.status === 404) return <PatientNotFound />;
    return (
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Text role="alert">The patient could not be loaded. Please try again.</Text>
      </Paper>
    );
  }
  const record = patient.data;
  const title = patientTitle(record);
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to={paths.patients.list.getHref()} size="sm">
            Patients
          </Anchor>
          <Text size="sm">{patientName(record)}</Text>
        </Breadcrumbs>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {title === null ? patientName(record) : `${title} ${patientName(record)}`}
          </Title>
          {record.status === 'incomplete' && (
            <Badge color="orange" variant="light">
              Incomplete
            </Badge>
          )}
        </Group>
        <Text c="gray.7">
          Born {patientDob(record)}
          {record.mrn !== null && ` · MRN ${record.mrn}`} · {record.establishment.name}
        </Text>
        <Text c="gray.7">
          {record.doctor === null ? 'No doctor recorded' : `Doctor: ${personName(record.doctor)}`}
        </Text>
      </Stack>
      {/* Keyed by version so a save elsewhere shows the record as saved. */}
      <PatientForm
        key={`${record.id}-${record.version}`}
        patient={record}
        onSaved={(saved) =>
          notifications.show({
            color: 'green',
            title: 'Patient saved',
            message: `${patientName(saved)}'s details are saved.`,
          })
        }
      />
    </Stack>
  );
}
