import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  Establishment,
  EstablishmentWriteInput,
} from '@referrals/domain/establishments/establishment-schemas';
import { useCreateEstablishment } from '../api/create-establishment';
import { EstablishmentForm, establishmentFormValues } from './establishment-form';

type CreateEstablishmentDialogProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: Establishment) => void;
  /** A department: its hospital, whose account holder adds it. Otherwise the user chooses the type. */
  hospital?: { id: string; name: string };
};

/**
 * Create an establishment (spec section 7: POST establishments/), or a department of a hospital. The user
 * becomes its account holder; it waits for the platform's approval before anyone can find or join it.
 */
export function CreateEstablishmentDialog({
  opened,
  onClose,
  onCreated,
  hospital,
}: CreateEstablishmentDialogProps) {
  const create = useCreateEstablishment();
  const start: Partial<EstablishmentWriteInput> = hospital ? { type: 'DT', hospital_id: hospital.id } : {};
  const what = hospital ? 'department' : 'establishment';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={hospital ? `Add a department to ${hospital.name}` : 'Create an establishment'}
      centered
      size="xl"
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7" lh={1.6}>
          You become its account holder. It waits for approval by the Referrals team before others can find
          it, join it or send it referrals.
        </Text>
        {/* Mounted only while open, so it starts empty each time. */}
        {opened && (
          <EstablishmentForm
            initial={establishmentFormValues(undefined, start)}
            typeChoice={hospital === undefined}
            submitLabel={`Create ${what}`}
            label={`New ${what}`}
            onSave={async (values) => {
              const created = await create.mutateAsync(values);
              notifications.show({
                color: 'green',
                title: hospital ? 'Department added' : 'Establishment created',
                message: `${created.name} is waiting for approval.`,
              });
              onCreated(created);
            }}
            actions={
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            }
          />
        )}
      </Stack>
    </Modal>
  );
}
