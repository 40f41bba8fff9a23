import { Group, Text } from '@mantine/core';

/** The product mark: a forward arrow leaving a corner, i.e. a patient passed on to the next clinician. */
function LogoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 20.5c0-4.7 3.3-8 8-8h3.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M18.5 8.5 23 12.5l-4.5 4"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Text logo "Referrals". An establishment's own branding logo replaces it once establishments load. */
export function Logo({ size = 28, markOnlyOnPhone = false }: { size?: number; markOnlyOnPhone?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.68}
        lh={1}
        c="dark.8"
        style={{ letterSpacing: -0.3 }}
        visibleFrom={markOnlyOnPhone ? 'sm' : undefined}
      >
        Referrals
      </Text>
    </Group>
  );
}
