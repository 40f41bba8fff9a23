import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isLimitedMode } from '@referrals/domain/people/access-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccessContext } from '@/lib/access-context';
import { useProfile } from '@/lib/auth/get-profile';
import { browserSessionStorage } from '@/lib/browser-storage';
import { accessibleEmployments } from '@/lib/current-establishment';
import { currentEmployment } from '@/lib/profile-display';
import { paths } from '@/lib/paths';

const PROCEEDED_KEY = 'referrals.limited-mode-proceeded';

function hasProceeded(): boolean {
  return browserSessionStorage()?.getItem(PROCEEDED_KEY) === 'true';
}

function rememberProceeded(): void {
  try {
    browserSessionStorage()?.setItem(PROCEEDED_KEY, 'true');
  } catch {
    // Not remembered: the question comes back after a reload, which is harmless.
  }
}

/**
 * 'Switch establishments?' (spec section 2 Layout): at a personal space a practice administrator or
 * manager has only Help Desk, Dashboard and Settings. 'Proceed with Professional account' keeps that for
 * the rest of the session; 'Switch establishments' opens the selector, or Settings > establishments when
 * there is nowhere else to go.
 */
export function LimitedModeDialog({ onOpenSelector }: { onOpenSelector: () => void }) {
  const context = useAccessContext();
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const [closed, setClosed] = useState(hasProceeded);
  const limited = context !== undefined && isLimitedMode(context);
  if (!limited || profile === undefined) return null;

  const current = currentEmployment(profile);
  const elsewhere = accessibleEmployments(profile).some((e) => e.id !== current?.id);
  const proceed = () => {
    rememberProceeded();
    setClosed(true);
  };
  const switchEstablishments = () => {
    setClosed(true);
    if (elsewhere) onOpenSelector();
    else void navigate(paths.settings.section.getHref('establishments'));
  };

  return (
    <Modal opened={!closed} onClose={proceed} title="Switch establishments?" centered size="lg">
      <Stack gap="sm">
        <Text size="sm" lh={1.6}>
          You are in your professional account{current === undefined ? '' : `, ${current.establishment.name}`}
          . Practice administrators and managers can use Help Desk, the Dashboard and Settings here.
        </Text>
        <Text size="sm" c="gray.7" lh={1.6}>
          {elsewhere
            ? 'Switch to a practice, clinic or hospital you work at to see its referrals and patients.'
            : 'Join a practice, clinic or hospital in Settings to see its referrals and patients.'}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={proceed}>
          Proceed with Professional account
        </Button>
        <Button onClick={switchEstablishments} data-autofocus>
          Switch establishments
        </Button>
      </Group>
    </Modal>
  );
}
