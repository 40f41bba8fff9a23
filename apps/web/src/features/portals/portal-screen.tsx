import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ExternalReferralSubmitted } from '@referrals/domain/portals/external-referral-schemas';
import type { PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { useState, type ReactNode } from 'react';
import { usePublicFormTemplates } from './api/get-public-form-templates';
import { PortalConfirmation } from './portal-confirmation';
import { PortalForm } from './portal-form';
import type { TemplateFieldsSlot } from './template-fields-slot';
import { useRestoredDraft } from './use-restored-draft';

export const portalLoading = (what: string) => (
  <Center mih="60dvh">
    <Loader aria-label={`Loading ${what}`} />
  </Center>
);

/**
 * One establishment's referral form on a portal (its own, or chosen on its health network's): the welcome,
 * the form with the establishment's templates, then the confirmation, from which another can be sent.
 */
export function PortalScreen({
  portal,
  templateFields,
  before,
}: {
  portal: PublicPortal;
  templateFields: TemplateFieldsSlot;
  /** Shown above the heading: on a network's portal, the way back to its services. */
  before?: ReactNode;
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
  if (templates.isPending || draft.pending) return portalLoading('the referral form');
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        {before}
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
