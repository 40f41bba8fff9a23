import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { SectionCard } from '@/ui/section-card';
import { useDeleteEstablishment } from '../api/delete-establishment';

/**
 * Deleting the establishment, behind a confirmation, only when can_delete allows (spec section 6 Rules);
 * otherwise the card says why it stays.
 */
export function DeleteEstablishmentCard({
  establishment,
  onDeleted,
}: {
  establishment: Establishment;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEstablishment(establishment.id);
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <SectionCard title="Delete this establishment">
      {establishment.can_delete ? (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            Nobody else works here and nothing refers to it yet, so it can be deleted.
          </Text>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Delete establishment
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="gray.7">
          It cannot be deleted while other staff, departments, referrals or patient records belong to it.
        </Text>
      )}
      <Modal opened={confirming} onClose={close} title={`Delete ${establishment.name}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            {establishment.name} and your place there are removed for good. This cannot be undone.
          </Text>
          {remove.error && (
            <Alert color="red" variant="light" role="alert">
              {remove.error instanceof ApiError && remove.error.detail !== undefined
                ? remove.error.detail
                : 'The establishment could not be deleted. Please try again.'}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      title: 'Establishment deleted',
                      message: `${establishment.name} was deleted.`,
                    });
                    onDeleted();
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
