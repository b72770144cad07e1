import { describe, expect, it } from 'vitest';
import { PLAYBACK_PATHS, playbackPath } from '../playback-paths.ts';

describe('playbackPath', () => {
  it('fills every parameter, URI-encoded', () => {
    expect(playbackPath(PLAYBACK_PATHS.liveMaster, { streamId: '7a1c' })).toBe('/play/live/7a1c/master.m3u8');
    expect(
      playbackPath(PLAYBACK_PATHS.liveRendition, { streamId: 'a b', sessionId: 's/1', file: '0.m3u8' }),
    ).toBe('/play/live/a%20b/s/s%2F1/r/0.m3u8');
  });

  it('refuses a missing parameter', () => {
    expect(() => playbackPath(PLAYBACK_PATHS.liveTracking, { streamId: 'x' } as never)).toThrow(
      '/play/live/:streamId/s/:sessionId/tracking: no value for :sessionId',
    );
  });
});
