import { Button, Group, Loader, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { usePatientList } from '../api/list-patients';
import { patientDob, patientName } from '../patient-display';
import { PatientForm } from './patient-form';

export type PickedPatient = { id: string; name: string };

type PatientPickerProps = {
  establishmentId: string;
  value: PickedPatient | null;
  onChange: (patient: PickedPatient) => void;
  error?: string;
};

/**
 * Choosing a patient inside another screen (the referral wizard): search the establishment's patients
 * and pick one, or create one in a dialog without leaving the screen.
 */
export function PatientPicker({ establishmentId, value, onChange, error }: PatientPickerProps) {
  const search = useListSearch();
  const list = usePatientList(establishmentId, { keyword: search.searched, page: 1 });
  const [creating, setCreating] = useState(false);
  const patients = list.data?.results ?? [];

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <ListSearchInput
          label="Find a patient"
          description="Name, Medicare number or medical record number"
          value={search.keyword}
          onSearch={search.setKeyword}
          busy={list.isFetching}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
          New patient
        </Button>
      </Group>
      <Radio.Group
        label="Patient"
        value={value?.id ?? null}
        onChange={(id) => {
          const patient = patients.find((entry) => entry.id === id);
          if (patient) onChange({ id: patient.id, name: patientName(patient) });
        }}
        error={error}
      >
        <Stack gap="xs" mt="xs">
          {list.isPending && <Loader size="sm" aria-label="Loading patients" />}
          {value !== null && !patients.some((patient) => patient.id === value.id) && (
            <Paper withBorder radius="md" p="sm">
              <Radio value={value.id} label={value.name} />
            </Paper>
          )}
          {patients.map((patient) => (
            <Paper key={patient.id} withBorder radius="md" p="sm">
              <Radio
                value={patient.id}
                label={patientName(patient)}
                description={`Born ${patientDob(patient)}`}
              />
            </Paper>
          ))}
          {!list.isPending && patients.length === 0 && (
            <Text size="sm" c="gray.7">
              No patient matches your search. Add them with New patient.
            </Text>
          )}
        </Stack>
      </Radio.Group>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New patient" size="xl">
        {creating && (
          <PatientForm
            onCancel={() => setCreating(false)}
            onSaved={(patient) => {
              onChange({ id: patient.id, name: patientName(patient) });
              setCreating(false);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
