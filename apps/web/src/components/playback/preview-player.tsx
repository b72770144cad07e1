/**
 * A preview player of a playback URL: nothing loads until Play (hls.js is fetched then, in a chunk
 * of its own, so no other screen pays for it); Safari's native HLS is used where hls.js cannot
 * run. The preview is a viewer like any other: its session gets the stream's ads.
 */
import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PLAYBACK_PANEL_TEXTS as T } from './texts.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'failed'; message: string };

interface Detachable {
  destroy(): void;
}

export function PreviewPlayer({ src, name }: { src: string; name: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const player = useRef<Detachable | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const stop = () => {
    player.current?.destroy();
    player.current = null;
    const element = video.current;
    if (element) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
    setState({ kind: 'idle' });
  };

  // The player goes with the page.
  useEffect(() => () => player.current?.destroy(), []);

  const play = async () => {
    const element = video.current;
    if (!element) return;
    setState({ kind: 'loading' });
    try {
      const { default: Hls } = await import('hls.js');
      if (Hls.isSupported()) {
        const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
        player.current = hls;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            hls.destroy();
            player.current = null;
            setState({ kind: 'failed', message: T.playerFailed(data.details) });
          }
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          setState({ kind: 'playing' });
          element.play().catch(() => undefined);
        });
        hls.loadSource(src);
        hls.attachMedia(element);
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = src;
        await element.play();
        setState({ kind: 'playing' });
      } else {
        setState({ kind: 'failed', message: T.unsupported });
      }
    } catch (error) {
      setState({
        kind: 'failed',
        message: T.playerFailed(error instanceof Error ? error.message : String(error)),
      });
    }
  };

  const active = state.kind === 'loading' || state.kind === 'playing';
  return (
    <Box>
      <Box
        pos="relative"
        bg="dark.9"
        style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      >
        <video
          ref={video}
          aria-label={T.previewLabel(name)}
          controls={state.kind === 'playing'}
          muted
          playsInline
          style={{ width: '100%', height: '100%', display: 'block' }}
          data-state={state.kind}
        />
        {state.kind === 'loading' && (
          <Group pos="absolute" inset={0} justify="center" gap="xs" c="white">
            <Loader size="sm" color="white" />
            <Text size="sm">{T.loadingPlayer}</Text>
          </Group>
        )}
      </Box>
      <Group mt="xs" gap="sm">
        {active ? (
          <Button variant="default" size="xs" onClick={stop}>
            {T.stop}
          </Button>
        ) : (
          <Button size="xs" onClick={() => void play()}>
            {T.play}
          </Button>
        )}
      </Group>
      {state.kind === 'failed' && (
        <Alert color="red" role="alert" mt="xs">
          {state.message}
        </Alert>
      )}
    </Box>
  );
}
