import { Anchor, Grid, Stack, Tabs, Text, Title } from '@mantine/core';
import { canSeeImportQueue } from '@referrals/domain/people/access-rules';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useAccessContext } from '@/lib/access-context';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';
import { PatientPickerContext } from '../patient-picker-context';
import { StatusPanel } from '@/ui/status-page';
import { ImportItemPanel } from '../components/import-item-panel';
import { ImportQueueList } from '../components/import-queue-list';
import { PaperReferralForm } from '../components/paper-referral-form';

const TABS = { queue: 'import-queue', paper: 'paper-referral' } as const;
type Tab = (typeof TABS)[keyof typeof TABS];

function ImportQueueTab({ establishmentId }: { establishmentId: string }) {
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const selected = params.get('item');
  const open = (id: string | null) =>
    setParams(id === null ? {} : { item: id }, { preventScrollReset: true });
  const list = <ImportQueueList selectedId={selected} onOpen={open} />;
  if (!wide) {
    return selected === null ? (
      list
    ) : (
      <Stack gap="md">
        <Anchor
          component="button"
          type="button"
          onClick={() => open(null)}
          style={{ alignSelf: 'flex-start' }}
        >
          <IconArrowLeft size={14} aria-hidden /> Back to the queue
        </Anchor>
        <ImportItemPanel key={selected} itemId={selected} establishmentId={establishmentId} />
      </Stack>
    );
  }
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={4}>{list}</Grid.Col>
      <Grid.Col span={8}>
        {selected === null ? (
          <Text c="gray.7" mt="md">
            Choose an item to see its attachments and record it as a referral.
          </Text>
        ) : (
          <ImportItemPanel key={selected} itemId={selected} establishmentId={establishmentId} />
        )}
      </Grid.Col>
    </Grid>
  );
}

/**
 * Manual referrals (spec section 2: /referrals/manual with #import-queue; docs/import-queue.md): the
 * emails and faxes that reached the establishment's intake address, and paper referrals typed in.
 */
export function ManualReferralsPage({ patientPicker }: { patientPicker: PatientPickerSlot }) {
  const access = useAccessContext();
  const location = useLocation();
  const navigate = useNavigate();
  const tab: Tab = location.hash === `#${TABS.paper}` ? TABS.paper : TABS.queue;
  const { data: profile } = useProfile();
  const establishmentId = profile === undefined ? undefined : currentEmployment(profile)?.establishment.id;
  if (access !== undefined && (!canSeeImportQueue(access) || establishmentId === undefined)) {
    return (
      <StatusPanel icon={IconLock} title="Manual referrals are for the staff who take referrals in">
        Ask your practice manager for the permission to accept referrals at your establishment.
      </StatusPanel>
    );
  }
  return (
    <PatientPickerContext value={patientPicker}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Manual referrals
          </Title>
          <Text c="gray.7">
            Referrals that reached you by email, fax or post, recorded so they are triaged and tracked with
            the rest.
          </Text>
        </Stack>
        <Tabs
          value={tab}
          onChange={(value) => void navigate({ hash: value ?? TABS.queue, search: '' }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value={TABS.queue}>Import queue</Tabs.Tab>
            <Tabs.Tab value={TABS.paper}>Paper referral</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={TABS.queue} pt="lg">
            {establishmentId !== undefined && <ImportQueueTab establishmentId={establishmentId} />}
          </Tabs.Panel>
          <Tabs.Panel value={TABS.paper} pt="lg">
            {establishmentId !== undefined && <PaperReferralForm establishmentId={establishmentId} />}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PatientPickerContext>
  );
}
