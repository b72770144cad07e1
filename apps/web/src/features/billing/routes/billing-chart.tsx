import '@mantine/charts/styles.css';
/**
 * /billing-history/billingChart (main administrator): revenue of issued invoices less credit
 * notes by month, and by plan (stacked), over a period of months kept in the URL (?from=&to=; the
 * last 12 months by default), with the same figures in a table beside the charts. A customer who
 * follows the address is sent to its Billing.
 */
import { BILLING_LIMITS, BILLING_TEXTS, type BillingChartResponse, monthsBetween } from '@cuepoint/core';
import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ChartCard } from '../../../components/chart-card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useSession } from '../../../lib/session.ts';
import { useBillingChart } from '../api/billing-api.ts';
import { BillingTabs } from '../components/billing-tabs.tsx';
import { MonthField } from '../components/month-field.tsx';
import { addMonths, formatMoney, formatMonth, isoMonth, MONTH, shortMonth } from '../format.ts';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.chart;
const PLANS = BILLING_SCREEN_TEXTS.plans;
const DEFAULT_MONTHS = 12;

/** The period of the URL: both months valid, in order and within the server's limit; else the default. */
function usePeriod(): [
  { from: string; to: string; error: string | null },
  (next: { from?: string; to?: string }) => void,
] {
  const [search, setSearch] = useSearchParams();
  const thisMonth = isoMonth(new Date());
  const toParam = search.get('to');
  const fromParam = search.get('from');
  const to = toParam && MONTH.test(toParam) ? toParam : thisMonth;
  const from = fromParam && MONTH.test(fromParam) ? fromParam : addMonths(to, -(DEFAULT_MONTHS - 1));
  const error =
    to < from
      ? BILLING_TEXTS.monthOrder
      : monthsBetween(from, to) > BILLING_LIMITS.chartMonths
        ? BILLING_TEXTS.chartRange
        : null;
  const set = (next: { from?: string; to?: string }) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) if (value) copy.set(key, value);
        return copy;
      },
      { replace: true },
    );
  return [{ from, to, error }, set];
}

export function Component() {
  const session = useSession();
  // The revenue of the platform is the administrator's; a customer's Billing is the history path.
  if (!session.user.profile.isMainAdmin) return <Navigate to={BILLING_PATHS.history} replace />;
  return <RevenueChart />;
}

function RevenueChart() {
  const title = useRouteTitle() ?? 'Billing Chart';
  const [period, setPeriod] = usePeriod();
  const chart = useBillingChart(period.from, period.to, period.error === null);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>
      <BillingTabs />
      <Group align="flex-start" gap="md" wrap="wrap">
        <MonthField
          label={T.from}
          value={period.from}
          required
          onChange={(from) => from && setPeriod({ from })}
        />
        <MonthField label={T.to} value={period.to} required onChange={(to) => to && setPeriod({ to })} />
      </Group>
      {period.error ? (
        <Text role="alert" c="var(--mantine-color-error)" size="sm">
          {period.error}
        </Text>
      ) : (
        <QueryState
          query={chart}
          loading={T.loading}
          failed={T.failed}
          empty={{
            when: (data) => data.months.every((month) => month.totalMinor === 0),
            text: T.empty,
            concept: 'billingHistory',
            testId: 'chart-empty',
          }}
        >
          {(data) => <Figures data={data} from={period.from} to={period.to} />}
        </QueryState>
      )}
    </Stack>
  );
}

const dollars = (minor: number) => minor / 100;
const fromDollars = (value: number) => formatMoney(Math.round(value * 100));

function Figures({ data, from, to }: { data: BillingChartResponse; from: string; to: string }) {
  const points = data.months.map((m) => ({
    month: shortMonth(m.month),
    revenue: dollars(m.totalMinor),
    standard: dollars(m.byPlan.standard),
    enterprise: dollars(m.byPlan.enterprise),
  }));
  const common = {
    h: 260,
    data: points,
    dataKey: 'month',
    tickLine: 'y' as const,
    valueFormatter: fromDollars,
    yAxisProps: { width: 80 },
  };
  const chart = (name: string, heading: string, child: ReactNode) => (
    <ChartCard name={name} title={heading}>
      {child}
    </ChartCard>
  );
  return (
    <SimpleGrid cols={{ base: 1, xl: 3 }} spacing="md">
      {chart(
        'revenue',
        T.byMonth,
        <BarChart {...common} series={[{ name: 'revenue', label: T.revenue, color: 'pink.6' }]} />,
      )}
      {chart(
        'plans',
        T.byPlan,
        <BarChart
          {...common}
          type="stacked"
          withLegend
          series={[
            { name: 'standard', label: PLANS.standard, color: 'blue.6' },
            { name: 'enterprise', label: PLANS.enterprise, color: 'teal.6' },
          ]}
        />,
      )}
      <RevenueTable data={data} from={from} to={to} />
    </SimpleGrid>
  );
}

/** The charts' figures as a table (what a screen reader or a keyboard reads). */
function RevenueTable({ data, from, to }: { data: BillingChartResponse; from: string; to: string }) {
  const C = T.columns;
  const sum = (pick: (m: BillingChartResponse['months'][number]) => number) =>
    data.months.reduce((total, m) => total + pick(m), 0);
  return (
    <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} aria-labelledby="revenue-caption">
      <Table striped captionSide="top" data-testid="revenue-table">
        <Table.Caption id="revenue-caption">{T.caption(formatMonth(from), formatMonth(to))}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.month}</Table.Th>
            <Table.Th scope="col" ta="end">
              {C.standard}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.enterprise}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.total}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw={500}>
                {formatMonth(m.month)}
              </Table.Th>
              <Table.Td ta="end">{formatMoney(m.byPlan.standard)}</Table.Td>
              <Table.Td ta="end">{formatMoney(m.byPlan.enterprise)}</Table.Td>
              <Table.Td ta="end">{formatMoney(m.totalMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{T.total}</Table.Th>
            <Table.Td ta="end">{formatMoney(sum((m) => m.byPlan.standard))}</Table.Td>
            <Table.Td ta="end">{formatMoney(sum((m) => m.byPlan.enterprise))}</Table.Td>
            <Table.Td ta="end">{formatMoney(sum((m) => m.totalMinor))}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
