import { Grid, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HealthNetworkWriteSchema,
  type HealthNetwork,
  type HealthNetworkWrite,
} from '@referrals/domain/portals/health-network-schemas';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { showSaveError } from '@/lib/form-errors';
import { TextField } from '@/ui/form-fields';
import { FormFooter } from '@/ui/form-footer';
import { PublicPortalFields } from '@/ui/public-portal-fields';

type HealthNetworkInput = z.input<typeof HealthNetworkWriteSchema>;

const FIELDS = [
  'name',
  'code',
  'slug',
  'host',
  'portal.enabled',
  'portal.sender_types',
  'portal.colour',
  'portal.intro',
];

/** The form's values for a stored network, or a new one's (portal off, for both sender types). */
export function healthNetworkFormValues(stored: HealthNetwork | null): HealthNetworkInput {
  return {
    name: stored?.name ?? '',
    code: stored?.code ?? '',
    slug: stored?.slug ?? '',
    host: stored?.host ?? '',
    portal: {
      enabled: stored?.portal.enabled ?? false,
      sender_types: stored?.portal.sender_types ?? ['PATIENT', 'PROVIDER'],
      colour: stored?.portal.colour ?? null,
      intro: stored?.portal.intro ?? '',
    },
  };
}

/**
 * A health network's details and portal (docs/portals.md, Health network portals): its name, the
 * organisation code its establishments name, the portal's address at /refer/{slug} and, optionally, a
 * web address of its own; then the portal's settings, as an establishment's are set.
 */
export function HealthNetworkForm({
  initial,
  submitLabel,
  onSave,
  actions,
}: {
  initial: HealthNetworkInput;
  submitLabel: string;
  onSave: (values: HealthNetworkWrite) => Promise<void>;
  actions: ReactNode;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<HealthNetworkInput, unknown, HealthNetworkWrite>({
    resolver: zodResolver(HealthNetworkWriteSchema),
    defaultValues: initial,
  });
  const { control, handleSubmit, setError, formState } = form;
  const slug = useWatch({ control, name: 'slug' }).trim().toLowerCase();
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      showSaveError(error, {
        fields: FIELDS,
        onField: (path, message) => setError(path as Path<HealthNetworkInput>, { type: 'server', message }),
        onForm: setFormError,
        fallback: 'The health network could not be saved. Please try again.',
      });
    }
  });
  const portal = {
    // Whether it is published now, before this form's changes are saved.
    enabled: initial.portal?.enabled === true,
    sender_types: [],
    colour: null,
    intro: null,
    url: slug === '' ? null : `${window.location.origin}/refer/${encodeURIComponent(slug)}`,
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Health network">
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextField name="name" label="Name" withAsterisk data-autofocus />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField
                name="code"
                label="Organisation code"
                description="As its establishments name it"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                name="slug"
                label="Portal web address"
                description="The part after /refer/"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                name="host"
                label="Own web address (optional)"
                description="A host name pointed at Referrals, which then serves the portal at /refer"
              />
            </Grid.Col>
          </Grid>
          <PublicPortalFields
            portal={portal}
            description="Senders choose one of the network’s services that publish a portal of their own, then fill in its form under the network’s branding."
            noAddress="Enter the portal web address first."
          />
          <FormFooter
            submitLabel={submitLabel}
            saving={formState.isSubmitting}
            formError={formError}
            actions={actions}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
