import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useVerifiedAccess } from '../access-context';

type Page = 'referral' | 'consent' | 'files' | 'reports';

/**
 * The link's pages, one click apart: the same token (and so the same session) on each. The consent form is
 * offered only where the receiver asks for one.
 */
export function AccessNav({ current }: { current: Page }) {
  const { access, referral } = useVerifiedAccess();
  const pages: { page: Page; label: string; href: string }[] = [
    { page: 'referral', label: 'Referral', href: paths.public.externalReferral.getHref(access.token) },
    ...(referral.consent.asked
      ? [
          {
            page: 'consent' as const,
            label: 'Consent form',
            href: paths.public.consent.getHref(access.token),
          },
        ]
      : []),
    { page: 'files', label: 'Send files', href: paths.public.uploadFiles.getHref(access.token) },
    {
      page: 'reports',
      label: `Reports (${referral.reports.length})`,
      href: paths.public.externalClinicalReports.getHref(access.token),
    },
  ];
  return (
    <Group component="nav" aria-label="This referral" gap="xs" wrap="wrap">
      {pages.map(({ page, label, href }) => (
        <Anchor
          key={page}
          component={Link}
          to={href}
          aria-current={page === current ? 'page' : undefined}
          px="sm"
          py={6}
          fw={page === current ? 600 : 500}
          underline={page === current ? 'never' : 'hover'}
          // The current page in dark text on the light tint: the primary colour on it is too faint to read.
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            color: page === current ? 'var(--mantine-color-black)' : undefined,
            background:
              page === current ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-white)',
            border: `1px solid var(${page === current ? '--mantine-primary-color-filled' : '--mantine-color-gray-3'})`,
          }}
        >
          {label}
        </Anchor>
      ))}
    </Group>
  );
}
