import {
  detectAvails,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  validatePlaylist,
} from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import { BASE, useDemoApp } from './helpers.ts';

const app = useDemoApp({ now: () => Date.parse('2025-03-01T12:00:00Z') });

async function vod(url: string) {
  const res = await app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(validatePlaylist(res.body)).toEqual([]);
  return res.body;
}

describe('demo VOD origin', () => {
  it('lists the renditions of the content loop', async () => {
    const master = parseMultivariantPlaylist(await vod('/demo/origin/vod/master.m3u8'));
    expect(master.variants.map((v) => v.uri)).toEqual([
      `${BASE}/origin/vod/144p.m3u8`,
      `${BASE}/origin/vod/240p.m3u8`,
    ]);
  });

  it.each(['144p', '240p'])(
    '%s: 60 s, three loops with a discontinuity at each wrap, ended, no markers',
    async (r) => {
      const text = await vod(`/demo/origin/vod/${r}.m3u8`);
      const media = parseMediaPlaylist(text);
      expect(media.playlistType).toBe('VOD');
      expect(media.endList).toBe(true);
      expect(media.mediaSequence).toBe(0);
      expect(media.targetDuration).toBe(2);
      expect(media.segments).toHaveLength(30);
      expect(media.segments.reduce((sum, s) => sum + s.duration, 0)).toBe(60);
      expect(media.segments.flatMap((s, i) => (s.discontinuity ? [i] : []))).toEqual([10, 20]);
      expect(media.segments.map((s) => s.uri.split('/').pop())).toEqual(
        [0, 1, 2].flatMap(() => Array.from({ length: 10 }, (_, i) => `seg-00${i}.ts`)),
      );
      expect(media.segments.every((s) => s.uri.startsWith(`${BASE}/media/content/${r}/`))).toBe(true);
      expect(detectAvails(media).signals).toEqual([]);
      expect(text).not.toContain('PROGRAM-DATE-TIME');
    },
  );

  it('takes another number of loops, carried from the master playlist', async () => {
    const master = parseMultivariantPlaylist(await vod('/demo/origin/vod/master.m3u8?loops=1'));
    expect(master.variants[0]!.uri).toBe(`${BASE}/origin/vod/144p.m3u8?loops=1`);
    const one = parseMediaPlaylist(await vod('/demo/origin/vod/144p.m3u8?loops=1'));
    expect(one.segments).toHaveLength(10);
    expect(one.segments.some((s) => s.discontinuity)).toBe(false);
  });

  it.each([
    ['loops=0', 'loops: must be at least 1'],
    ['loops=31', 'loops: must be at most 30'],
    ['loops=two', 'loops: must be a whole number'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await app.inject(`/demo/origin/vod/master.m3u8?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown rendition', async () => {
    const res = await app.inject('/demo/origin/vod/1080p.m3u8');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'No playlist "1080p.m3u8" here: there are master.m3u8, 144p.m3u8, 240p.m3u8',
    );
  });
});
