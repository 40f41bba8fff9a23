import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { PatientForm } from '../components/patient-form';
import { patientName } from '../patient-display';

/** A new patient at /patients/create (spec sections 2, 7 Patients: POST patients/). */
export function CreatePatientPage() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to={paths.patients.list.getHref()} size="sm">
            Patients
          </Anchor>
          <Text size="sm">New patient</Text>
        </Breadcrumbs>
        <Title order={1} fz="h2">
          New patient
        </Title>
        <Text c="gray.7">
          Fields marked * are needed to create the patient. Switch on the sections you need.
        </Text>
      </Stack>
      <PatientForm
        onSaved={(patient) => {
          notifications.show({
            color: 'green',
            title: 'Patient created',
            message: `${patientName(patient)} has been added.`,
          });
          void navigate(paths.patients.detail.getHref(patient.id), { replace: true });
        }}
      />
    </Stack>
  );
}
