import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { IconPhotoUp } from '@tabler/icons-react';
import { firstErrorMessage } from '@/lib/form-errors';
import { SectionCard } from '@/ui/section-card';
import { useBrandingLogo } from '../api/upload-branding-logo';

/** The branding logo the top bar shows for this establishment (spec section 2 Layout). */
export function BrandingLogoCard({ establishment }: { establishment: Establishment }) {
  const logo = useBrandingLogo(establishment.id);
  const current = establishment.branding.logo;
  const failure = logo.error
    ? firstErrorMessage(logo.error, 'The logo could not be saved. Please try again.')
    : null;
  const change = (file: File | null) =>
    logo.mutate(file, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: file ? 'Logo uploaded' : 'Logo removed',
          message: file
            ? `The top bar shows the new logo for ${establishment.name}.`
            : 'The top bar shows the Referrals logo again.',
        }),
    });
  return (
    <SectionCard
      title="Branding logo"
      description="Shown in the top bar in place of the Referrals logo, and on the establishment's public pages. PNG, JPEG, GIF or WebP, up to 5 MB."
    >
      <Stack gap="sm">
        {current ? (
          <Image
            src={current}
            alt={`Logo of ${establishment.name}`}
            h={64}
            w="auto"
            fit="contain"
            style={{ alignSelf: 'flex-start' }}
          />
        ) : (
          <Text size="sm" c="gray.7">
            No logo yet.
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton
            onChange={(file) => file && change(file)}
            accept="image/png,image/jpeg,image/gif,image/webp"
          >
            {(props) => (
              <Button {...props} leftSection={<IconPhotoUp size={16} />} loading={logo.isPending}>
                {current ? 'Replace logo' : 'Upload a logo'}
              </Button>
            )}
          </FileButton>
          {current && (
            <Button variant="default" color="red" onClick={() => change(null)} disabled={logo.isPending}>
              Remove logo
            </Button>
          )}
        </Group>
      </Stack>
    </SectionCard>
  );
}
