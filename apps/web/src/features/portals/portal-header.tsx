import { Box, Container, Group, Image, Stack, Text } from '@mantine/core';
import type { PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { auStates } from '@referrals/domain/establishments/establishment-codes';
import { IconMapPin, IconPhone } from '@tabler/icons-react';

/** The establishment's address on one line, e.g. "Suite 4, 12 Pacific Highway, St Leonards NSW 2065". */
export function addressOf(establishment: PublicPortal['establishment']): string | null {
  const place = [
    establishment.city,
    auStates.isCode(establishment.state) ? establishment.state : null,
    establishment.postcode,
  ]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  const parts = [establishment.address1, place].filter((part) => part !== null && part !== '');
  return parts.length === 0 ? null : parts.join(', ');
}

/**
 * The portal's branded header: the logo and name of whoever publishes it (an establishment, with its
 * address and phone; or a health network), on the portal's colour (the page's primary colour, readable
 * under white text).
 */
export function PortalHeader({
  name,
  logo,
  address = null,
  phone = null,
}: {
  name: string;
  logo: string | null;
  address?: string | null;
  phone?: string | null;
}) {
  return (
    <Box component="header" bg="var(--mantine-primary-color-filled)" c="white" py={{ base: 'md', sm: 'lg' }}>
      <Container size={800}>
        <Group gap="md" wrap="nowrap" align="center">
          {logo !== null && (
            // On white, so a logo drawn for a white page reads on any brand colour. The name beside it
            // says who this is, so the image itself is decorative.
            <Box bg="white" p={6} style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}>
              <Image src={logo} alt="" h={48} w="auto" maw={140} fit="contain" />
            </Box>
          )}
          <Stack gap={4} miw={0}>
            <Text
              component="p"
              fw={700}
              fz={{ base: 'lg', sm: 'xl' }}
              lh={1.25}
              style={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Text>
            {address !== null && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm">{address}</Text>
              </Group>
            )}
            {phone !== null && (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text
                  component="a"
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  size="sm"
                  c="white"
                  td="underline"
                >
                  {phone}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
