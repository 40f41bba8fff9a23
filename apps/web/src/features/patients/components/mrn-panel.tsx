import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime } from '@referrals/domain/dates';
import { MrnWriteSchema, type Mrn } from '@referrals/domain/patients/patient-schemas';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { usePatientMrns, useSavePatientMrn } from '../api/patient-mrn';

/** One MRN entry, or the blank entry when the establishment holds none yet; saved on its own. */
function MrnEntry({ patientId, mrn }: { patientId: string; mrn: Mrn | undefined }) {
  const save = useSavePatientMrn(patientId);
  const [number, setNumber] = useState(mrn?.number ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    setFormError(null);
    // The MRN number is required to add or edit an MRN (spec section 5 Patient save).
    const parsed = MrnWriteSchema.safeParse({ number });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(
      { mrnId: mrn?.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          // The number field error is cleared after a successful save (section 5).
          setError(null);
          setNumber(saved.number);
          notifications.show({
            color: 'green',
            title: 'MRN saved',
            message: `The MRN is now ${saved.number}.`,
          });
        },
        onError: (failure) => {
          const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : undefined;
          if (fieldErrors === undefined) {
            setFormError('The MRN could not be saved. Please try again.');
            return;
          }
          const flat = flattenFieldErrors(fieldErrors);
          setError(flat.number ?? null);
          const others = Object.entries(flat)
            .filter(([key]) => key !== 'number')
            .map(([, message]) => message);
          setFormError(others.length > 0 ? others.join(' ') : null);
        },
      },
    );
  };

  // Enter saves this entry rather than the patient form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      role="group"
      aria-label={mrn === undefined ? 'New MRN' : `MRN ${mrn.number}`}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="MRN"
            withAsterisk
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={error}
            style={{ flex: 1, maxWidth: 320 }}
          />
          <Button
            mt={25}
            variant="light"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
            onClick={submit}
          >
            {mrn === undefined ? 'Add MRN' : 'Save MRN'}
          </Button>
        </Group>
        {mrn !== undefined && (
          <Text size="xs" c="gray.7">
            {mrn.establishment.name}
            {mrn.added_by !== null && ` · added by ${mrn.added_by.first_name} ${mrn.added_by.last_name}`}
            {` · ${formatDateTime(mrn.added_at)}`}
          </Text>
        )}
        {formError !== null && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The MRN panel of a saved patient (spec sections 7 Patients MRN, 8): the numbers the current establishment
 * holds, each editable, or a blank entry to add the first; a 404 from the server means none yet.
 */
export function MrnPanel({ patientId }: { patientId: string }) {
  const mrns = usePatientMrns(patientId);
  if (mrns.isPending) return <Loader size="sm" aria-label="Loading the MRN" />;
  if (mrns.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The MRN could not be loaded. Please try again.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {mrns.data.length === 0 ? (
        <MrnEntry patientId={patientId} mrn={undefined} />
      ) : (
        mrns.data.map((mrn) => <MrnEntry key={mrn.id} patientId={patientId} mrn={mrn} />)
      )}
    </Stack>
  );
}
