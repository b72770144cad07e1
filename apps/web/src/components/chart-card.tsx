import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart in a titled card (a section named by its title); `name` marks its container for tests
 * (data-chart). `empty` says why the chart has nothing to draw, if so.
 */
export function ChartCard({
  name,
  title,
  empty,
  children,
}: {
  name: string;
  title: string;
  empty?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-chart={name} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {empty && (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Group>
      {children}
    </Card>
  );
}
