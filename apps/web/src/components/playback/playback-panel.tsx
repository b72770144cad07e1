/**
 * The playback panel of a live stream's or VOD asset's page: a preview player of its playback URL,
 * the ad-break timeline of the last hours and, for the break chosen (kept in the URL as ?break=),
 * its diagnostics. "Why did this break show slate?" is one click on the break away.
 */
import { BREAK_TIMELINE_HOURS } from '@cuepoint/core';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QueryState } from '../query-state.tsx';
import { breaksQuery, type PlaybackKind } from './api.ts';
import { BreakDiagnostics } from './break-diagnostics.tsx';
import { BreakTimeline } from './break-timeline.tsx';
import { PreviewPlayer } from './preview-player.tsx';
import { PLAYBACK_PANEL_TEXTS as T } from './texts.ts';

export interface PlaybackPanelProps {
  kind: PlaybackKind;
  resourceId: string;
  name: string;
  /** Where it plays; none when it does not (inactive). */
  playbackUrl: string | undefined;
}

/** The query parameter naming the chosen break. */
export const BREAK_PARAM = 'break';

export function PlaybackPanel({ kind, resourceId, name, playbackUrl }: PlaybackPanelProps) {
  const [params, setParams] = useSearchParams();
  const selected = params.get(BREAK_PARAM);
  const select = (availId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (availId === null) next.delete(BREAK_PARAM);
        else next.set(BREAK_PARAM, availId);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="playback-panel-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="playback-panel-heading">
          {T.heading}
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Text size="sm" fw={600} mb="xs">
              {T.preview}
            </Text>
            {playbackUrl ? (
              <PreviewPlayer src={playbackUrl} name={name} />
            ) : (
              <Text size="sm" c="dimmed">
                {T.previewInactive}
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Text size="sm" fw={600} mb="xs">
              {T.timeline(BREAK_TIMELINE_HOURS)}
            </Text>
            <Breaks kind={kind} resourceId={resourceId} selected={selected} onSelect={select} />
          </Grid.Col>
        </Grid>
        {selected && (
          <BreakDiagnostics
            kind={kind}
            resourceId={resourceId}
            availId={selected}
            onClose={() => select(null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Breaks({
  kind,
  resourceId,
  selected,
  onSelect,
}: {
  kind: PlaybackKind;
  resourceId: string;
  selected: string | null;
  onSelect: (availId: string) => void;
}) {
  const query = useQuery(breaksQuery(kind, resourceId));
  return (
    <QueryState
      query={query}
      loading={T.loadingBreaks}
      failed={T.breaksFailed}
      empty={{ when: (data) => data.data.length === 0, text: T.noBreaks(BREAK_TIMELINE_HOURS) }}
    >
      {(data) => (
        <BreakTimeline breaks={data.data} selected={selected} onSelect={onSelect} now={query.dataUpdatedAt} />
      )}
    </QueryState>
  );
}
