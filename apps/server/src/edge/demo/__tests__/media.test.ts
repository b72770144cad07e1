import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  getAttribute,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  parsePlaylist,
  validatePlaylist,
} from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_DIR, loadCatalog } from '../catalog.ts';
import { CUE_FORMS } from '../playlists.ts';
import { BASE, demoApp, manualClock, pathOf, useDemoApp } from './helpers.ts';

const clock = manualClock(Date.parse('2025-03-01T12:01:05Z'));
const app = useDemoApp({ now: clock.now });

/** Fetches a playlist URL (absolute, on PUBLIC_URL), checks it is valid HLS, answers its text. */
async function playlist(url: string) {
  expect(url.startsWith(`${BASE}/`), url).toBe(true);
  const res = await app.inject(pathOf(url));
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(validatePlaylist(res.body), url).toEqual([]);
  return res.body;
}

/**
 * Walks a multivariant playlist down to every segment, checking each is served with the right
 * type, length and cache headers and is the committed file. Answers the segments seen.
 */
async function walk(masterUrl: string): Promise<number> {
  const master = parseMultivariantPlaylist(await playlist(masterUrl));
  expect(master.variants.length).toBeGreaterThanOrEqual(2);
  let segments = 0;
  for (const variant of master.variants) {
    const mediaUrl = new URL(variant.uri, masterUrl).toString();
    const media = parseMediaPlaylist(await playlist(mediaUrl));
    for (const s of media.segments) {
      const url = new URL(s.uri, mediaUrl).toString();
      const res = await app.inject(pathOf(url));
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp2t');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const file = join(
        DEFAULT_MEDIA_DIR,
        decodeURIComponent(new URL(url).pathname.replace(/^\/demo\/(ads\/)?media\//, '$1')),
      );
      expect(res.rawPayload.equals(readFileSync(file)), url).toBe(true);
      expect(res.rawPayload.length % 188).toBe(0);
      segments++;
    }
  }
  return segments;
}

describe('demo media: everything the playlists name exists and is served', () => {
  it.each(CUE_FORMS)('live %s', async (form) => {
    expect(await walk(`${BASE}/origin/live/${form}/master.m3u8`)).toBe(12);
  });

  it('vod', async () => {
    expect(await walk(`${BASE}/origin/vod/master.m3u8`)).toBe(60);
  });

  it.each(['ad1', 'ad2', 'ad3'])('ad creative %s (relative URIs, as committed)', async (ad) => {
    expect(await walk(`${BASE}/ads/media/${ad}/master.m3u8`)).toBeGreaterThanOrEqual(10);
  });

  it('the slate and the committed content playlists', async () => {
    expect(await walk(`${BASE}/media/slate/master.m3u8`)).toBe(10);
    expect(await walk(`${BASE}/media/content/master.m3u8`)).toBe(20);
  });

  it('serves HEAD with the length and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/demo/media/content/240p/seg-000.ts' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(
      statSync(join(DEFAULT_MEDIA_DIR, 'content/240p/seg-000.ts')).size,
    );
    expect(res.body).toBe('');
  });
});

describe('demo media: the committed files', () => {
  it('stay small (under 3 MB in all)', async () => {
    const catalog = await loadCatalog();
    const total = [...catalog.files.values()].reduce((sum, f) => sum + f.size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });

  it('have a 20 s content loop of 2 s segments, 10, 15 and 20 s ads and a 10 s slate on one ladder', async () => {
    const catalog = await loadCatalog();
    expect(catalog.segmentDuration).toBe(2);
    expect(catalog.content.duration).toBe(20);
    expect(catalog.ads.map((a) => [a.id, a.duration])).toEqual([
      ['ad1', 10],
      ['ad2', 15],
      ['ad3', 20],
    ]);
    expect(catalog.slate.duration).toBe(10);
    const ladder = (a: (typeof catalog.ads)[number]) =>
      a.renditions.map((r) => `${r.name} ${r.width}x${r.height}`);
    for (const asset of [catalog.slate, ...catalog.ads])
      expect(ladder(asset)).toEqual(ladder(catalog.content));
  });

  it('declare the codecs their streams hold (H.264 Main 3.0, AAC-LC stereo 48 kHz)', async () => {
    const catalog = await loadCatalog();
    for (const asset of [catalog.content, catalog.slate, ...catalog.ads]) {
      for (const r of asset.renditions) {
        expect(r.codecs).toBe('avc1.4d401e,mp4a.40.2');
        const data = readFileSync(join(DEFAULT_MEDIA_DIR, r.segments[0]!.file));
        const video = elementaryStream(data, 0x1b);
        const sps = indexOf(video, [0, 0, 1, 0x67]);
        expect(sps, r.segments[0]!.file).toBeGreaterThan(-1);
        // profile_idc, constraint flags, level_idc: the avc1.PPCCLL of CODECS.
        expect(hex(video.subarray(sps + 4, sps + 7))).toBe('4d401e');
        const audio = elementaryStream(data, 0x0f);
        expect(audio[0]).toBe(0xff);
        expect(audio[1]! & 0xf6).toBe(0xf0); // ADTS sync word, layer 0
        expect((audio[2]! >> 6) + 1).toBe(2); // AAC-LC: mp4a.40.2
        expect((audio[2]! >> 2) & 0x0f).toBe(3); // 48 kHz
        expect(((audio[2]! & 1) << 2) | (audio[3]! >> 6)).toBe(2); // stereo
      }
    }
  });

  it('have segments that each start with a keyframe of the same video PID', async () => {
    const catalog = await loadCatalog();
    for (const s of catalog.content.renditions[1]!.segments) {
      const video = elementaryStream(readFileSync(join(DEFAULT_MEDIA_DIR, s.file)), 0x1b);
      // An IDR slice (NAL type 5) comes after the parameter sets of the first access unit.
      expect(findNal(video, 5), s.file).toBeGreaterThan(-1);
      expect(findNal(video, 5)).toBeLessThan(
        findNal(video, 1) === -1 ? Number.POSITIVE_INFINITY : findNal(video, 1),
      );
    }
  });

  it('match the committed multivariant playlists', () => {
    const text = readFileSync(join(DEFAULT_MEDIA_DIR, 'content/master.m3u8'), 'utf8');
    expect(validatePlaylist(text)).toEqual([]);
    const master = parsePlaylist(text);
    expect(master.type).toBe('multivariant');
    if (master.type === 'multivariant') {
      expect(master.variants.map((v) => getAttribute(v.attributes, 'FRAME-RATE'))).toEqual([
        '25.000',
        '25.000',
      ]);
    }
  });
});

describe('demo media: bad paths', () => {
  const refused = /^Demo media paths may not contain "\." or "\.\." segments: "/;
  const unknown = /^No demo media file "/;
  it.each([
    ['/demo/media/..%2F..%2Fpackage.json', 400, refused],
    ['/demo/media/content/..%2F..%2F..%2Fpackage.json', 400, refused],
    ['/demo/ads/media/..%2Fcontent%2Fmaster.m3u8', 400, refused],
    ['/demo/media/content/240p/..%5C..%5Cmaster.m3u8', 400, refused],
    // Dot segments in the path itself are resolved before routing (URL rules), like a browser's.
    [
      '/demo/media/%2E%2E/demo-media/README.md',
      404,
      /^No demo route for GET \/demo\/demo-media\/README\.md$/,
    ],
    ['/demo/media/content/../../../package.json', 404, /^No demo route for GET \/package\.json$|^No route/],
    ['/demo/media/content/240p/seg-099.ts', 404, unknown],
    ['/demo/media/README.md', 404, unknown],
    ['/demo/media/content/240p/seg-000.ts.bak', 404, unknown],
    ['/demo/ads/media/ad9/master.m3u8', 404, unknown],
    ['/demo/media/%2Fetc%2Fpasswd', 404, unknown],
  ])('%s answers %i with a clear message', async (url, status, message) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect((res.json() as { message: string }).message).toMatch(message);
  });

  it('answers 404 for a demo path that is no route', async () => {
    const res = await app.inject('/demo/origin/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No demo route for GET /demo/origin/nothing');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('demo media: a missing media folder', () => {
  it('leaves the routes answering 503 with how to regenerate, and the server up', async () => {
    const broken = await demoApp({ mediaDir: join(DEFAULT_MEDIA_DIR, 'does-not-exist') });
    try {
      const res = await broken.inject('/demo/origin/live/cue/master.m3u8');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The demo is unavailable: content/master.m3u8 is missing (regenerate with: bash scripts/demo-media.sh)',
      );
    } finally {
      await broken.close();
    }
  });
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function indexOf(data: Uint8Array, pattern: number[]): number {
  outer: for (let i = 0; i + pattern.length <= data.length; i++) {
    for (let k = 0; k < pattern.length; k++) if (data[i + k] !== pattern[k]) continue outer;
    return i;
  }
  return -1;
}

/** Offset of the first NAL unit of a type in an Annex B stream, or -1. */
function findNal(data: Uint8Array, type: number): number {
  for (let i = 0; i + 3 < data.length; i++) {
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1 && (data[i + 3]! & 0x1f) === type) return i;
  }
  return -1;
}

/**
 * The payload bytes of the elementary stream of a type (0x1b H.264, 0x0f AAC) in an MPEG-TS
 * segment, PES headers removed: a test's reading, independent of the server's mpegts.ts.
 */
function elementaryStream(data: Uint8Array, streamType: number): Uint8Array {
  const payloads = new Map<number, Uint8Array[]>();
  for (let at = 0; at + 188 <= data.length; at += 188) {
    const pid = ((data[at + 1]! & 0x1f) << 8) | data[at + 2]!;
    const afc = (data[at + 3]! >> 4) & 3;
    if (afc === 2) continue;
    const start = at + 4 + (afc === 3 ? 1 + data[at + 4]! : 0);
    let payload = data.subarray(start, at + 188);
    if (data[at + 1]! & 0x40 && payload[0] === 0 && payload[1] === 0 && payload[2] === 1) {
      payload = payload.subarray(9 + payload[8]!);
    }
    payloads.set(pid, [...(payloads.get(pid) ?? []), payload]);
  }
  // PAT -> PMT PID -> the elementary PID of the stream type.
  const pat = payloads.get(0)![0]!;
  const section = pat.subarray(1 + pat[0]!);
  const pmtPid = ((section[10]! & 0x1f) << 8) | section[11]!;
  const pmtPayload = payloads.get(pmtPid)![0]!;
  const pmt = pmtPayload.subarray(1 + pmtPayload[0]!);
  const end = 3 + (((pmt[1]! & 0x0f) << 8) | pmt[2]!) - 4;
  for (
    let i = 12 + (((pmt[10]! & 0x0f) << 8) | pmt[11]!);
    i < end;
    i += 5 + (((pmt[i + 3]! & 0x0f) << 8) | pmt[i + 4]!)
  ) {
    if (pmt[i] === streamType) {
      const pid = ((pmt[i + 1]! & 0x1f) << 8) | pmt[i + 2]!;
      return Buffer.concat(payloads.get(pid) ?? []);
    }
  }
  throw new Error(`no stream of type ${streamType}`);
}
