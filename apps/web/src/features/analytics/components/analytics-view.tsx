import { Alert, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AnalyticsQuerySchema,
  defaultAnalyticsRange,
  type Analytics,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { REFERRAL_TYPES, TRIAGE_CATEGORIES } from '@referrals/domain/referrals/referral-codes';
import { useSearchParams } from 'react-router';
import { useAnalytics, type AnalyticsSource } from '../api/get-analytics';
import { ApiError } from '@/lib/api-error';
import { Outcomes, Rankings, WaitingNow, WaitingTimes, WeeklyVolumes } from './analytics-figures';
import { figureText, percent } from './figure-text';

const FILTERS = ['unit', 'triage_category', 'referrer', 'type'] as const;
/** Narrow enough for the range and four filters to sit on one line on a laptop. */
const FILTER_WIDTH = { base: '100%', xs: 180 };

/** The range and filters as the address carries them, the range defaulting to the last 26 weeks. */
function queryOf(params: URLSearchParams): { query: AnalyticsQuery; errors: Record<string, string> } {
  const fallback = defaultAnalyticsRange();
  const asked = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    ...Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : []))),
  };
  const parsed = AnalyticsQuerySchema.safeParse(asked);
  if (parsed.success) return { query: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { query: { ...fallback }, errors };
}

function seenText(seen: Analytics['waits'][number]['appointment']): string {
  if (seen.count === 0) return 'No one seen in the range';
  if (seen.count === null) return 'Fewer than 5 seen in the range';
  return `of ${seen.count} seen; median ${figureText(seen.median_days, seen.count)} days`;
}

function LoadFailure({ error, refused }: { error: unknown; refused: string }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Alert color="gray" title="Not available to you here">
        {refused}
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The figures could not be loaded">
      Please try again in a moment.
    </Alert>
  );
}

/** Seen within the recommended time, per triage category: the page's headline. */
function Headline({ figures }: { figures: Analytics }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {figures.waits.map((wait) => (
        <Paper key={wait.triage_category} withBorder radius="lg" p="md">
          <Text size="sm" c="gray.7">
            {TRIAGE_CATEGORIES[wait.triage_category]}: seen within {wait.recommended_days} days
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {figureText(wait.appointment.within_share, wait.appointment.count, percent)}
          </Text>
          <Text size="sm" c="gray.7">
            {seenText(wait.appointment)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Filters({
  query,
  errors,
  figures,
  unitLabel,
  onChange,
}: {
  unitLabel: string;
  query: AnalyticsQuery;
  errors: Record<string, string>;
  figures: Analytics | undefined;
  onChange: (name: string, value: string | null) => void;
}) {
  const units = figures?.units ?? [];
  const referrers = figures?.top_referrers ?? [];
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      aria-label="Range and filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label="From"
          value={query.from}
          error={errors.from}
          onChange={(event) => onChange('from', event.currentTarget.value || null)}
        />
        <TextInput
          type="date"
          label="To"
          value={query.to}
          error={errors.to}
          onChange={(event) => onChange('to', event.currentTarget.value || null)}
        />
        {units.length > 0 && (
          <Select
            w={FILTER_WIDTH}
            label={unitLabel}
            placeholder={`All ${unitLabel.toLowerCase()}s`}
            clearable
            data={units.map((unit) => ({ value: unit.id, label: unit.name }))}
            value={query.unit ?? null}
            onChange={(value) => onChange('unit', value)}
          />
        )}
        <Select
          w={FILTER_WIDTH}
          label="Triage category"
          placeholder="All categories"
          clearable
          data={Object.entries(TRIAGE_CATEGORIES).map(([value, label]) => ({ value, label }))}
          value={query.triage_category ?? null}
          onChange={(value) => onChange('triage_category', value)}
        />
        <Select
          w={FILTER_WIDTH}
          label="Referrer"
          placeholder="All referrers"
          clearable
          searchable
          data={referrers.map((referrer) => ({ value: referrer.id, label: referrer.name }))}
          value={query.referrer ?? null}
          onChange={(value) => onChange('referrer', value)}
          nothingFoundMessage="No referrer in the range"
        />
        <Select
          w={FILTER_WIDTH}
          label="Referral type"
          placeholder="All types"
          clearable
          data={Object.entries(REFERRAL_TYPES).map(([value, label]) => ({ value, label }))}
          value={query.type ?? null}
          onChange={(value) => onChange('type', value)}
        />
      </Group>
    </Paper>
  );
}

/**
 * The analytics page's body (docs/analytics.md): its range and filters, kept in the address, and the
 * figures of `source`, each a chart with its table and CSV. `unitLabel` names what `unit` narrows to;
 * `refused` is what a caller the API refuses (403) reads.
 */
export function AnalyticsView({
  source,
  unitLabel,
  refused,
}: {
  source: AnalyticsSource;
  unitLabel: string;
  refused: string;
}) {
  const [params, setParams] = useSearchParams();
  const { query, errors } = queryOf(params);
  const analytics = useAnalytics(source, query);
  const figures = analytics.data;
  const change = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const fileName = `waiting-times-${query.from}-to-${query.to}`;
  return (
    <Stack gap="lg">
      <Filters query={query} errors={errors} figures={figures} unitLabel={unitLabel} onChange={change} />
      {analytics.isError && <LoadFailure error={analytics.error} refused={refused} />}
      {figures === undefined ? (
        !analytics.isError && <Loader aria-label="Loading the figures" />
      ) : (
        <Stack
          gap="lg"
          aria-busy={analytics.isFetching}
          style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}
        >
          <Headline figures={figures} />
          <WeeklyVolumes figures={figures} fileName={fileName} />
          <WaitingTimes figures={figures} fileName={fileName} />
          <WaitingNow figures={figures} fileName={fileName} />
          <Outcomes figures={figures} fileName={fileName} />
          <Rankings figures={figures} fileName={fileName} />
        </Stack>
      )}
    </Stack>
  );
}
