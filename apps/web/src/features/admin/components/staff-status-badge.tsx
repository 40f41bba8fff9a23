import { Badge } from '@mantine/core';
import type { StaffMember } from '@referrals/domain/people/employment-schemas';

const COLOURS: Readonly<Record<StaffMember['status']['value'], string>> = {
  APPROVED: 'green',
  UNVERIFIED: 'yellow',
  REQUESTED: 'blue',
  INVITED: 'grape',
  FINISHED: 'gray',
  REJECTED: 'red',
  REVOKED: 'red',
  DECLINED: 'gray',
  INVITE_EXPIRED: 'gray',
};

/** A staff member's employment status with its own display text (spec section 4 Employment). */
export function StaffStatusBadge({ status }: { status: StaffMember['status'] }) {
  return (
    <Badge variant="light" color={COLOURS[status.value]}>
      {status.display}
    </Badge>
  );
}
