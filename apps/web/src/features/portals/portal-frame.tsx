import { Box, Container, MantineThemeProvider, Text, useMantineTheme } from '@mantine/core';
import type { PublicPortal } from '@referrals/domain/portals/portal-schemas';
import { useMemo, type ReactNode } from 'react';
import { PortalHeader } from './portal-header';
import { portalCssVariables, portalThemeOverride } from './portal-theme';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The portal's page, outside the main layout: the establishment's branded header, then the page's own
 * content. The portal's colour is this page's theme only; without one the product's colours stay.
 */
export function PortalFrame({ portal, children }: { portal: PublicPortal; children: ReactNode }) {
  const parent = useMantineTheme();
  const colour = portal.branding.colour;
  const override = useMemo(
    () => (colour !== null && HEX_COLOUR.test(colour) ? portalThemeOverride(colour) : null),
    [colour],
  );
  const variables = useMemo(
    () => (override === null ? undefined : portalCssVariables(parent, override)),
    [parent, override],
  );
  const page = (
    <Box mih="100dvh" bg="gray.0" style={variables}>
      <PortalHeader portal={portal} />
      <Container component="main" size={800} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
        {children}
      </Container>
      <Container component="footer" size={800} pb="xl">
        <Text size="xs" c="gray.7" ta="center">
          Sent securely through Referrals. Your details go only to {portal.establishment.name}.
        </Text>
      </Container>
    </Box>
  );
  return override === null ? page : <MantineThemeProvider theme={override}>{page}</MantineThemeProvider>;
}
