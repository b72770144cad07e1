import { RESOURCES } from '@cuepoint/core';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ConceptIcon } from '../../../components/icons.tsx';
import { resourceOptionsQuery } from '../../../components/resource/resource-options.ts';
import { MONITORING_PATHS } from '../paths.ts';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

const KINDS = [
  { spec: RESOURCES.liveStream, concept: 'liveStreams' },
  { spec: RESOURCES.vod, concept: 'vod' },
] as const;

/** System › Monitoring without a channel: every live stream and VOD asset, each a link to its charts. */
export function ChannelPicker() {
  const queries = useQueries({ queries: KINDS.map(({ spec }) => resourceOptionsQuery(spec)) });
  const failed = queries.find((q) => q.isError);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3">
          {T.pickerTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {T.pickerHint}
        </Text>
      </Stack>
      {failed ? (
        <Alert color="red" title={T.loadFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failed.error?.message}</Text>
            <Button
              size="xs"
              variant="filled"
              color="red.9"
              onClick={() => {
                for (const q of queries) if (q.isError) void q.refetch();
              }}
            >
              {T.retry}
            </Button>
          </Stack>
        </Alert>
      ) : queries.some((q) => q.isPending) ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{T.loading}</Text>
        </Group>
      ) : queries.every((q) => (q.data ?? []).length === 0) ? (
        <Text fw={600}>{T.empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {KINDS.map(({ spec, concept }, i) => (
            <Card key={spec.kind} withBorder padding="md" component="section" aria-label={spec.plural}>
              <Group gap={6} mb="xs" wrap="nowrap">
                <ConceptIcon concept={concept} size={18} />
                <Title order={3} size="h5">
                  {spec.plural}
                </Title>
              </Group>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {(queries[i]?.data ?? []).map((option) => (
                  <li key={option.value}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Anchor component={Link} to={MONITORING_PATHS.channel(option.value)}>
                        {option.label}
                      </Anchor>
                      <Text size="sm" c="dimmed" truncate>
                        {(option.record as { customerName?: string }).customerName}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
