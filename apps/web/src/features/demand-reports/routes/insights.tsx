import '@mantine/charts/styles.css';
import { INSIGHTS_GROUPS, type InsightsGroup, type InsightsResponse } from '@cuepoint/core';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import {
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ChartCard } from '../../../components/chart-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { type InsightsParams, useInsights } from '../api/demand-reports.ts';
import { formatCount, formatRevenue, formatShare, isoDay } from '../format.ts';
import { DEMAND_REPORTS_TEXTS } from '../texts.ts';

const T = DEMAND_REPORTS_TEXTS.insights;
const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period and grouping, kept in the URL (?from=&to=&groupBy=): the last 30 days by day by default. */
function useParams(): [InsightsParams, (next: Partial<InsightsParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const today = isoDay(Date.now());
  const from = search.get('from');
  const to = search.get('to');
  const group = search.get('groupBy');
  const params: InsightsParams = {
    from: from && DAY.test(from) ? from : isoDay(Date.now() - (DEFAULT_DAYS - 1) * DAY_MS),
    to: to && DAY.test(to) ? to : today,
    groupBy: INSIGHTS_GROUPS.includes(group as InsightsGroup) ? (group as InsightsGroup) : 'day',
  };
  const set = (next: Partial<InsightsParams>) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) copy.set(key, String(value));
        return copy;
      },
      { replace: true },
    );
  return [params, set];
}

function SummaryCards({ data }: { data: InsightsResponse }) {
  const cards = [
    { label: T.cards.impressions, value: formatCount(data.totals.impressions) },
    { label: T.cards.campaignImpressions, value: formatCount(data.totals.campaignImpressions) },
    { label: T.cards.revenue, value: formatRevenue(data.totals.revenueMillicents) },
    { label: T.cards.fillRate, value: formatShare(data.totals.fillRate) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fz="xl" fw={700} data-card={card.label}>
            {card.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Charts({ data }: { data: InsightsResponse }) {
  const points = data.days.map((d) => ({
    day: d.day.slice(5),
    impressions: d.impressions,
    campaignImpressions: d.campaignImpressions,
    revenue: d.revenueMillicents / 100_000,
    fillRate: d.fillRate === null ? null : d.fillRate * 100,
  }));
  const common = {
    h: 220,
    data: points,
    dataKey: 'day',
    tickLine: 'y' as const,
    xAxisProps: { minTickGap: 24 },
  };
  const chart = (name: string, title: string, child: ReactNode) => (
    <ChartCard name={name} title={title}>
      {child}
    </ChartCard>
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      {chart(
        'impressions',
        T.charts.impressions,
        <BarChart
          {...common}
          withLegend
          valueFormatter={formatCount}
          series={[
            { name: 'impressions', label: T.series.impressions, color: 'blue.6' },
            { name: 'campaignImpressions', label: T.series.campaignImpressions, color: 'teal.6' },
          ]}
        />,
      )}
      {chart(
        'revenue',
        T.charts.revenue,
        <AreaChart
          {...common}
          curveType="linear"
          withDots={false}
          valueFormatter={(v) => formatRevenue(v * 100_000)}
          series={[{ name: 'revenue', label: T.series.revenue, color: 'grape.6' }]}
        />,
      )}
      {chart(
        'fillRate',
        T.charts.fillRate,
        <LineChart
          {...common}
          curveType="linear"
          connectNulls={false}
          yAxisProps={{ domain: [0, 100] }}
          valueFormatter={(v) => `${v.toFixed(1)} %`}
          series={[{ name: 'fillRate', label: T.series.fillRate, color: 'orange.6' }]}
        />,
      )}
    </SimpleGrid>
  );
}

function RowsTable({ data }: { data: InsightsResponse }) {
  const C = T.columns;
  const group = T.groups[data.groupBy];
  const withCustomer = data.groupBy === 'stream' || data.groupBy === 'campaign';
  const figures = (f: InsightsResponse['totals']) => (
    <>
      <Table.Td ta="end">{formatCount(f.impressions)}</Table.Td>
      <Table.Td ta="end">{formatCount(f.campaignImpressions)}</Table.Td>
      <Table.Td ta="end">{formatRevenue(f.revenueMillicents)}</Table.Td>
      <Table.Td ta="end">{formatCount(f.avails)}</Table.Td>
      <Table.Td ta="end">{formatShare(f.fillRate)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} aria-labelledby="insights-caption">
      <Table striped highlightOnHover captionSide="top">
        <Table.Caption id="insights-caption">{T.caption(data.from, data.to, group)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.label(group)}</Table.Th>
            {withCustomer && <Table.Th scope="col">{C.customerName}</Table.Th>}
            <Table.Th scope="col" ta="end">
              {C.impressions}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.campaignImpressions}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.revenue}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.avails}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.fillRate}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {withCustomer && <Table.Td>{row.customerName ?? DEMAND_REPORTS_TEXTS.none}</Table.Td>}
              {figures(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{T.total}</Table.Th>
            {withCustomer && <Table.Td />}
            {figures(data.totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Insights (/insights, main administrator): impressions, fill rate and revenue over a period, by
 * day, customer, stream or asset, or campaign, with charts per day and a table with totals.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Insights';
  const [params, setParams] = useParams();
  const insights = useInsights(params);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="date"
          label={T.from}
          value={params.from}
          max={params.to}
          onChange={(event) =>
            DAY.test(event.currentTarget.value) && setParams({ from: event.currentTarget.value })
          }
        />
        <TextInput
          type="date"
          label={T.to}
          value={params.to}
          min={params.from}
          onChange={(event) =>
            DAY.test(event.currentTarget.value) && setParams({ to: event.currentTarget.value })
          }
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="insights-group-label">
            {T.groupBy}
          </Text>
          <SegmentedControl
            aria-labelledby="insights-group-label"
            value={params.groupBy}
            onChange={(value) => setParams({ groupBy: value as InsightsGroup })}
            data={INSIGHTS_GROUPS.map((value) => ({ value, label: T.groups[value] }))}
          />
        </Stack>
      </Group>
      <QueryState query={insights} loading={T.loading} failed={DEMAND_REPORTS_TEXTS.loadFailed}>
        {(data) => (
          <>
            <SummaryCards data={data} />
            <Charts data={data} />
            {data.rows.length === 0 ? <Text c="dimmed">{T.empty}</Text> : <RowsTable data={data} />}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
