import { Badge } from '@mantine/core';
import type { ReportStatus } from '@referrals/domain/reports/report-codes';
import type { CodedValue } from '@referrals/domain/api';

const COLOURS: Record<ReportStatus, string> = { DRFT: 'gray', SBMT: 'blue', VWD: 'indigo', RVWD: 'green' };

/** A report's status; the text names it, the colour only helps scanning. */
export function ReportStatusBadge({ status }: { status: CodedValue }) {
  return (
    <Badge variant="light" color={COLOURS[status.value as ReportStatus] ?? 'gray'} radius="sm" tt="none">
      {status.display}
    </Badge>
  );
}
