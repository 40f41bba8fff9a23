import { Box, Container, MantineThemeProvider, Text, useMantineTheme } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { portalCssVariables, portalThemeOverride } from './portal-theme';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The portal's page, outside the main layout: the branded header (the establishment's, or its health
 * network's), then the page's own content, then who the details go to. The portal's colour is this page's
 * theme only; without one the product's colours stay.
 */
export function PortalFrame({
  colour,
  header,
  recipient,
  children,
}: {
  colour: string | null;
  header: ReactNode;
  /** Who the sender's details go to, for the footer: an establishment's name, or the service chosen. */
  recipient: string;
  children: ReactNode;
}) {
  const parent = useMantineTheme();
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
      {header}
      <Container component="main" size={800} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
        {children}
      </Container>
      <Container component="footer" size={800} pb="xl">
        <Text size="xs" c="gray.7" ta="center">
          Sent securely through Referrals. Your details go only to {recipient}.
        </Text>
      </Container>
    </Box>
  );
  return override === null ? page : <MantineThemeProvider theme={override}>{page}</MantineThemeProvider>;
}
