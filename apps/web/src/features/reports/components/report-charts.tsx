import '@mantine/charts/styles.css';
import { REPORT_METRICS, type ReportMetric, type ReportResponse } from '@cuepoint/core';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartCard } from '../../../components/chart-card.tsx';
import { REPORTS_TEXTS } from '../texts.ts';

const T = REPORTS_TEXTS.chartTitles;

/** One chart per chosen metric over the period's buckets (days, months or years). */
export function ReportCharts({ data }: { data: ReportResponse }) {
  const points = data.series.map((s) => ({
    bucket: s.bucket,
    impressions: s.impressions,
    campaignImpressions: s.campaignImpressions,
    fillRate: s.fillRate === null ? null : s.fillRate * 100,
    adErrors: s.adErrors,
    p50: s.adLatencyP50,
    p95: s.adLatencyP95,
    viewerHours: s.viewerHours,
    revenue: s.revenueMillicents / 100_000,
  }));
  const common = {
    h: 200,
    data: points,
    dataKey: 'bucket',
    tickLine: 'y' as const,
    xAxisProps: { minTickGap: 24 },
  };
  const line = { ...common, curveType: 'linear' as const, connectNulls: false };
  const charts: Record<ReportMetric, ReactNode> = {
    impressions: (
      <BarChart {...common} series={[{ name: 'impressions', label: T.impressions, color: 'blue.6' }]} />
    ),
    campaignImpressions: (
      <BarChart
        {...common}
        series={[{ name: 'campaignImpressions', label: T.campaignImpressions, color: 'teal.6' }]}
      />
    ),
    fillRate: (
      <LineChart
        {...line}
        yAxisProps={{ domain: [0, 100] }}
        series={[{ name: 'fillRate', label: T.fillRate, color: 'orange.6' }]}
      />
    ),
    adErrors: <BarChart {...common} series={[{ name: 'adErrors', label: T.adErrors, color: 'red.7' }]} />,
    adLatency: (
      <LineChart
        {...line}
        withLegend
        series={[
          { name: 'p50', label: 'p50', color: 'indigo.6' },
          { name: 'p95', label: 'p95', color: 'pink.6' },
        ]}
      />
    ),
    viewerHours: (
      <AreaChart
        {...line}
        withDots={false}
        series={[{ name: 'viewerHours', label: T.viewerHours, color: 'cyan.6' }]}
      />
    ),
    revenue: (
      <AreaChart
        {...line}
        withDots={false}
        series={[{ name: 'revenue', label: T.revenue, color: 'grape.6' }]}
      />
    ),
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {REPORT_METRICS.filter((m) => data.metrics.includes(m)).map((metric) => (
        <ChartCard key={metric} name={metric} title={T[metric]}>
          {charts[metric]}
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}
