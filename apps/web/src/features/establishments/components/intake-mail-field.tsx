import { ActionIcon, CopyButton, Grid, Stack, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { EstablishmentWriteInput } from '@referrals/domain/establishments/establishment-schemas';
import { INTAKE_SENDER_DOMAINS_MAX } from '@referrals/domain/imports/intake-domains';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';

type DomainErrors = FieldError | (FieldError | undefined)[] | undefined;

/**
 * The message to show under the list: the list's own (too many), or the first entry's with that entry,
 * whether the schema found it here or the server did (`intake_sender_domains.1`).
 */
function domainsError(error: DomainErrors, domains: readonly string[] | undefined): string | undefined {
  if (!error) return undefined;
  if (!Array.isArray(error)) return error.message;
  const index = error.findIndex((entry) => entry?.message !== undefined);
  if (index < 0) return undefined;
  const domain = domains?.[index];
  return domain ? `${domain}: ${error[index]?.message ?? ''}` : error[index]?.message;
}

/**
 * Referrals by mail (docs/import-queue.md): the sending domains whose mail the establishment's intake
 * address takes into its import queue, with the address beside it to give to practices and fax services.
 */
export function IntakeMailField({ address }: { address: string }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<EstablishmentWriteInput>();
  return (
    <Stack gap="xs" role="group" aria-label="Referrals by mail">
      <Text size="sm" fw={600}>
        Referrals by mail
      </Text>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Controller
            control={control}
            name="intake_sender_domains"
            render={({ field }) => (
              <TagsInput
                label="Accept referral mail from these domains"
                description="Mail to the intake address from these domains, such as harbourside.com.au, arrives in the import queue. Press Enter after each."
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxTags={INTAKE_SENDER_DOMAINS_MAX}
                splitChars={[',', ' ']}
                error={domainsError(errors.intake_sender_domains as DomainErrors, field.value)}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="Intake address"
            value={address}
            readOnly
            rightSection={
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      onClick={copy}
                      aria-label={copied ? 'Intake address copied' : 'Copy the intake address'}
                    >
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
