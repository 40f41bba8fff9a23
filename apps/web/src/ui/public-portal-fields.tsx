import {
  ActionIcon,
  Anchor,
  Checkbox,
  ColorInput,
  CopyButton,
  Grid,
  Group,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type {
  PortalSenderType,
  PortalSettings,
  PortalSettingsWriteSchema,
} from '@referrals/domain/portals/portal-schemas';
import type { z } from 'zod';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { TextareaField } from '@/ui/form-fields';

/** Who may send through the portal, in the words the settings show. */
const SENDERS: readonly { value: PortalSenderType; label: string }[] = [
  { value: 'PATIENT', label: 'Patients and carers' },
  { value: 'PROVIDER', label: 'Health professionals' },
];

/** Colours a portal often takes, from the theme; any other #rrggbb may be typed. */
const SWATCHES = ['#1c7ed6', '#0b7285', '#087f5b', '#2b8a3e', '#5f3dc4', '#862e9c', '#c2255c', '#d9480f'];

const NO_ADDRESS =
  'This establishment has no web address for a portal yet. Ask the Referrals team to give it one.';

/** A form that saves a portal's settings as `portal` (an establishment's, or a health network's). */
type PortalForm = { portal?: z.input<typeof PortalSettingsWriteSchema> | undefined };

/**
 * The public referral portal (docs/portals.md, Settings): published or not, who may send through it, its
 * colour and welcome, and its address to hand out. Saved with the rest of the form as `portal`;
 * `description`: what publishing does, in the words of whoever publishes it.
 */
export function PublicPortalFields({
  portal,
  description = 'Patients, carers and health professionals without an account can send referrals here through a form of its own.',
  noAddress = NO_ADDRESS,
}: {
  portal: PortalSettings;
  description?: string;
  /** Why there is nothing to publish while the portal has no address. */
  noAddress?: string;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<PortalForm>();
  const enabled = useWatch({ control, name: 'portal.enabled' }) === true;
  const { url } = portal;
  return (
    <Stack gap="xs" role="group" aria-label="Public referral portal">
      <Text size="sm" fw={600}>
        Public referral portal
      </Text>
      <Controller
        control={control}
        name="portal.enabled"
        render={({ field }) => (
          <Switch
            label="Publish the portal"
            description={url === null ? noAddress : description}
            // Without an address there is nothing to publish; the server refuses it too (400).
            disabled={url === null && field.value !== true}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            error={errors.portal?.enabled?.message}
          />
        )}
      />
      {enabled && url !== null && <PortalAddress url={url} published={portal.enabled} />}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Controller
            control={control}
            name="portal.sender_types"
            render={({ field }) => (
              <Checkbox.Group
                label="Who may send referrals"
                description="The portal asks senders which they are and shows the form for them."
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.portal?.sender_types?.message}
              >
                <Stack gap="xs" mt={6}>
                  {SENDERS.map((sender) => (
                    <Checkbox key={sender.value} value={sender.value} label={sender.label} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Controller
            control={control}
            name="portal.colour"
            render={({ field }) => (
              <ColorInput
                label="Colour"
                description="Of the portal's header and buttons. Leave it empty for the Referrals colours."
                format="hex"
                swatches={SWATCHES}
                swatchesPerRow={8}
                // Empty is a choice (the product's colours), so blurring must not put the last colour back.
                fixOnBlur={false}
                withEyeDropper={false}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value === '' ? null : value)}
                onBlur={field.onBlur}
                error={errors.portal?.colour?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextareaField
            name="portal.intro"
            label="Welcome"
            description="A short welcome shown above the form, such as what you take referrals for."
            rows={2}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The portal's address, to open or copy; before the first save it is not open yet. */
function PortalAddress({ url, published }: { url: string; published: boolean }) {
  return (
    <Stack gap={2} role="group" aria-label="Portal address">
      <Text size="sm" fw={500}>
        Portal address
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {url}
        </Anchor>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                onClick={copy}
                aria-label={copied ? 'Portal address copied' : 'Copy the portal address'}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {!published && (
        <Text size="xs" c="gray.7">
          The portal opens at this address once you save.
        </Text>
      )}
    </Stack>
  );
}
