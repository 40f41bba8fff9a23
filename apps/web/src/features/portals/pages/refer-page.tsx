import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconLinkOff, IconPlugConnectedX } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { StatusPage } from '@/ui/status-page';
import { useNetworkPortalAtHost, usePortalAt, type PortalAt } from '../api/get-public-portal';
import { NetworkPortal } from '../network-portal';
import { PortalFrame } from '../portal-frame';
import { addressOf, PortalHeader } from '../portal-header';
import { PortalScreen, portalLoading } from '../portal-screen';
import type { TemplateFieldsSlot } from '../template-fields-slot';

type Props = { templateFields: TemplateFieldsSlot };

/**
 * /refer/{slug}: a public referral portal (spec section 2, docs/portals.md), where a patient, a carer or a
 * health professional without an account sends a referral: an establishment's own, or a health network's,
 * where the sender first chooses one of its services. Outside the main layout, and never sent to the
 * login, whatever a call answers.
 */
export function ReferPage({ templateFields }: Props) {
  const { slug = '' } = useParams();
  return <PortalPage place={usePortalAt(slug)} templateFields={templateFields} />;
}

/** /refer on a health network's own web address (its `host`): that network's portal. */
export function ReferAtHostPage({ templateFields }: Props) {
  return <PortalPage place={useNetworkPortalAtHost(window.location.host)} templateFields={templateFields} />;
}

function PortalPage({ place, templateFields }: Props & { place: UseQueryResult<PortalAt> }) {
  if (place.isPending) return portalLoading('the referral portal');
  if (place.isError) {
    const missing = place.error instanceof ApiError && place.error.status === 404;
    return missing ? (
      <StatusPage icon={IconLinkOff} title="This referral portal is not available">
        The address may be mistyped, or the health service no longer takes referrals here. Contact them
        directly, or ask your doctor to send the referral.
      </StatusPage>
    ) : (
      <StatusPage
        icon={IconPlugConnectedX}
        color="red"
        title="The referral portal could not be loaded"
        actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
      >
        Please check your connection and try again.
      </StatusPage>
    );
  }
  if (place.data.kind === 'network') {
    return <NetworkPortal network={place.data.network} templateFields={templateFields} />;
  }
  const { portal } = place.data;
  const { establishment } = portal;
  return (
    <PortalFrame
      colour={portal.branding.colour}
      recipient={establishment.name}
      header={
        <PortalHeader
          name={establishment.name}
          logo={portal.branding.logo}
          address={addressOf(establishment)}
          phone={establishment.phone1}
        />
      }
    >
      <PortalScreen portal={portal} templateFields={templateFields} />
    </PortalFrame>
  );
}
