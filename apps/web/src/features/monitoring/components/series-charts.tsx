import type { MonitoringPeriod, SeriesResponse } from '@cuepoint/core';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { ChartCard } from '../../../components/chart-card.tsx';
import { formatAxisTime, formatCount, formatMs, formatPercent } from '../format.ts';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

const CHART_HEIGHT = 220;

/** One channel's charts over the period: viewers, requests, fill rate, ad-server latency, errors. */
export function SeriesCharts({ series, period }: { series: SeriesResponse; period: MonitoringPeriod }) {
  const data = series.points.map((p) => ({
    time: formatAxisTime(p.at, period === '7d'),
    viewers: p.viewers,
    requests: p.requests,
    fillRate: p.fillRate,
    p50: p.adLatencyP50,
    p95: p.adLatencyP95,
    p99: p.adLatencyP99,
    adErrors: p.adErrors,
    adTimeouts: p.adTimeouts,
    originErrors: p.originErrors,
    sourceSwitches: p.sourceSwitches,
  }));
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'time',
    tickLine: 'y' as const,
    gridAxis: 'xy' as const,
    xAxisProps: { minTickGap: 24 },
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard name="viewers" title={T.charts.viewers}>
        <AreaChart
          {...common}
          series={[{ name: 'viewers', label: T.series.viewers, color: 'blue.6' }]}
          curveType="linear"
          withDots={false}
          valueFormatter={formatCount}
        />
      </ChartCard>
      <ChartCard name="requests" title={T.charts.requests}>
        <BarChart
          {...common}
          series={[{ name: 'requests', label: T.series.requests, color: 'teal.6' }]}
          valueFormatter={formatCount}
        />
      </ChartCard>
      <ChartCard
        name="fill-rate"
        title={T.charts.fillRate}
        empty={series.points.every((p) => p.fillRate === null) ? T.noAvails : undefined}
      >
        <LineChart
          {...common}
          series={[{ name: 'fillRate', label: T.series.fillRate, color: 'grape.6' }]}
          curveType="linear"
          connectNulls={false}
          dotProps={{ r: 2 }}
          yAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v} %` }}
          valueFormatter={(v) => formatPercent(v)}
        />
      </ChartCard>
      <ChartCard
        name="ad-latency"
        title={T.charts.adLatency}
        empty={series.points.every((p) => p.adLatencyP50 === null) ? T.noAdRequests : undefined}
      >
        <LineChart
          {...common}
          series={[
            { name: 'p50', label: T.series.p50, color: 'blue.6' },
            { name: 'p95', label: T.series.p95, color: 'orange.6' },
            { name: 'p99', label: T.series.p99, color: 'red.7' },
          ]}
          curveType="linear"
          connectNulls={false}
          dotProps={{ r: 2 }}
          withLegend
          valueFormatter={(v) => formatMs(v)}
        />
      </ChartCard>
      <ChartCard name="errors" title={T.charts.errors}>
        <BarChart
          {...common}
          type="stacked"
          series={[
            { name: 'adErrors', label: T.series.adErrors, color: 'red.7' },
            { name: 'adTimeouts', label: T.series.adTimeouts, color: 'orange.6' },
            { name: 'originErrors', label: T.series.originErrors, color: 'gray.6' },
            { name: 'sourceSwitches', label: T.series.sourceSwitches, color: 'violet.6' },
          ]}
          withLegend
          valueFormatter={formatCount}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
