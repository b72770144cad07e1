import '@mantine/charts/styles.css';
import type { InventoryResource, InventoryResponse } from '@cuepoint/core';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useInventory } from '../api/demand-reports.ts';
import { formatCount, formatDecimal, formatShare } from '../format.ts';
import { DEMAND_REPORTS_TEXTS } from '../texts.ts';

const T = DEMAND_REPORTS_TEXTS.inventory;

function scheduled(resource: InventoryResource): string {
  const n = formatDecimal(resource.scheduledBreaks);
  if (resource.scheduledBreaksUnit === 'play') return T.perPlay(n);
  const base = resource.scheduledBreaks > 0 ? T.perHour(n) : T.markers;
  return resource.scheduledEvents > 0 ? `${base}, ${T.events(resource.scheduledEvents)}` : base;
}

function WeeksChart({ weeks }: { weeks: InventoryResponse['weeks'] }) {
  const data = weeks.map((w) => ({
    week: w.weekStart.slice(5),
    forecast: w.forecast,
    booked: w.booked,
    delivered: w.delivered ?? 0,
  }));
  return (
    <Card withBorder padding="md" component="section" aria-label={T.weeksTitle} data-chart="weeks">
      <Title order={2} size="h5">
        {T.weeksTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {T.weeksHint}
      </Text>
      <BarChart
        h={240}
        data={data}
        dataKey="week"
        withLegend
        tickLine="y"
        valueFormatter={formatCount}
        series={[
          { name: 'forecast', label: T.series.forecast, color: 'blue.6' },
          { name: 'booked', label: T.series.booked, color: 'orange.6' },
          { name: 'delivered', label: T.series.delivered, color: 'teal.6' },
        ]}
      />
    </Card>
  );
}

function ResourcesTable({ resources }: { resources: InventoryResource[] }) {
  const C = T.columns;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="inventory-table-title">
      <Title order={2} size="h5" id="inventory-table-title" mb="sm">
        {T.tableTitle}
      </Title>
      {/* Focusable (keyboard users scroll it at phone width), named by the card's title. */}
      <Table.ScrollContainer
        minWidth={860}
        type="native"
        tabIndex={0}
        aria-labelledby="inventory-table-title"
      >
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{C.name}</Table.Th>
              <Table.Th scope="col">{C.kind}</Table.Th>
              <Table.Th scope="col">{C.scheduled}</Table.Th>
              <Table.Th scope="col" ta="end">
                {C.avails}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {C.availMinutes}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {C.fillRate}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {C.impressions}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {C.forecast}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resources.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Th scope="row" fw={500}>
                  {r.name}
                  {r.customerName && (
                    <Text size="xs" c="dimmed">
                      {r.customerName}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={r.kind === 'vod' ? 'grape' : 'blue'}
                    style={{ overflow: 'visible' }}
                  >
                    {T.kinds[r.kind]}
                  </Badge>
                </Table.Td>
                <Table.Td>{scheduled(r)}</Table.Td>
                <Table.Td ta="end">{formatCount(r.avails)}</Table.Td>
                <Table.Td ta="end">{formatDecimal(r.availSeconds / 60)}</Table.Td>
                <Table.Td ta="end">{formatShare(r.fillRate)}</Table.Td>
                <Table.Td ta="end">{formatCount(r.impressions)}</Table.Td>
                <Table.Td ta="end">{formatCount(r.forecastImpressionsPerWeek)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * Inventory (/inventory): what the account's live streams and VOD assets can sell. Each one's break
 * schedule and the avails the data plane observed over the last 7 days, and per week the
 * impressions those avails could carry against what active campaigns booked.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Inventory';
  const inventory = useInventory();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <QueryState
        query={inventory}
        loading={T.loading}
        failed={DEMAND_REPORTS_TEXTS.loadFailed}
        empty={{ when: (data) => data.resources.length === 0, text: T.empty }}
      >
        {(data) => {
          const overbooked = data.weeks.filter((w) => w.delivered === null && w.booked > w.forecast).length;
          return (
            <>
              <Text size="sm" c="dimmed">
                {T.intro(data.adUnitSeconds)}
              </Text>
              {overbooked > 0 && <Alert color="yellow" title={T.overbooked(overbooked)} />}
              <WeeksChart weeks={data.weeks} />
              <ResourcesTable resources={data.resources} />
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
