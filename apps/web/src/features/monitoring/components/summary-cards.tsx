import type { SeriesResponse } from '@cuepoint/core';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatMs, formatPercent } from '../format.ts';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

type Totals = SeriesResponse['totals'];
const CARDS: { key: keyof typeof T.totals; value: (t: Totals) => string }[] = [
  { key: 'viewers', value: (t) => formatCount(t.viewers) },
  { key: 'requests', value: (t) => formatCount(t.requests) },
  { key: 'sessions', value: (t) => formatCount(t.sessions) },
  { key: 'fillRate', value: (t) => formatPercent(t.fillRate) },
  { key: 'adRequests', value: (t) => formatCount(t.adRequests) },
  { key: 'adErrorRate', value: (t) => formatPercent(t.adErrorRate) },
  { key: 'adLatencyP95', value: (t) => formatMs(t.adLatencyP95) },
  { key: 'originErrorRate', value: (t) => formatPercent(t.originErrorRate) },
];

/** The period's totals, one card each. */
export function SummaryCards({ totals }: { totals: Totals }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, xl: 8 }} spacing="sm" data-testid="monitoring-totals">
      {CARDS.map(({ key, value }) => (
        <Card key={key} withBorder padding="sm" data-total={key}>
          <Text size="sm" c="dimmed">
            {T.totals[key]}
          </Text>
          <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            <bdi dir="ltr">{value(totals)}</bdi>
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
