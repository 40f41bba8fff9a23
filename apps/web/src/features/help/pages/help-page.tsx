import { Anchor, Stack, Text } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { ComingSoon } from '@/ui/coming-soon';

/** Help Desk (spec section 2). The support address is real today, so it is shown now. */
export function HelpPage() {
  const { supportEmail } = getRuntimeConfig();
  return (
    <Stack gap="lg">
      <ComingSoon
        title="Help Desk"
        icon={IconHelp}
        description="Guides and answers about sending, triaging and tracking referrals, writing clinical reports and managing your establishment."
        plannedFeatures={[
          'Step-by-step guides for each screen',
          'Answers to common questions',
          'Raise a request with our support team',
        ]}
      />
      <Text>
        Need help now? Contact support at <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
      </Text>
    </Stack>
  );
}
