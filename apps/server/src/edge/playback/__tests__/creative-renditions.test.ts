/**
 * Which ad rendition a content rendition plays when the VAST offers several HLS MediaFiles: a
 * single-rendition playlist (256x144) first, then a multivariant one (426x240 and 640x360). Each
 * content variant takes the rendition of its own size among all of them, live and VOD; the
 * first MediaFile does not win for every variant. A fixture server of the test's own is the
 * origin (live and VOD), the ad server and the ad CDN.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MediaPlaylist, parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { createResource } from '../../../services/resources.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { fakeConsoleBuild, freshDatabase, type TestApp, testEnv } from '../../../test/helpers.ts';
import { freePort } from '../../../test/ports.ts';

const CONTENT = [
  { name: '144', resolution: '256x144', bandwidth: 300_000 },
  { name: '240', resolution: '426x240', bandwidth: 600_000 },
];

/** A live window of six 4 s segments, a 4 s break on the fourth; or a 20 s VOD of 2 s segments. */
function contentPlaylist(rendition: string, live: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  if (live) {
    lines.push('#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:100');
    for (let n = 100; n < 106; n++) {
      if (n === 103) lines.push('#EXT-X-CUE-OUT:4');
      if (n === 104) lines.push('#EXT-X-CUE-IN');
      lines.push('#EXTINF:4.000,', `/content/${rendition}/live-${n}.ts`);
    }
  } else {
    lines.push('#EXT-X-TARGETDURATION:2', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0');
    for (let n = 0; n < 10; n++) lines.push('#EXTINF:2.000,', `/content/${rendition}/vod-${n}.ts`);
    lines.push('#EXT-X-ENDLIST');
  }
  return `${lines.join('\n')}\n`;
}

const multivariant = (variants: { name: string; resolution: string; bandwidth: number }[], dir: string) =>
  `#EXTM3U\n${variants
    .map((v) => `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},RESOLUTION=${v.resolution}\n${dir}${v.name}.m3u8`)
    .join('\n')}\n`;

/** An ad rendition: two 2 s segments under /ads/<name>/. */
const adPlaylist = (name: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2.000,\n/ads/${name}/0.ts\n#EXTINF:2.000,\n/ads/${name}/1.ts\n#EXT-X-ENDLIST\n`;

async function fixtureServer() {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hls = (body: string) => {
      response.setHeader('content-type', 'application/vnd.apple.mpegurl');
      response.end(body);
    };
    if (path === '/vast') {
      response.setHeader('content-type', 'application/xml');
      response.end(`<?xml version="1.0"?>
<VAST version="4.1"><Ad id="multi-file"><InLine><AdSystem>test</AdSystem><AdTitle>Several HLS files</AdTitle>
<Impression><![CDATA[${base}/beacon/impression]]></Impression>
<Creatives><Creative id="c1"><Linear><Duration>00:00:04</Duration><MediaFiles>
<MediaFile delivery="streaming" type="application/x-mpegURL" width="256" height="144" bitrate="300"><![CDATA[${base}/ads/single-144.m3u8]]></MediaFile>
<MediaFile delivery="streaming" type="application/x-mpegURL" width="640" height="360" bitrate="1200"><![CDATA[${base}/ads/ladder.m3u8]]></MediaFile>
</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`);
      return;
    }
    if (path === '/live/master.m3u8' || path === '/vod/master.m3u8') return hls(multivariant(CONTENT, ''));
    const content = /^\/(live|vod)\/(144|240)\.m3u8$/.exec(path);
    if (content) return hls(contentPlaylist(content[2]!, content[1] === 'live'));
    if (path === '/ads/single-144.m3u8') return hls(adPlaylist('single-144'));
    if (path === '/ads/ladder.m3u8')
      return hls(
        multivariant(
          [
            { name: 'ladder-240', resolution: '426x240', bandwidth: 600_000 },
            { name: 'ladder-360', resolution: '640x360', bandwidth: 1_200_000 },
          ],
          '',
        ),
      );
    const ladder = /^\/ads\/(ladder-240|ladder-360)\.m3u8$/.exec(path);
    if (ladder) return hls(adPlaylist(ladder[1]!));
    response.statusCode = 404;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base: `http://${hostPort}`, hostPort, close: () => new Promise((r) => server.close(r)) };
}

let app: TestApp;
let database: Database;
let fixture: Awaited<ReturnType<typeof fixtureServer>>;
let base: string;
const who = { actor: 'creative-renditions-tests@cuepoint.example', actingAdmin: null };

beforeAll(async () => {
  fixture = await fixtureServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  database = await freshDatabase(base);
  const env = testEnv({
    PUBLIC_URL: base,
    PORT: String(port),
    CONDITIONING: 'off',
    PLAYBACK_ALLOW_HOSTS: fixture.hostPort,
  });
  const built = await buildApp({ env, database, webDist: await fakeConsoleBuild() });
  await built.listen({ port, host: '127.0.0.1' });
  app = Object.assign(built, { dataDir: env.DATA_DIR });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await fixture?.close();
});

/** Every variant's media playlist of a new session on `masterPath`, by RESOLUTION. */
async function play(masterPath: string): Promise<Map<string, MediaPlaylist>> {
  const response = await fetch(`${base}${masterPath}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const out = new Map<string, MediaPlaylist>();
  for (const variant of parseMultivariantPlaylist(text).variants) {
    const media = await fetch(new URL(variant.uri, `${base}${masterPath}`));
    const body = await media.text();
    expect(media.status, body).toBe(200);
    const resolution = variant.attributes.find((a) => a.name === 'RESOLUTION')?.value ?? '?';
    out.set(resolution, parseMediaPlaylist(body));
  }
  return out;
}

/** The ad renditions (folders under /ads/) a playlist plays, in order, each once. */
const adRenditions = (playlist: MediaPlaylist) => [
  ...new Set(playlist.segments.flatMap((s) => /\/ads\/([^/]+)\//.exec(s.uri)?.[1] ?? [])),
];

describe('an ad with several HLS MediaFiles', () => {
  it('plays, live, each content variant the ad rendition of its own size, across all the files', async () => {
    const customerId = await customerIdOf(app, 'demo-broadcasting');
    const stream = await createResource(
      app.db,
      'liveStream',
      customerId,
      {
        name: 'Several ad files (live)',
        sourceStreamUrl: `${fixture.base}/live/`,
        adDecision: 'external',
        vastUrl: `${fixture.base}/vast?sid=[SESSION_ID]`,
        adpodLength: 1,
      },
      who,
      { ignorePlan: true },
    );
    for (let viewer = 0; viewer < 2; viewer++) {
      const renditions = await play(`/play/live/${stream.id}/master.m3u8`);
      // Not the first file's 256x144 for every variant: the ladder's 426x240 for the 426x240.
      expect(adRenditions(renditions.get('256x144')!)).toEqual(['single-144']);
      expect(adRenditions(renditions.get('426x240')!)).toEqual(['ladder-240']);
    }
  }, 60_000);

  it('plays, VOD, each content variant the ad rendition of its own size, across all the files', async () => {
    const customerId = await customerIdOf(app, 'demo-broadcasting');
    const vod = await createResource(
      app.db,
      'vod',
      customerId,
      {
        name: 'Several ad files (VOD)',
        sourceUrl: `${fixture.base}/vod/master.m3u8`,
        duration: 20,
        adTagUrl: `${fixture.base}/vast?sid=[SESSION_ID]`,
      },
      who,
    );
    for (let viewer = 0; viewer < 2; viewer++) {
      const renditions = await play(`/play/vod/${vod.id}/master.m3u8`);
      expect(adRenditions(renditions.get('256x144')!)).toEqual(['single-144']);
      expect(adRenditions(renditions.get('426x240')!)).toEqual(['ladder-240']);
    }
  }, 60_000);
});
