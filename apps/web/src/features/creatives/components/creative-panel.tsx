/**
 * What a stored creative's page shows above its form: its conditioning (the data plane's job:
 * ready, being transcoded with its progress, failed with the reason, not needed for HLS, or not
 * available on this server), polled while queued, and a preview: the source video itself when the
 * browser plays it (MP4, MOV), and the HLS (its own playlist, or the conditioned one once ready)
 * in the lazily loaded preview player.
 */
import { type CreativeConditioning, fileExtension, isHlsVideoUrl } from '@cuepoint/core';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PreviewPlayer } from '../../../components/playback/preview-player.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { conditioningOptions } from '../api/conditioning.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';
import { ConditioningStatusBadge } from './conditioning-badge.tsx';

/** Videos a browser's <video> plays by itself (an MPEG-TS file is not one). */
const playsNatively = (url: string) => ['.mp4', '.mov'].includes(fileExtension(url));

export function CreativePanel({ creative }: { creative: ResourceDto<'creative'> }) {
  const heading = useId();
  const query = useQuery(conditioningOptions(creative._id, creative.videoUrl));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} size="h3" id={heading}>
            {T.conditioningTitle}
          </Title>
          {query.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{T.conditioningChecking}</Text>
            </Group>
          ) : query.isError ? (
            <Alert color="red" role="alert" title={T.conditioningUnknown}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{query.error.message}</Text>
                <Button size="xs" variant="filled" color="red.9" onClick={() => void query.refetch()}>
                  {T.retry}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <ConditioningState conditioning={query.data} />
          )}
        </Stack>
        <Preview creative={creative} conditioning={query.data} />
      </Stack>
    </Paper>
  );
}

function ConditioningState({ conditioning }: { conditioning: CreativeConditioning }) {
  const { status, progress, reason } = conditioning;
  return (
    <Stack gap="xs" data-testid="creative-conditioning" data-status={status}>
      <div>
        <ConditioningStatusBadge status={status} />
      </div>
      <Text size="sm">{T.conditioningHelp[status]}</Text>
      {status === 'queued' && (
        // Announced as it changes: the page polls while the video is queued.
        <Stack gap={4} role="status">
          {progress === null ? (
            <>
              <Text size="sm" c="dimmed">
                {T.waiting}
              </Text>
              <Progress value={100} striped animated aria-label={T.progressLabel} />
            </>
          ) : (
            <>
              <Text size="sm">{T.progress(progress)}</Text>
              <Progress value={Math.round(progress * 100)} aria-label={T.progressLabel} />
            </>
          )}
        </Stack>
      )}
      {reason && (status === 'failed' || status === 'unavailable') && (
        <Text size="sm">
          {T.reason}: <bdi>{reason}</bdi>
        </Text>
      )}
    </Stack>
  );
}

function Preview({
  creative,
  conditioning,
}: {
  creative: ResourceDto<'creative'>;
  conditioning: CreativeConditioning | undefined;
}) {
  const { videoUrl, name } = creative;
  const hls = isHlsVideoUrl(videoUrl) ? videoUrl : (conditioning?.playlistUrl ?? null);
  const source = playsNatively(videoUrl);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {T.previewTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {source && (
          <Box>
            <Text size="sm" fw={600} mb="xs">
              {T.sourceVideo}
            </Text>
            <Box
              bg="dark.9"
              style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
            >
              <video
                src={videoUrl}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label={T.previewLabel(name)}
                style={{ width: '100%', height: '100%', display: 'block' }}
              />
            </Box>
          </Box>
        )}
        {hls ? (
          <Box>
            <Text size="sm" fw={600} mb="xs">
              {isHlsVideoUrl(videoUrl) ? T.hlsVideo : T.conditionedVideo}
            </Text>
            <PreviewPlayer
              src={hls}
              name={isHlsVideoUrl(videoUrl) ? name : `${name}, ${T.conditionedVideo}`}
            />
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {T.previewNotReady}
          </Text>
        )}
      </SimpleGrid>
    </Stack>
  );
}
