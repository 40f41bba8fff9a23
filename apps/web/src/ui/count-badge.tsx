import { Badge, type BadgeProps } from '@mantine/core';
import { capCount } from '@referrals/domain/counters';

type CountBadgeProps = {
  count: number;
  /** The largest number shown before '<cap>+' (UNREAD_COUNTER_CAP, NOTIFICATION_BADGE_CAP). */
  cap: number;
  /** What is counted, for screen readers, e.g. 'unread'. */
  label: string;
} & Pick<BadgeProps, 'size' | 'variant' | 'color' | 'className' | 'style'>;

/** A counter badge capped as the spec requires (section 2 Layout: 999+ and 99+). */
export function CountBadge({ count, cap, label, size = 'sm', variant = 'filled', ...rest }: CountBadgeProps) {
  const text = capCount(count, cap);
  return (
    <Badge size={size} variant={variant} aria-label={`${text} ${label}`} {...rest}>
      {text}
    </Badge>
  );
}
