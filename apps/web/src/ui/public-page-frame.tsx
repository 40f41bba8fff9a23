import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The chrome-less frame of screens outside the main layout: public portals, sign-in, status pages. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={800}>
        <Stack gap="xl">
          <Logo size={32} />
          <Box component="main">{children}</Box>
        </Stack>
      </Container>
    </Box>
  );
}
