/**
 * /live-demo (main administrator): a showcase of a customer's live stream as its viewers get it,
 * stitched with its ads: pick a stream (any customer's active ones), play it, and watch its ad
 * breaks arrive on the timeline, each with its diagnostics. The header shows the chosen stream's
 * customer's logo. The choice lives in the URL, so a demo can be bookmarked and shared.
 */
import { PLAYBACK_PATHS, playbackPath, RESOURCES } from '@cuepoint/core';
import { Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PlaybackPanel } from '../../../components/playback/playback-panel.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { servedAt } from '../../../components/resource/detail-header.tsx';
import { resourceApi } from '../../../lib/resource-api.ts';
import { LIVE_DEMO_PARAMS as P } from '../params.ts';
import { LIVE_DEMO_TEXTS } from '../texts.ts';

const streams = resourceApi(RESOURCES.liveStream);
const ACTIVE_STREAMS = {
  page: 1,
  pageSize: 'All',
  sort: 'name',
  order: 'asc',
  filters: { status: 'active' },
} as const;

export function Component() {
  const [params, setParams] = useSearchParams();
  const query = useQuery(streams.listOptions(ACTIVE_STREAMS));
  const chosenId = params.get(P.stream);
  const chosen = query.data?.data.find((s) => s._id === chosenId);

  const choose = (id: string | null) => {
    const stream = query.data?.data.find((s) => s._id === id);
    setParams(stream ? { [P.stream]: stream._id, [P.customer]: stream.customerId } : {}, { replace: true });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{LIVE_DEMO_TEXTS.title}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {LIVE_DEMO_TEXTS.intro}
        </Text>
      </div>
      <QueryState
        query={query}
        loading={LIVE_DEMO_TEXTS.loading}
        failed={LIVE_DEMO_TEXTS.failed}
        empty={{ when: (data) => data.data.length === 0, text: LIVE_DEMO_TEXTS.none, concept: 'liveDemo' }}
      >
        {(data) => (
          <>
            <Select
              label={LIVE_DEMO_TEXTS.stream}
              placeholder={LIVE_DEMO_TEXTS.streamPlaceholder}
              data={data.data.map((s) => ({
                value: s._id,
                label: LIVE_DEMO_TEXTS.option((s as { customerName?: string }).customerName ?? '', s.name),
              }))}
              value={chosen?._id ?? null}
              onChange={choose}
              searchable
              maw={520}
            />
            {chosen ? (
              <PlaybackPanel
                key={chosen._id}
                kind="liveStream"
                resourceId={chosen._id}
                name={chosen.name}
                playbackUrl={servedAt(playbackPath(PLAYBACK_PATHS.liveMaster, { streamId: chosen._id }))}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {chosenId ? LIVE_DEMO_TEXTS.unknown : LIVE_DEMO_TEXTS.pick}
              </Text>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
