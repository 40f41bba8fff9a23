import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ExternalReferralSubmitted } from '@referrals/domain/portals/external-referral-schemas';
import type { PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { IconLinkOff, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { StatusPage } from '@/ui/status-page';
import { usePublicFormTemplates } from '../api/get-public-form-templates';
import { usePublicPortal } from '../api/get-public-portal';
import { PortalConfirmation } from '../portal-confirmation';
import { PortalForm } from '../portal-form';
import { PortalFrame } from '../portal-frame';
import type { TemplateFieldsSlot } from '../template-fields-slot';
import { useRestoredDraft } from '../use-restored-draft';

const loading = (what: string) => (
  <Center mih="60dvh">
    <Loader aria-label={`Loading ${what}`} />
  </Center>
);

/**
 * /refer/{slug}: an establishment's public referral portal (spec section 2, docs/portals.md), where a
 * patient, a carer or a health professional without an account sends it a referral. Outside the main
 * layout, and never sent to the login, whatever a call answers.
 */
export function ReferPage({ templateFields }: { templateFields: TemplateFieldsSlot }) {
  const { slug = '' } = useParams();
  const portal = usePublicPortal(slug);
  if (portal.isPending) return loading('the referral portal');
  if (portal.isError) {
    const missing = portal.error instanceof ApiError && portal.error.status === 404;
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
  return (
    <PortalFrame portal={portal.data}>
      <PortalScreen portal={portal.data} templateFields={templateFields} />
    </PortalFrame>
  );
}

function PortalScreen({
  portal,
  templateFields,
}: {
  portal: PublicPortal;
  templateFields: TemplateFieldsSlot;
}) {
  const { establishment, branding } = portal;
  const templates = usePublicFormTemplates(establishment.id);
  const draft = useRestoredDraft(establishment.id);
  const [submitted, setSubmitted] = useState<ExternalReferralSubmitted | null>(null);
  // Each referral sent starts a new form; only the first can be one a reload restored.
  const [round, setRound] = useState(0);

  if (submitted !== null) {
    return (
      <PortalConfirmation
        submitted={submitted}
        onAnother={() => {
          setSubmitted(null);
          setRound((value) => value + 1);
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }
  if (templates.isPending || draft.pending) return loading('the referral form');
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>Send a referral</Title>
        {branding.intro !== null && branding.intro.trim() !== '' && (
          <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
            {branding.intro}
          </Text>
        )}
        <Text c="gray.7">
          Send a referral to {establishment.name} without an account. Your answers are saved in this browser
          tab as you go. Fields marked * are required.
        </Text>
      </Stack>
      {templates.isError ? (
        <Alert color="red" variant="light" role="alert" title="The form could not be loaded">
          Please reload the page to try again.
        </Alert>
      ) : (
        <PortalForm
          key={round}
          portal={portal}
          templates={templates.data}
          restored={round === 0 ? draft.restored : null}
          templateFields={templateFields}
          onSubmitted={(result) => {
            setSubmitted(result);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </Stack>
  );
}
