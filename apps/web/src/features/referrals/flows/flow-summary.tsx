import { Table, Text } from '@mantine/core';

/**
 * What is about to be sent, on a flow's last page, label and value; a row left empty shows 'None' so the
 * user sees it was left out rather than lost.
 */
export function FlowSummary({ rows }: { rows: readonly (readonly [string, string | null | undefined])[] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>
              {value == null || value.trim() === '' ? (
                <Text c="gray.7" size="sm">
                  None
                </Text>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {value}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
