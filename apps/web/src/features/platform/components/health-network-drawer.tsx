import { Alert, Button, Drawer, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { HealthNetwork } from '@referrals/domain/portals/health-network-schemas';
import { IconPhotoUp } from '@tabler/icons-react';
import { firstErrorMessage } from '@/lib/form-errors';
import { useHealthNetworkLogo, useSaveHealthNetwork } from '../api/health-networks';
import { HealthNetworkForm, healthNetworkFormValues } from './health-network-form';

/**
 * Adds a health network (`network` null) or changes one, with its logo once it exists. Mounted only while
 * open, so each opening starts from what is stored.
 */
export function HealthNetworkDrawer({
  opened,
  network,
  onClose,
}: {
  opened: boolean;
  network: HealthNetwork | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={network === null ? 'Add a health network' : `Edit ${network.name}`}
    >
      {opened && <DrawerBody network={network} onClose={onClose} />}
    </Drawer>
  );
}

function DrawerBody({ network, onClose }: { network: HealthNetwork | null; onClose: () => void }) {
  const save = useSaveHealthNetwork(network?.id ?? null);
  return (
    <Stack gap="xl">
      <HealthNetworkForm
        initial={healthNetworkFormValues(network)}
        submitLabel={network === null ? 'Add health network' : 'Save changes'}
        onSave={async (values) => {
          const saved = await save.mutateAsync(values);
          notifications.show({
            color: 'green',
            title: network === null ? 'Health network added' : 'Health network saved',
            message: saved.portal.enabled
              ? `Its portal is open at ${saved.portal.url ?? ''}.`
              : `${saved.name} is saved; its portal is not published.`,
          });
          onClose();
        }}
        actions={
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        }
      />
      {network !== null && <NetworkLogo network={network} />}
    </Stack>
  );
}

function NetworkLogo({ network }: { network: HealthNetwork }) {
  const logo = useHealthNetworkLogo(network.id);
  const failure = logo.error
    ? firstErrorMessage(logo.error, 'The logo could not be saved. Please try again.')
    : null;
  const current = network.logo;
  return (
    <Stack gap="sm" role="group" aria-labelledby="network-logo-title">
      <Title order={2} fz="md" id="network-logo-title">
        Logo
      </Title>
      <Text size="sm" c="gray.7">
        Shown on the portal’s header, on white. PNG, JPEG, GIF or WebP, up to 5 MB.
      </Text>
      {current === null ? (
        <Text size="sm" c="gray.7">
          No logo yet.
        </Text>
      ) : (
        <Image src={current} alt={`Logo of ${network.name}`} h={64} w="auto" fit="contain" maw={200} />
      )}
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group gap="sm">
        <FileButton
          onChange={(file) => file && logo.mutate(file)}
          accept="image/png,image/jpeg,image/gif,image/webp"
        >
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={16} />} loading={logo.isPending}>
              {current === null ? 'Upload a logo' : 'Replace logo'}
            </Button>
          )}
        </FileButton>
        {current !== null && (
          <Button variant="default" color="red" onClick={() => logo.mutate(null)} disabled={logo.isPending}>
            Remove logo
          </Button>
        )}
      </Group>
    </Stack>
  );
}
