import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DoctorEntry } from '@referrals/domain/directory/doctor-schemas';
import { IconTrash, IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { useContact } from '../api/get-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useUpdateContact } from '../api/update-contact';
import { ContactForm } from '../components/contact-form';
import { contactName } from '../contact-name';
import { useDirectoryEstablishment } from '../use-directory-establishment';

function NotFoundState() {
  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <Stack align="center" gap="sm" ta="center">
        <IconUserQuestion size={40} stroke={1.5} />
        <Title order={1} fz="h3">
          Health professional not found
        </Title>
        <Text c="gray.7">
          They may have been deleted, or they belong to another establishment’s contacts.
        </Text>
        <Button component={Link} to={paths.contacts.list.getHref()} variant="light">
          Back to Other HCPs
        </Button>
      </Stack>
    </Paper>
  );
}

function DeleteContact({ establishmentId, entry }: { establishmentId: string; entry: DoctorEntry }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContact(establishmentId, entry.id);
  const navigate = useNavigate();
  const name = contactName(entry);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Delete ${name}?`} centered>
        <Stack gap="md">
          <Text size="sm">
            They will be removed from your contacts. Referrals already sent to them keep their details.
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {remove.error instanceof ApiError && remove.error.status === 404
                ? 'They were already deleted.'
                : 'They could not be deleted. Please try again.'}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: `${name} was deleted.` });
                    void navigate(paths.contacts.list.getHref());
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ContactDetail({ establishmentId, id }: { establishmentId: string; id: string }) {
  const contact = useContact(establishmentId, id);
  const update = useUpdateContact(establishmentId, id);
  if (contact.isPending) return <Loader aria-label="Loading the health professional" />;
  if (contact.isError) {
    if (contact.error instanceof ApiError && contact.error.status === 404) return <NotFoundState />;
    return (
      <Alert color="red" variant="light" role="alert">
        The health professional could not be loaded. Please try again.
      </Alert>
    );
  }
  const entry = contact.data;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {contactName(entry)}
        </Title>
        <Text c="gray.7">
          {[entry.practice_name, entry.department_name].filter(Boolean).join(' · ') ||
            'Other health professional'}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <ContactForm
          key={`${entry.id}-${entry.last_name}`}
          initial={entry}
          submitLabel="Save changes"
          onSave={async (values) => {
            const saved = await update.mutateAsync(values);
            notifications.show({ color: 'green', message: `${contactName(saved)} was saved.` });
          }}
          actions={
            entry.can_edit ? <DeleteContact establishmentId={establishmentId} entry={entry} /> : undefined
          }
        />
      </Paper>
    </Stack>
  );
}

/** /contacts/:id: view, change and delete an Other HCP of the current establishment (spec section 2). */
export function ContactDetailPage() {
  const { id } = useParams();
  const establishment = useDirectoryEstablishment();
  if (establishment === undefined) return <Loader aria-label="Loading your profile" />;
  if (establishment === null || id === undefined)
    return <Navigate to={paths.contacts.list.getHref()} replace />;
  return <ContactDetail key={`${establishment.id}-${id}`} establishmentId={establishment.id} id={id} />;
}
