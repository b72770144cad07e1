import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { usePlayoutChannels } from '../api/playout-api.ts';
import { ChannelCard } from '../components/channel-card.tsx';
import { PLAYOUT_UI_TEXTS as T } from '../texts.ts';

/**
 * Playout (main administrator, PLAYOUT=1): every customer's streamer channels as live channels,
 * started and stopped here, with what each plays now and next and its stitched playback URL.
 * Refreshed every few seconds while a channel runs.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Playout';
  const channels = usePlayoutChannels();
  const at = channels.data ? Date.parse(channels.data.at) : Date.now();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {T.intro}
          </Text>
        </Stack>
        {channels.isFetching && channels.data && <Loader size="xs" aria-hidden />}
      </Group>

      <QueryState
        query={channels}
        loading={T.loading}
        failed={T.loadFailed}
        empty={{
          when: (data) => data.data.length === 0,
          text: T.empty,
          concept: 'playout',
          testId: 'playout-empty',
        }}
      >
        {(data) => (
          <>
            {channels.isError && (
              <Alert color="yellow" role="status">
                {T.refreshFailed(channels.error.message)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {data.data.map((channel) => (
                <ChannelCard key={channel._id} channel={channel} at={at} />
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
