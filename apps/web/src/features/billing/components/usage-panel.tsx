/**
 * A customer's usage in a month: the four billable quantities, the plan in force and the plan
 * changes that make pro-rata lines. Used by /create-billing (any month) and the customer's
 * Billing (this month so far).
 */
import { BILLING_METRIC_LABELS, type Usage } from '@cuepoint/core';
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatCount, formatDate, formatQuantity } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.usage;
const PLANS = BILLING_SCREEN_TEXTS.plans;

export function UsagePanel({ usage, title, note }: { usage: Usage; title: string; note?: string }) {
  const headingId = useId();
  const figures = [
    {
      key: 'impressions',
      label: BILLING_METRIC_LABELS.impressions,
      value: formatCount(usage.quantities.impressions),
    },
    {
      key: 'viewerHours',
      label: BILLING_METRIC_LABELS.viewer_hours,
      value: formatQuantity(usage.quantities.viewerHours),
    },
    {
      key: 'liveChannels',
      label: BILLING_METRIC_LABELS.live_channels,
      value: formatCount(usage.quantities.liveChannels),
    },
    {
      key: 'vodHours',
      label: BILLING_METRIC_LABELS.vod_hours,
      value: formatQuantity(usage.quantities.vodHours),
    },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-testid="usage-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {T.plan}
            </Text>
            <Badge variant="light" tt="none">
              {PLANS[usage.plan]}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          {figures.map((figure) => (
            <div key={figure.key}>
              <Text component="dt" size="sm" c="dimmed">
                {figure.label}
              </Text>
              <Text component="dd" m={0} fz="lg" fw={700} data-usage={figure.key}>
                {figure.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {T.counted(formatDate(usage.from), formatDate(usage.to))}
          {note ? ` ${note}` : ''}
        </Text>
        {usage.planChanges.length > 0 && (
          <List size="sm" spacing={2}>
            {usage.planChanges.map((change) => (
              <List.Item key={change.at}>
                {T.planChange(PLANS[change.fromPlan], PLANS[change.toPlan], formatDate(change.at))}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
