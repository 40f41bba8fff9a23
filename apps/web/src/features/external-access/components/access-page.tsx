import { Stack, Title } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { AccessGate } from '../access-gate';
import type { AccessBase } from '../api/access-address';

type AccessPageProps = {
  title: string;
  /** What the page opens once verified, in words ("the consent form"). */
  purpose: string;
  base?: AccessBase;
  children: ReactNode;
};

/**
 * A page an emailed link opens: the public frame, the page's title, and the verification gate in front of
 * its content. Once the questions are answered the focus moves to the title, so a screen reader starts
 * reading the page that appeared rather than nothing.
 */
export function AccessPage({ title, purpose, base, children }: AccessPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <PublicPageFrame>
      <Stack gap="lg">
        <Title
          order={1}
          fz={{ base: 'h2', sm: 'h1' }}
          ref={heading}
          tabIndex={-1}
          style={{ outline: 'none' }}
        >
          {title}
        </Title>
        <AccessGate
          purpose={purpose}
          base={base}
          onOpened={() => window.setTimeout(() => heading.current?.focus(), 0)}
        >
          {children}
        </AccessGate>
      </Stack>
    </PublicPageFrame>
  );
}
