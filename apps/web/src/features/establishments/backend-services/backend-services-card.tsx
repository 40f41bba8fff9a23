import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatDate, formatDateTime } from '@referrals/domain/dates';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { firstErrorMessage } from '@/lib/form-errors';
import { SectionCard } from '@/ui/section-card';
import { useBackendClients, useRevokeBackendClient } from './backend-client-calls';
import { RegisterBackendClientDialog } from './register-backend-client-dialog';

function Copyable({ value, what }: { value: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              onClick={copy}
              aria-label={copied ? `${what} copied` : `Copy ${what}`}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RevokeDialog({
  establishmentId,
  client,
  onClose,
}: {
  establishmentId: string;
  client: BackendClient | null;
  onClose: () => void;
}) {
  const revoke = useRevokeBackendClient(establishmentId);
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={client !== null} onClose={close} title={`Revoke ${client?.name ?? ''}?`} centered>
      <Text size="sm" c="gray.7" lh={1.6}>
        It can no longer sign in, and the tokens it holds are refused from their next call. This cannot be
        undone: to connect it again, register it anew.
      </Text>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {firstErrorMessage(revoke.error, 'The system could not be revoked. Please try again.')}
        </Alert>
      )}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red.9"
          loading={revoke.isPending}
          onClick={() => client && revoke.mutate(client.client_id, { onSuccess: close })}
        >
          Revoke
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The systems that sign in on their own and read the FHIR API as this establishment (SMART Backend
 * Services; docs/interop.md, System-to-system access): registered with their public key and what they may
 * read, and revoked here.
 */
export function BackendServicesCard({ establishment }: { establishment: Establishment }) {
  const clients = useBackendClients(establishment.id);
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState<BackendClient | null>(null);
  const [revoking, setRevoking] = useState<BackendClient | null>(null);
  const fhirBase = `${window.location.origin}/fhir`;
  return (
    <SectionCard
      title="Connected systems"
      description={`Other systems, such as a practice's clinical software or a hospital's integration engine, that sign in on their own (SMART Backend Services) and read through the FHIR API what ${establishment.name} sees.`}
      aside={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setRegistering(true)}>
          Register a system
        </Button>
      }
    >
      <Stack gap="md">
        {registered !== null && (
          <Alert color="green" variant="light" title={`${registered.name} is registered`}>
            <Stack gap={6}>
              <Text size="sm">Give its administrator the client_id it signs its assertions with:</Text>
              <Copyable value={registered.client_id} what="the client_id" />
            </Stack>
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm">FHIR base address, and where a system finds the token endpoint:</Text>
          <Copyable value={fhirBase} what="the FHIR base address" />
          <Copyable
            value={`${fhirBase}/.well-known/smart-configuration`}
            what="the SMART configuration address"
          />
        </Stack>
        {clients.isPending && <Loader size="sm" aria-label="Loading the connected systems" />}
        {clients.isError && (
          <Alert color="red" variant="light" role="alert">
            The connected systems could not be loaded. Please try again.
          </Alert>
        )}
        {clients.data?.results.length === 0 && (
          <Text size="sm" c="gray.7">
            No system is connected yet.
          </Text>
        )}
        {clients.data !== undefined && clients.data.results.length > 0 && (
          <Table verticalSpacing="sm" aria-label="Connected systems">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>System</Table.Th>
                <Table.Th>May read</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.data.results.map((client) => (
                <Table.Tr key={client.client_id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fw={600} size="sm">
                        {client.name}
                      </Text>
                      <Text size="xs" c="gray.7" style={{ wordBreak: 'break-all' }}>
                        client_id {client.client_id}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {client.scopes.map((scope) => (
                        <Code key={scope}>{scope}</Code>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatDate(client.created_at)}
                      {client.created_by ? ` by ${personName(client.created_by)}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {client.revoked_at === null ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setRevoking(client)}
                        aria-label={`Revoke ${client.name}`}
                      >
                        Revoke
                      </Button>
                    ) : (
                      <Badge color="gray" variant="light" title={formatDateTime(client.revoked_at)}>
                        Revoked {formatDate(client.revoked_at)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <RegisterBackendClientDialog
        establishmentId={establishment.id}
        opened={registering}
        onClose={() => setRegistering(false)}
        onRegistered={setRegistered}
      />
      <RevokeDialog establishmentId={establishment.id} client={revoking} onClose={() => setRevoking(null)} />
    </SectionCard>
  );
}
