import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REFERRAL_ACTIONS } from '@referrals/domain/referrals/referral-codes';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { lazy, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { MountWhenOpened } from '@/ui/mount-when-opened';
import { useReferralAction, type PageAction } from '../referral-actions';

const DeleteReferralDialog = lazy(() =>
  import('./delete-referral-dialog').then((m) => ({ default: m.DeleteReferralDialog })),
);
const ConvertReferralDialog = lazy(() =>
  import('./convert-referral-dialog').then((m) => ({ default: m.ConvertReferralDialog })),
);
const ShareReferralDialog = lazy(() =>
  import('./share-referral-dialog').then((m) => ({ default: m.ShareReferralDialog })),
);

/** The flows someone else's pages run; the page only leads there (spec section 2 guarded children). */
const FLOW_LINKS = [
  {
    actions: ['accept', 'waitlist', 'schedule', 'manual_schedule'],
    label: 'Triage',
    href: paths.referrals.triage.getHref,
    // The receiver's next step; the other flows stay secondary beside it.
    primary: true,
  },
  { actions: ['reschedule'], label: REFERRAL_ACTIONS.reschedule, href: paths.referrals.reschedule.getHref },
  { actions: ['forward'], label: REFERRAL_ACTIONS.forward, href: paths.referrals.forward.getHref },
  { actions: ['return'], label: REFERRAL_ACTIONS.return, href: paths.referrals.return.getHref },
  { actions: ['recall'], label: REFERRAL_ACTIONS.recall, href: paths.referrals.recall.getHref },
  { actions: ['renew'], label: REFERRAL_ACTIONS.renew, href: paths.referrals.renew.getHref },
] as const;

/** Actions done in one call, with the toast that confirms them. */
const DIRECT_ACTIONS = [
  { action: 'archive', done: 'Referral archived' },
  { action: 'unarchive', done: 'Referral unarchived' },
  { action: 'clone', done: 'Referral cloned' },
  { action: 'copy', done: 'Referral copied' },
] as const satisfies readonly { action: PageAction; done: string }[];

function failed(error: unknown) {
  notifications.show({
    color: 'red',
    title: 'The action failed',
    message: error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
  });
}

/**
 * The buttons for exactly the actions the referral's `allowed_actions` lists for this side now
 * (referral-lifecycle.md; the server computes them from the domain's table). Filing to the sender's
 * clinical record is on the clinical summary's card; the receiver's upload to an EMR is not offered, since
 * no receiver's EMR is connected.
 */
export function ReferralActionBar({ referral }: { referral: Referral }) {
  const allowed = new Set(referral.allowed_actions);
  const navigate = useNavigate();
  const action = useReferralAction(referral.id);
  const [dialog, setDialog] = useState<'convert' | 'delete' | 'share' | null>(null);

  const run = (name: PageAction, done: string) =>
    action.mutate(name, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', title: done, message: '' });
        // Clone and copy answer the new draft, which opens in the creation wizard.
        if (name === 'clone' || name === 'copy') void navigate(paths.referrals.create.getHref(answer.id));
      },
      onError: failed,
    });

  return (
    <Group gap="xs">
      {allowed.has('convert') && (
        <Button onClick={() => setDialog('convert')}>{REFERRAL_ACTIONS.convert}</Button>
      )}
      {FLOW_LINKS.filter((flow) => flow.actions.some((name) => allowed.has(name))).map((flow) => (
        <Button
          key={flow.label}
          component={Link}
          to={flow.href(referral.id)}
          variant={'primary' in flow ? 'filled' : 'default'}
        >
          {flow.label}
        </Button>
      ))}
      {DIRECT_ACTIONS.filter(({ action: name }) => allowed.has(name)).map(({ action: name, done }) => (
        <Button
          key={name}
          variant="default"
          loading={action.isPending && action.variables === name}
          disabled={action.isPending}
          onClick={() => run(name, done)}
        >
          {REFERRAL_ACTIONS[name]}
        </Button>
      ))}
      {allowed.has('share') && (
        <Button variant="default" onClick={() => setDialog('share')}>
          {REFERRAL_ACTIONS.share}
        </Button>
      )}
      {allowed.has('delete') && (
        <Button variant="default" color="red" onClick={() => setDialog('delete')}>
          {REFERRAL_ACTIONS.delete}
        </Button>
      )}
      <MountWhenOpened opened={dialog === 'convert'}>
        <ConvertReferralDialog
          referralId={referral.id}
          opened={dialog === 'convert'}
          onClose={() => setDialog(null)}
        />
      </MountWhenOpened>
      <MountWhenOpened opened={dialog === 'share'}>
        <ShareReferralDialog
          referralId={referral.id}
          opened={dialog === 'share'}
          onClose={() => setDialog(null)}
        />
      </MountWhenOpened>
      <MountWhenOpened opened={dialog === 'delete'}>
        <DeleteReferralDialog
          referral={referral}
          opened={dialog === 'delete'}
          onClose={() => setDialog(null)}
        />
      </MountWhenOpened>
    </Group>
  );
}
