import { Badge } from '@mantine/core';
import type { ImportItemStatus } from '@referrals/domain/imports/import-codes';

const COLOURS: Record<ImportItemStatus, string> = { new: 'blue', dismissed: 'gray', converted: 'teal' };

export function ImportStatusBadge({ status }: { status: { value: ImportItemStatus; display: string } }) {
  return (
    <Badge color={COLOURS[status.value]} variant="light">
      {status.display}
    </Badge>
  );
}
