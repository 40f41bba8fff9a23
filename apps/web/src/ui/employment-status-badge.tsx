import { Badge } from '@mantine/core';
import type { EmploymentStatus } from '@referrals/domain/people/people-codes';
import type { CodedValue } from '@referrals/domain/api';

const STATUS_COLOURS: Readonly<Record<EmploymentStatus, string>> = {
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

/** An employment's status as a coloured badge with the status's own display text (spec section 4). */
export function EmploymentStatusBadge({ status }: { status: CodedValue & { value: EmploymentStatus } }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status.value]} style={{ flexShrink: 0 }}>
      {status.display}
    </Badge>
  );
}
