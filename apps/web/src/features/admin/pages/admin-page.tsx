import { IconUserShield } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ComingSoon } from '@/ui/coming-soon';

function subtitleFor(subpage: string | undefined, user: string | undefined): string {
  if (user !== undefined) return `User ${user}`;
  return subpage === 'removed' ? 'Removed users' : 'All users';
}

/** The admin portal at admin/:page/:subpage?/:user? (spec section 2); the router has checked page and subpage. */
export function AdminPage() {
  const { subpage, user } = useParams();
  return (
    <ComingSoon
      title="Admin portal: Users"
      subtitle={subtitleFor(subpage, user)}
      icon={IconUserShield}
      description="Manage the people who use Referrals at your establishments: their roles, their access, and whether they are active or removed."
      plannedFeatures={['Find a user and see their employments', 'Remove a user or restore a removed one']}
    />
  );
}
