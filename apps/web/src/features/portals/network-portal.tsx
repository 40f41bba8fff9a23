import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PublicNetworkPortal } from '@referrals/domain/portals/health-network-schemas';
import type { PortalSenderType, PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { useNetworkServices } from './api/get-public-portal';
import { PortalFrame } from './portal-frame';
import { addressOf, PortalHeader } from './portal-header';
import { PortalScreen, portalLoading } from './portal-screen';
import type { TemplateFieldsSlot } from './template-fields-slot';

/** The query parameter naming the service chosen, so a reload or the back button keeps the choice. */
const SERVICE_PARAM = 'service';

/**
 * A health network's portal (docs/portals.md, Health network portals): under the network's branding, the
 * sender chooses one of its services, then sends that service's form. The choice lives in the address
 * (`?service=`), so the browser's back button returns to the list.
 */
export function NetworkPortal({
  network,
  templateFields,
}: {
  network: PublicNetworkPortal;
  templateFields: TemplateFieldsSlot;
}) {
  const [params] = useSearchParams();
  const serviceId = params.get(SERVICE_PARAM);
  const header = <PortalHeader name={network.network.name} logo={network.branding.logo} />;
  return serviceId === null ? (
    <PortalFrame colour={network.branding.colour} header={header} recipient="the service you choose">
      <ServiceChooser network={network} />
    </PortalFrame>
  ) : (
    <ChosenService
      key={serviceId}
      network={network}
      serviceId={serviceId}
      header={header}
      templateFields={templateFields}
    />
  );
}

function ChosenService({
  network,
  serviceId,
  header,
  templateFields,
}: {
  network: PublicNetworkPortal;
  serviceId: string;
  header: ReactNode;
  templateFields: TemplateFieldsSlot;
}) {
  // The network's own list, narrowed to the one chosen: a service outside the network is not offered here.
  const chosen = useNetworkServices(network.network.id, '', serviceId);
  const service = chosen.data?.pages[0]?.results[0];
  const back = (
    <Anchor component={Link} to="?" size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        All services of {network.network.name}
      </Group>
    </Anchor>
  );
  return (
    <PortalFrame
      colour={network.branding.colour}
      header={header}
      recipient={service?.establishment.name ?? 'the service you choose'}
    >
      {chosen.isPending ? (
        portalLoading('the service')
      ) : service === undefined ? (
        <Stack gap="md">
          {back}
          <Alert color="red" variant="light" role="alert" title="This service is not available here">
            {chosen.isError && !(chosen.error instanceof ApiError && chosen.error.status === 400)
              ? 'The service could not be loaded. Please check your connection and try again.'
              : 'It may no longer take referrals through this portal. Choose another service.'}
          </Alert>
        </Stack>
      ) : (
        <PortalScreen portal={service} templateFields={templateFields} before={back} />
      )}
    </PortalFrame>
  );
}

function ServiceChooser({ network }: { network: PublicNetworkPortal }) {
  const search = useListSearch();
  const services = useNetworkServices(network.network.id, search.searched);
  const results = services.data?.pages.flatMap((page) => page.results) ?? [];
  const count = services.data?.pages[0]?.count;
  const { intro } = network.branding;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>Send a referral</Title>
        {intro !== null && intro.trim() !== '' && (
          <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
            {intro}
          </Text>
        )}
        <Text c="gray.7">
          Choose the service you are referring to, then fill in its form. You do not need an account.
        </Text>
      </Stack>
      <ListSearchInput
        label="Search services"
        description="By name or suburb"
        value={search.keyword}
        onSearch={search.setKeyword}
        busy={services.isFetching && !services.isFetchingNextPage}
      />
      {services.isPending ? (
        portalLoading('the services')
      ) : services.isError ? (
        <Alert color="red" variant="light" role="alert" title="The services could not be loaded">
          Please check your connection and reload the page.
        </Alert>
      ) : results.length === 0 ? (
        <Text role="status">
          {search.searched === ''
            ? `${network.network.name} has no services taking referrals here at the moment.`
            : `No service matches “${search.searched}”.`}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="gray.7" role="status">
            {count === 1 ? '1 service' : `${String(count ?? results.length)} services`}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {results.map((service) => (
              <ServiceCard key={service.establishment.id} service={service} />
            ))}
          </Stack>
          {services.hasNextPage && (
            <Button
              variant="default"
              loading={services.isFetchingNextPage}
              onClick={() => void services.fetchNextPage()}
              w="fit-content"
            >
              Show more services
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** Who a service takes referrals from, in a sentence. */
const SENDERS: Record<PortalSenderType, string> = {
  PATIENT: 'patients and carers',
  PROVIDER: 'health professionals',
};

function ServiceCard({ service }: { service: PublicPortal }) {
  const { establishment } = service;
  const address = addressOf(establishment);
  const from = service.sender_types.map((type) => SENDERS[type]);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={2} fz="lg">
            {establishment.name}
          </Title>
          {address !== null && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">{address}</Text>
            </Group>
          )}
          {service.branding.intro !== null && (
            <Text size="sm" c="gray.7" lineClamp={2}>
              {service.branding.intro}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            Takes referrals from {from.join(', and from ')}.
          </Text>
        </Stack>
        <Button component={Link} to={`?${SERVICE_PARAM}=${encodeURIComponent(establishment.id)}`}>
          Choose<VisuallyHidden> {establishment.name}</VisuallyHidden>
        </Button>
      </Group>
    </Paper>
  );
}
