import { Badge, type BadgeProps } from '@mantine/core';
import type { CodedValue } from '@referrals/domain/api';
import type { ReferralStatus } from '@referrals/domain/referrals/referral-codes';

/** One colour per stage of the lifecycle; the badge's text names the status, so colour only helps scanning. */
const STATUS_COLOURS: Record<ReferralStatus, string> = {
  DRFT: 'gray',
  SBMT: 'blue',
  UPDT: 'blue',
  VWD: 'indigo',
  ACPT: 'teal',
  SCHDL: 'green',
  WLST: 'orange',
  RTRN: 'red',
  FWRD: 'gray',
};

/** A referral's status in the words the reader is given (the clinic's labels, or a patient's). */
export function ReferralStatusBadge({ status, size }: { status: CodedValue; size?: BadgeProps['size'] }) {
  const colour = STATUS_COLOURS[status.value as ReferralStatus] ?? 'gray';
  return (
    <Badge variant="light" color={colour} radius="sm" tt="none" size={size}>
      {status.display}
    </Badge>
  );
}
