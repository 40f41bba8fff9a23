import { Anchor } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { StatusPage } from '@/ui/status-page';

/** /maintenance, and every route while the maintenance flag is on (spec sections 2 and 9). */
export function MaintenancePage() {
  const { supportEmail } = getRuntimeConfig();
  return (
    <StatusPage icon={IconTool} color="orange" title="Down for maintenance">
      Referrals is being updated and will be back shortly. Referrals you have already sent are safe. If
      something cannot wait, contact support at{' '}
      <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
    </StatusPage>
  );
}
