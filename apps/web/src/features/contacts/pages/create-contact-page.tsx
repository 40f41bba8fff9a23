import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useCreateContact } from '../api/create-contact';
import { ContactForm } from '../components/contact-form';
import { contactName } from '../contact-name';
import { useDirectoryEstablishment } from '../use-directory-establishment';

function CreateContact({ establishment }: { establishment: { id: string; name: string } }) {
  const create = useCreateContact(establishment.id);
  const navigate = useNavigate();
  return (
    <ContactForm
      submitLabel="Save"
      onSave={async (values) => {
        const saved = await create.mutateAsync(values);
        notifications.show({ color: 'green', message: `${contactName(saved)} was added to your contacts.` });
        await navigate(paths.contacts.detail.getHref(saved.id));
      }}
      actions={
        <Button variant="default" component={Link} to={paths.contacts.list.getHref()}>
          Cancel
        </Button>
      }
    />
  );
}

/** /contacts/create: a new Other HCP in the current establishment's directory (spec section 2). */
export function CreateContactPage() {
  const establishment = useDirectoryEstablishment();
  if (establishment === undefined) return <Loader aria-label="Loading your profile" />;
  if (establishment === null) return <Navigate to={paths.contacts.list.getHref()} replace />;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          New health professional
        </Title>
        <Text c="gray.7">
          Save a health professional who does not use Referrals, so {establishment.name} can address referrals
          and reports to them.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <CreateContact establishment={establishment} />
      </Paper>
    </Stack>
  );
}
