import {
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  REPORT_INTERVAL_LABELS,
  REPORT_INTERVALS,
  REPORT_METRIC_LABELS,
  REPORT_METRICS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  type ReportGroup,
  type ReportInterval,
  type ReportMetric,
  type ReportPeriod,
  type ReportResponse,
  reportCsv,
  reportQueryParams,
  reportTable,
} from '@cuepoint/core';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useReport } from '../api/reports.ts';
import { ReportCharts } from '../components/report-charts.tsx';
import { downloadText, ReportTable } from '../components/report-table.tsx';
import { SavedReports, SaveReportDialog } from '../components/saved-reports.tsx';
import { formIssues, formOf, paramsOf, type ReportForm, storedQueryOf } from '../report-params.ts';
import classes from '../reports.module.css';
import { REPORTS_TEXTS as T } from '../texts.ts';

/** A report with no traffic and no delivery at all in its period. */
const isEmpty = (data: ReportResponse) =>
  data.rows.length === 0 ||
  data.rows.every(
    (r) =>
      !r.impressions &&
      !r.campaignImpressions &&
      !r.revenueMillicents &&
      !r.viewerHours &&
      !r.adErrors &&
      r.adLatencyP50 === null &&
      r.fillRate === null,
  );

const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The period, grouping and metrics: every change goes to the URL at once, the messages under their fields. */
function ReportControls({
  form,
  issues,
  set,
}: {
  form: ReportForm;
  issues: ReturnType<typeof formIssues>;
  set: (next: Partial<ReportForm>) => void;
}) {
  return (
    <Stack gap="sm" className={classes.noPrint}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label={T.period}
          value={form.period}
          onChange={(value) => value && set({ period: value as ReportPeriod })}
          data={labelled(REPORT_PERIODS, REPORT_PERIOD_LABELS)}
          allowDeselect={false}
          w={160}
        />
        {form.period === 'range' && (
          <>
            <TextInput
              type="date"
              label={T.fromDate}
              value={form.from}
              onChange={(event) => set({ from: event.currentTarget.value })}
              error={issues.from}
              dir="ltr"
            />
            <TextInput
              type="date"
              label={T.toDate}
              value={form.to}
              onChange={(event) => set({ to: event.currentTarget.value })}
              error={issues.to}
              dir="ltr"
            />
          </>
        )}
        {(form.period === 'month' || form.period === 'year') && (
          <TextInput
            label={T.year}
            inputMode="numeric"
            value={form.year}
            onChange={(event) => set({ year: event.currentTarget.value })}
            error={issues.year}
            w={110}
            dir="ltr"
          />
        )}
        {form.period === 'month' && (
          <TextInput
            label={T.month}
            inputMode="numeric"
            value={form.month}
            onChange={(event) => set({ month: event.currentTarget.value })}
            error={issues.month}
            w={90}
            dir="ltr"
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-group-label">
            {T.groupBy}
          </Text>
          <SegmentedControl
            aria-labelledby="report-group-label"
            value={form.groupBy}
            onChange={(value) => set({ groupBy: value as ReportGroup })}
            data={labelled(REPORT_GROUPS, REPORT_GROUP_LABELS)}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-interval-label">
            {T.interval}
          </Text>
          <SegmentedControl
            aria-labelledby="report-interval-label"
            value={form.interval}
            onChange={(value) => set({ interval: value as ReportInterval })}
            data={labelled(REPORT_INTERVALS, REPORT_INTERVAL_LABELS)}
          />
        </Stack>
      </Group>
      <Checkbox.Group
        label={T.metrics}
        value={form.metrics}
        onChange={(value) => set({ metrics: value as ReportMetric[] })}
        error={issues.metrics}
      >
        <Group gap="md" mt={6}>
          {REPORT_METRICS.map((metric) => (
            <Checkbox key={metric} value={metric} label={REPORT_METRIC_LABELS[metric]} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}

/**
 * Reports (/reports, main administrator): the usage report over a period with its charts, a table
 * with totals, CSV export and a print view (A3, the chrome and controls hidden), and the saved
 * reports. The whole query lives in the URL.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Reports';
  const [search, setSearch] = useSearchParams();
  const now = useMemo(() => new Date(), []);
  const form = formOf(search, now);
  const issues = formIssues(form, now);
  const valid = Object.keys(issues).length === 0;
  const report = useReport(valid ? paramsOf(form) : null);
  const [saving, setSaving] = useState(false);

  const set = (next: Partial<ReportForm>) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(paramsOf({ ...formOf(current, now) }));
        // Keep what the user typed for every period kind, so switching back finds it.
        for (const key of ['from', 'to', 'year', 'month'] as const) {
          const value = current.get(key);
          if (value !== null) copy.set(key, value);
        }
        for (const [key, value] of Object.entries(next))
          copy.set(key, Array.isArray(value) ? value.join(',') : String(value));
        return copy;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" className={classes.report}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed" className={classes.noPrint}>
            {T.intro}
          </Text>
        </Stack>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            disabled={!valid || !report.data}
            onClick={() => {
              if (!report.data) return;
              downloadText(
                `report-${report.data.from}-${report.data.to}.csv`,
                reportCsv(reportTable(report.data)),
                'text/csv;charset=utf-8',
              );
            }}
          >
            {T.exportCsv}
          </Button>
          <Button variant="default" disabled={!valid || !report.data} onClick={() => window.print()}>
            {T.print}
          </Button>
          <Button disabled={!valid} onClick={() => setSaving(true)}>
            {T.save}
          </Button>
        </Group>
      </Group>
      <ReportControls form={form} issues={issues} set={set} />
      {valid ? (
        <QueryState
          query={report}
          loading={T.loading}
          failed={T.loadFailed}
          empty={{ when: isEmpty, text: T.empty, concept: 'reports', testId: 'report-empty' }}
        >
          {(data) => (
            <>
              <ReportCharts data={data} />
              <ReportTable
                table={reportTable(data)}
                caption={T.caption(
                  data.from,
                  data.to,
                  data.groupBy === 'period'
                    ? REPORT_INTERVAL_LABELS[data.interval]
                    : REPORT_GROUP_LABELS[data.groupBy],
                )}
              />
            </>
          )}
        </QueryState>
      ) : (
        <Text c="dimmed">{T.fixPeriod}</Text>
      )}
      <div className={classes.noPrint}>
        <SavedReports onOpen={(query) => setSearch(new URLSearchParams(reportQueryParams(query)))} />
      </div>
      {saving && <SaveReportDialog opened onClose={() => setSaving(false)} query={storedQueryOf(form)} />}
    </Stack>
  );
}
