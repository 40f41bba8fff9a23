import { BarChart, type BarChartProps } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import {
  SMALL_CELL_MINIMUM,
  WAITLIST_STAGE_LABELS,
  type Analytics,
} from '@referrals/domain/analytics/waiting-times';
import { TRIAGE_CATEGORIES } from '@referrals/domain/referrals/referral-codes';
import { formatCalendarDate } from '@referrals/domain/dates';
import { ChartCard, type FigureTable } from './chart-card';
import { countText, figureText, percent } from './figure-text';

/** The figures of the analytics page, each a chart with its table and CSV (docs/analytics.md). */

const SUPPRESSION_NOTE = `A count of 1 to ${SMALL_CELL_MINIMUM - 1} referrals, and any figure from fewer than ${SMALL_CELL_MINIMUM}, is shown as <${SMALL_CELL_MINIMUM} and left out of the chart, so no figure can point at a patient.`;

const CHART_HEIGHT = 260;
/**
 * The drawings are hidden from assistive technology, which reads each figure's table instead: recharts'
 * keyboard layer would put a focus stop inside that hidden drawing.
 */
const DRAWING = { accessibilityLayer: false } as const;

/** A figure's bar chart, drawn the page's way: its height, the value grid, no keyboard layer. */
function Bars(props: Omit<BarChartProps, 'barChartProps'>) {
  return <BarChart barChartProps={DRAWING} h={CHART_HEIGHT} tickLine="y" {...props} />;
}

export function WeeklyVolumes({ figures, fileName }: { figures: Analytics; fileName: string }) {
  const table: FigureTable = {
    header: ['Week starting', 'Received', 'Sent'],
    rows: figures.weekly.map((week) => [
      formatCalendarDate(week.week_start),
      countText(week.received),
      countText(week.sent),
    ]),
  };
  const data = figures.weekly.map((week) => ({
    week: formatCalendarDate(week.week_start),
    Received: week.received,
    Sent: week.sent,
  }));
  return (
    <ChartCard
      title="Referrals per week"
      description="Referrals received and sent each week (Monday to Sunday), by the day they were submitted."
      fileName={`${fileName}-referrals-per-week`}
      table={table}
      note={SUPPRESSION_NOTE}
      chart={
        <Bars
          data={data}
          dataKey="week"
          withLegend
          series={[
            { name: 'Received', color: 'teal.7' },
            { name: 'Sent', color: 'indigo.6' },
          ]}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        />
      }
    />
  );
}

export function WaitingTimes({ figures, fileName }: { figures: Analytics; fileName: string }) {
  const table: FigureTable = {
    header: [
      'Triage category',
      'Recommended (days)',
      'Triaged',
      'Median days to triage',
      '90th percentile to triage',
      'Seen',
      'Median days to appointment',
      '90th percentile to appointment',
      'Seen within recommended time',
    ],
    rows: figures.waits.map((wait) => [
      TRIAGE_CATEGORIES[wait.triage_category],
      wait.recommended_days,
      countText(wait.triage.count),
      figureText(wait.triage.median_days, wait.triage.count),
      figureText(wait.triage.p90_days, wait.triage.count),
      countText(wait.appointment.count),
      figureText(wait.appointment.median_days, wait.appointment.count),
      figureText(wait.appointment.p90_days, wait.appointment.count),
      figureText(wait.appointment.within_share, wait.appointment.count, percent),
    ]),
  };
  const data = figures.waits.map((wait) => ({
    category: TRIAGE_CATEGORIES[wait.triage_category],
    'Median to appointment': wait.appointment.median_days,
    '90th percentile to appointment': wait.appointment.p90_days,
    Recommended: wait.recommended_days,
  }));
  return (
    <ChartCard
      title="Waiting times by triage category"
      description="Days from submission to triage (of the referrals triaged in the range) and to the appointment (of those seen in it), against the clinically recommended time, with the share seen within it."
      fileName={`${fileName}-waiting-times`}
      table={table}
      note={SUPPRESSION_NOTE}
      chart={
        <Bars
          data={data}
          dataKey="category"
          withLegend
          yAxisLabel="Days"
          series={[
            { name: 'Median to appointment', color: 'teal.7' },
            { name: '90th percentile to appointment', color: 'orange.7' },
            { name: 'Recommended', color: 'gray.5' },
          ]}
        />
      }
    />
  );
}

export function WaitingNow({ figures, fileName }: { figures: Analytics; fileName: string }) {
  const table: FigureTable = {
    header: ['Stage', 'Waiting', 'Median days waiting', 'Longest wait (days)', 'Past recommended time'],
    rows: figures.waitlist.map((stage) => [
      WAITLIST_STAGE_LABELS[stage.stage],
      countText(stage.count),
      figureText(stage.median_days, stage.count),
      figureText(stage.oldest_days, stage.count),
      stage.stage === 'awaiting_triage' || stage.stage === 'uncategorised' ? '–' : countText(stage.overdue),
    ]),
  };
  const data = figures.waitlist.map((stage) => ({
    stage: WAITLIST_STAGE_LABELS[stage.stage],
    Waiting: stage.count,
  }));
  return (
    <ChartCard
      title="Waiting now"
      description="Referrals waiting today, whatever the range: for triage, and on the waitlist (accepted or waitlisted, not yet scheduled) by triage category, with how long they have waited since submission."
      fileName={`${fileName}-waiting-now`}
      table={table}
      note={SUPPRESSION_NOTE}
      chart={<Bars data={data} dataKey="stage" series={[{ name: 'Waiting', color: 'teal.7' }]} />}
    />
  );
}

const OUTCOME_LABELS = {
  returned: 'Returned',
  recalled: 'Recalled by the sender',
  forwarded: 'Forwarded',
} as const;

export function Outcomes({ figures, fileName }: { figures: Analytics; fileName: string }) {
  const kinds = ['returned', 'recalled', 'forwarded'] as const;
  const rows: (string | number)[][] = [];
  for (const kind of kinds) {
    const outcome = figures.outcomes[kind];
    rows.push([
      OUTCOME_LABELS[kind],
      'All reasons',
      countText(outcome.count),
      figureText(outcome.rate, outcome.count, percent),
    ]);
    for (const reason of outcome.reasons) {
      rows.push([OUTCOME_LABELS[kind], reason.display, countText(reason.count), '']);
    }
  }
  const data = kinds.map((kind) => ({
    outcome: OUTCOME_LABELS[kind],
    Rate:
      figures.outcomes[kind].rate === null
        ? null
        : Math.round((figures.outcomes[kind].rate ?? 0) * 1000) / 10,
  }));
  const received = figures.outcomes.received;
  return (
    <ChartCard
      title="Returned, recalled and forwarded"
      description={`Of the ${received === null ? 'fewer than 5' : received} referrals received in the range: how many were returned, recalled by their sender or forwarded, and why.`}
      fileName={`${fileName}-outcomes`}
      table={{ header: ['Outcome', 'Reason', 'Referrals', 'Rate'], rows }}
      note={SUPPRESSION_NOTE}
      chart={
        <Bars
          h={200}
          data={data}
          dataKey="outcome"
          valueFormatter={(value) => `${value}%`}
          series={[{ name: 'Rate', color: 'orange.7' }]}
        />
      }
    />
  );
}

function Ranking({
  title,
  description,
  rows,
  fileName,
}: {
  title: string;
  description: string;
  rows: Analytics['top_referrers'];
  fileName: string;
}) {
  const table: FigureTable = {
    header: ['Establishment', 'Referrals'],
    rows: rows.map((row) => [row.name, countText(row.count)]),
  };
  return (
    <ChartCard
      title={title}
      description={description}
      fileName={fileName}
      table={table}
      empty={rows.length === 0 ? 'None in the range.' : undefined}
      chart={
        rows.length === 0 ? null : (
          <Bars
            h={Math.max(120, rows.length * 34)}
            data={rows.map((row) => ({ name: row.name, Referrals: row.count }))}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 180 }}
            series={[{ name: 'Referrals', color: 'indigo.6' }]}
            tickLine="x"
          />
        )
      }
    />
  );
}

export function Rankings({ figures, fileName }: { figures: Analytics; fileName: string }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Ranking
        title="Top referrers"
        description="The establishments that referred the most to you in the range."
        rows={figures.top_referrers}
        fileName={`${fileName}-top-referrers`}
      />
      <Ranking
        title="Top receivers"
        description="The establishments you referred to the most in the range."
        rows={figures.top_receivers}
        fileName={`${fileName}-top-receivers`}
      />
    </SimpleGrid>
  );
}
