import { Alert, Grid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { auStates, establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import {
  EstablishmentWriteSchema,
  type Establishment,
  type EstablishmentWrite,
  type EstablishmentWriteInput,
} from '@referrals/domain/establishments/establishment-schemas';
import type { PortalSettings } from '@referrals/domain/portals/portal-schemas';
import { useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, type Path } from 'react-hook-form';
import { showSaveError } from '@/lib/form-errors';
import { SelectField, TextField } from '@/ui/form-fields';
import { FormFooter } from '@/ui/form-footer';
import { IntakeMailField } from './intake-mail-field';
import { PublicPortalFields } from '@/ui/public-portal-fields';

/** The establishment's on/off settings (spec section 3 Establishment), in the words the form shows. */
export const ESTABLISHMENT_FLAGS = [
  {
    name: 'accepts_join_requests',
    label: 'Accepts join requests',
    description: 'Health professionals can ask to join; you approve each request.',
  },
  {
    name: 'accepts_in_app_referrals',
    label: 'Accepts referrals in the app',
    description: 'Other establishments can choose this one as the receiver of a referral.',
  },
  {
    name: 'allows_shared_inbox_access',
    label: 'Shared inbox access',
    description: 'Staff can be given access to the inbox of the whole establishment.',
  },
  {
    name: 'allows_cpl_and_shared_outbox_access',
    label: 'Shared outbox access',
    description: 'Staff can be given access to the outbox of the whole establishment.',
  },
  {
    name: 'case_conferences_enabled',
    label: 'Case conferences',
    description: 'Referrals received here can open a case conference.',
  },
  { name: 'sms_enabled', label: 'SMS', description: 'Patients can be sent SMS messages about referrals.' },
  {
    name: 'digital_ordering',
    label: 'Digital medication orders',
    description:
      'Referrals sent here include a medication order: the medicines, a start date and a duration.',
  },
  {
    name: 'accepts_advice_and_guidance',
    label: 'Advice and guidance',
    description:
      'Senders can ask for advice before referring; you answer with a report or convert the request into a referral.',
  },
  {
    name: 'shares_waiting_times',
    label: 'Share waiting times with the health network',
    description:
      'The health network of your organisation code sees your waiting times and volumes beside its other services: counts and days only, never a patient, small counts hidden.',
  },
] as const satisfies readonly { name: keyof EstablishmentWriteInput; label: string; description: string }[];

const FIELDS = [
  'name',
  'type',
  'hospital_id',
  'phone1',
  'phone2',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'email',
  'website',
  'description',
  'intake_sender_domains',
  'portal',
  ...ESTABLISHMENT_FLAGS.map((flag) => flag.name),
] as const;

const CREATABLE_TYPES = ['PR', 'CL', 'HL'] as const;
const typeOptions = CREATABLE_TYPES.map((code) => ({ value: code, label: establishmentTypes.display(code) }));
const stateOptions = auStates.codes.map((code) => ({ value: code, label: auStates.display(code) }));

/** The form's values from a stored establishment (services and network kept as they are), or a new one. */
export function establishmentFormValues(
  stored?: Establishment,
  start: Partial<EstablishmentWriteInput> = {},
): EstablishmentWriteInput {
  const flags = Object.fromEntries(ESTABLISHMENT_FLAGS.map(({ name }) => [name, stored?.[name] ?? false]));
  return {
    name: stored?.name ?? '',
    type: (stored?.type.value as EstablishmentWriteInput['type'] | undefined) ?? 'PR',
    hospital_id: stored?.hospital?.id ?? null,
    phone1: stored?.phone1 ?? '',
    phone2: stored?.phone2 ?? '',
    address1: stored?.address1 ?? '',
    address2: stored?.address2 ?? '',
    city: stored?.city ?? '',
    state: stored?.state ?? 'NSW',
    postcode: stored?.postcode ?? '',
    email: stored?.email ?? '',
    website: stored?.website ?? '',
    description: stored?.description ?? '',
    disable_auto_allocation: stored?.disable_auto_allocation ?? false,
    services: stored?.services ?? [],
    health_organisation_network: stored?.health_organisation_network ?? null,
    // Left out when not shown to the caller (null), so a save keeps what is stored.
    intake_sender_domains: stored?.intake_sender_domains ?? undefined,
    // Likewise the portal's settings, which only its editors read.
    portal: stored?.portal
      ? {
          enabled: stored.portal.enabled,
          sender_types: stored.portal.sender_types,
          colour: stored.portal.colour,
          intro: stored.portal.intro ?? '',
        }
      : undefined,
    ...flags,
    ...start,
  };
}

type EstablishmentFormProps = {
  initial: EstablishmentWriteInput;
  /** New establishments choose their type; a stored one's type is fixed (and a department's always DT). */
  typeChoice: boolean;
  submitLabel: string;
  /** Saves; a thrown ApiError with a 400 body puts its messages on the fields. */
  onSave: (values: EstablishmentWrite) => Promise<unknown>;
  /** Buttons beside the submit button (Cancel). */
  actions?: ReactNode;
  /** What the whole form is about when a page holds more than one: "Details of Cardiology". */
  label?: string;
  /** The stored establishment's intake address: referrals by mail are set up only when it has one. */
  intakeAddress?: string | null;
  /** The stored establishment's portal settings, shown to its editors (null for anyone else). */
  portal?: PortalSettings | null;
};

/**
 * An establishment's details and settings (spec section 3 Establishment), checked with the schema the
 * server uses; the server's field errors land on the same fields, anything else above the buttons.
 */
export function EstablishmentForm({
  initial,
  typeChoice,
  submitLabel,
  onSave,
  actions,
  label,
  intakeAddress,
  portal,
}: EstablishmentFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EstablishmentWriteInput, unknown, EstablishmentWrite>({
    resolver: zodResolver(EstablishmentWriteSchema),
    defaultValues: initial,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      showSaveError(error, {
        fields: FIELDS,
        onField: (path, message) =>
          setError(path as Path<EstablishmentWriteInput>, { type: 'server', message }),
        onForm: setFormError,
        fallback: 'The establishment could not be saved. Please try again.',
      });
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: typeChoice ? 8 : 12 }}>
              <TextField name="name" label="Name" withAsterisk data-autofocus />
            </Grid.Col>
            {typeChoice && (
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <SelectField name="type" label="Type" data={typeOptions} withAsterisk />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="email" label="Email" type="email" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="website" label="Website" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="phone1" label="Phone" type="tel" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="phone2" label="Other phone" type="tel" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="address1" label="Address" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="address2" label="Address line 2" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextField name="city" label="Suburb or city" />
            </Grid.Col>
            <Grid.Col span={{ base: 7, sm: 4 }}>
              <SelectField name="state" label="State" data={stateOptions} />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 3 }}>
              <TextField name="postcode" label="Postcode" inputMode="numeric" maxLength={4} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Description"
                rows={3}
                {...register('description')}
                error={errors.description?.message}
              />
            </Grid.Col>
          </Grid>
          <Stack gap="xs" role="group" aria-label="Settings">
            <Text size="sm" fw={600}>
              Settings
            </Text>
            {ESTABLISHMENT_FLAGS.map((flag) => (
              <Controller
                key={flag.name}
                control={control}
                name={flag.name}
                render={({ field }) => (
                  <Switch
                    label={flag.label}
                    description={flag.description}
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={errors[flag.name]?.message}
                  />
                )}
              />
            ))}
          </Stack>
          {typeof intakeAddress === 'string' && <IntakeMailField address={intakeAddress} />}
          {portal && <PublicPortalFields portal={portal} />}
          {errors.hospital_id?.message !== undefined && (
            <Alert color="red" variant="light" role="alert">
              {errors.hospital_id.message}
            </Alert>
          )}
          <FormFooter
            submitLabel={submitLabel}
            saving={isSubmitting}
            formError={formError}
            actions={actions}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
