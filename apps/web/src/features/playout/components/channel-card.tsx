import type { PlayoutChannel, PlayoutSlot } from '@cuepoint/core';
import { Anchor, Badge, Button, Group, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConceptIcon } from '../../../components/icons.tsx';
import { servedAt, UrlList } from '../../../components/resource/detail-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { usePlayoutAction } from '../api/playout-api.ts';
import { PLAYOUT_LINKS } from '../paths.ts';
import { PLAYOUT_UI_TEXTS as T } from '../texts.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString();

/** A slot's share already played at `at` (0..100). */
export const progressOf = (slot: PlayoutSlot, at: number) => {
  const start = Date.parse(slot.startsAt);
  const end = Date.parse(slot.endsAt);
  if (!(end > start)) return 0;
  return Math.min(100, Math.max(0, ((at - start) / (end - start)) * 100));
};

function Slot({
  label,
  slot,
  at,
  progress,
}: {
  label: string;
  slot: PlayoutSlot | null;
  at: number;
  progress?: boolean;
}) {
  return (
    <Stack gap={4} data-slot={label}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {slot ? (
        <>
          <Text size="sm" fw={500}>
            {slot.name}
          </Text>
          {progress ? (
            <Progress value={progressOf(slot, at)} size="sm" aria-label={T.progress(slot.name)} />
          ) : (
            <Text size="xs" c="dimmed">
              {T.startsAt}{' '}
              <time dir="ltr" dateTime={slot.startsAt}>
                {time(slot.startsAt)}
              </time>
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {T.nothing}
        </Text>
      )}
    </Stack>
  );
}

/** One channel: its state, now playing and next, its playback URL, Start or Stop (Stop asks first). */
export function ChannelCard({ channel, at }: { channel: PlayoutChannel; at: number }) {
  const start = usePlayoutAction('start');
  const stop = usePlayoutAction('stop');
  const [confirming, setConfirming] = useState(false);
  const busy = start.isPending || stop.isPending;

  const run = async (action: 'start' | 'stop') => {
    try {
      await (action === 'start' ? start : stop).mutateAsync(channel._id);
      setConfirming(false);
      toast.success(action === 'start' ? T.started(channel.name) : T.stopped_(channel.name));
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.redirectTo) return;
      toastServerError(error, { fallback: T.actionFailed });
    }
  };

  const state = channel.running ? (channel.onAir ? T.running : T.offAir) : T.stopped;
  const headingId = `playout-${channel._id}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-channel={channel.name}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4" id={headingId}>
              {channel.name}
            </Title>
            <Text size="sm" c="dimmed">
              {T.customer}: {channel.customerName} · {T.mode[channel.mode]}
            </Text>
          </Stack>
          <Badge
            variant="dot"
            color={channel.running && channel.onAir ? 'teal' : 'gray.6'}
            tt="none"
            miw="max-content"
            data-state={channel.running ? 'running' : 'stopped'}
          >
            {state}
          </Badge>
        </Group>

        {channel.running ? (
          <Group grow align="flex-start" gap="md">
            <Slot label={T.nowPlaying} slot={channel.now} at={at} progress />
            <Slot label={T.next} slot={channel.next} at={at} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {T.notRunning}
          </Text>
        )}

        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {T.playbackUrl}
          </Text>
          <UrlList
            urls={channel.playbackPath ? [servedAt(channel.playbackPath)] : []}
            label={T.playbackUrl}
            empty={T.playbackAfterStart}
          />
        </Stack>

        <Group justify="space-between" gap="xs">
          <Group gap="md">
            <Anchor
              component={Link}
              to={PLAYOUT_LINKS.channel(channel._id)}
              size="sm"
              aria-label={T.channelPageNamed(channel.name)}
            >
              {T.channelPage}
            </Anchor>
            {channel.liveStreamId && (
              <Anchor
                component={Link}
                to={PLAYOUT_LINKS.adConfiguration(channel.liveStreamId)}
                size="sm"
                aria-label={T.adConfigurationNamed(channel.name)}
              >
                {T.adConfiguration}
              </Anchor>
            )}
          </Group>
          {channel.running ? (
            <Button
              variant="default"
              aria-label={T.stopNamed(channel.name)}
              aria-haspopup="dialog"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {T.stop}
            </Button>
          ) : (
            <Button
              leftSection={<ConceptIcon concept="playout" size={16} />}
              aria-label={T.startNamed(channel.name)}
              loading={start.isPending}
              disabled={busy}
              onClick={() => void run('start')}
            >
              {T.start}
            </Button>
          )}
        </Group>
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => !stop.isPending && setConfirming(false)}
        title={T.stopTitle(channel.name)}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{T.stopConfirm(channel.name)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={stop.isPending}
              data-autofocus
            >
              {T.cancel}
            </Button>
            <Button color="red.9" onClick={() => void run('stop')} loading={stop.isPending}>
              {T.stop}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
