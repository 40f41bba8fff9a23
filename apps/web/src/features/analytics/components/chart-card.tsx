import { Box, Button, Group, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { tableToCsv } from '@referrals/domain/analytics/waiting-times';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { saveBlob } from '@/lib/save-blob';
import { SectionCard } from '@/ui/section-card';

export type FigureTable = {
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
};

/**
 * One figure of the analytics page: its chart, or its table on request, and a CSV of that same table.
 * The table is always in the page for screen readers (visually hidden beside the chart, whose drawing
 * they skip), so what a chart shows is never only a picture.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  fileName,
  note,
  empty,
}: {
  title: string;
  description: ReactNode;
  /** The drawing; null when the figure has no chart of its own (the table is then the view). */
  chart: ReactNode | null;
  table: FigureTable;
  /** The CSV's file name, without the extension. */
  fileName: string;
  /** A line under the figure: what a suppressed cell means, what the chart leaves out. */
  note?: ReactNode;
  /** Shown in place of the figure when it has no rows. */
  empty?: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const showTable = chart === null || view === 'table';
  const tableView = <FigureTableView table={table} caption={title} />;
  const controls = (
    <Group gap="xs" wrap="nowrap">
      {chart !== null && (
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
          aria-label={`Show ${title.toLowerCase()} as`}
        />
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() =>
          saveBlob(
            new Blob([tableToCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }),
            `${fileName}.csv`,
          )
        }
        aria-label={`Download ${title.toLowerCase()} as CSV`}
      >
        CSV
      </Button>
    </Group>
  );
  return (
    <SectionCard title={title} description={description} aside={controls}>
      {empty !== undefined ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : showTable ? (
        // A wide table scrolls sideways on a narrow screen; focusable, so the keyboard can scroll it too.
        <Box tabIndex={0} style={{ overflowX: 'auto' }} role="group" aria-label={`${title} table`}>
          {tableView}
        </Box>
      ) : (
        <>
          <div aria-hidden>{chart}</div>
          <VisuallyHidden>{tableView}</VisuallyHidden>
        </>
      )}
      {note !== undefined && (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      )}
    </SectionCard>
  );
}

function FigureTableView({ table, caption }: { table: FigureTable; caption: string }) {
  return (
    <Table striped withTableBorder fz="sm" miw={480}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {table.header.map((heading, index) => (
            <Table.Th key={heading} ta={index === 0 ? 'left' : 'right'} scope="col">
              {heading}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, rowIndex) => (
          <Table.Tr key={rowIndex}>
            {row.map((cell, index) =>
              index === 0 ? (
                <Table.Th key={index} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={index} ta="right">
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
