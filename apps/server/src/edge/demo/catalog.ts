import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstVideoPts } from './mpegts.ts';
import type { Timeline } from './schedule.ts';

/**
 * The committed demo media (apps/server/demo-media, written by scripts/demo-media.sh), read once
 * when the plugin starts. The playlists on disk are the source of truth: each asset's
 * multivariant playlist names its renditions (bandwidth, resolution, codecs), and each
 * rendition's VOD media playlist its segments and their durations. Nothing is transcoded or
 * probed at run time, so the server needs no ffmpeg.
 */

export const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('../../../demo-media', import.meta.url));

export interface Rendition {
  /** The rendition's folder, and its name in URLs ("240p"). */
  name: string;
  /** The EXT-X-STREAM-INF attribute list as committed (BANDWIDTH, CODECS, RESOLUTION...). */
  attributes: string;
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
  /** Segment files relative to the media folder ("content/240p/seg-000.ts"), in order. */
  segments: { file: string; duration: number }[];
}

export interface Asset {
  /** "content", "slate", or the ad's folder name under ads/ ("ad1"). */
  id: string;
  /** Folder relative to the media folder ("content", "ads/ad1"). */
  dir: string;
  renditions: Rendition[];
  /** Seconds (the same in every rendition: checked on load). */
  duration: number;
}

export interface MediaFile {
  path: string;
  size: number;
  contentType: string;
}

export interface Catalog {
  dir: string;
  content: Asset;
  slate: Asset;
  ads: Asset[];
  /** Seconds; every content segment lasts exactly this (checked on load). */
  segmentDuration: number;
  /** PTS (90 kHz) of the first video frame of the content loop's first segment. */
  contentFirstPts: number;
  /** Every servable file by its path relative to the media folder: nothing else is ever read. */
  files: Map<string, MediaFile>;
}

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPE = 'video/mp2t';

const NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
const SEGMENT_FILE = /^[a-z0-9][a-z0-9-]{0,63}\.ts$/;

/** What is wrong with the media folder: `problem` names no server path (it is shown publicly). */
export class CatalogError extends Error {
  constructor(
    dir: string,
    readonly problem: string,
  ) {
    super(`demo media in ${dir}: ${problem} (regenerate with: bash scripts/demo-media.sh)`);
    this.name = 'CatalogError';
  }
}

/** Attribute value of an EXT-X-STREAM-INF list (quoted or not); no commas inside unquoted values. */
function attribute(list: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|,)${name}=("([^"]*)"|[^,]*)`);
  const m = re.exec(list);
  if (!m) return undefined;
  return m[2] ?? m[1];
}

/** The lines of a playlist, checked to be one. */
async function playlistLines(dir: string, file: string): Promise<string[]> {
  const text = await readFile(join(dir, file), 'utf8').catch(() => {
    throw new CatalogError(dir, `${file} is missing`);
  });
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0] !== '#EXTM3U') throw new CatalogError(dir, `${file} is not a playlist`);
  return lines;
}

async function loadRendition(dir: string, assetDir: string, attributes: string, uri: string) {
  const name = posix.dirname(uri);
  if (!NAME.test(name) || posix.basename(uri) !== 'index.m3u8') {
    throw new CatalogError(dir, `${assetDir}/master.m3u8 names "${uri}", not <rendition>/index.m3u8`);
  }
  const resolution = /^(\d+)x(\d+)$/.exec(attribute(attributes, 'RESOLUTION') ?? '');
  const bandwidth = Number(attribute(attributes, 'BANDWIDTH'));
  const codecs = attribute(attributes, 'CODECS') ?? '';
  if (!resolution || !Number.isInteger(bandwidth) || bandwidth <= 0 || codecs === '') {
    throw new CatalogError(dir, `${assetDir}/master.m3u8: ${name} needs BANDWIDTH, RESOLUTION and CODECS`);
  }
  const segments: Rendition['segments'] = [];
  let duration: number | undefined;
  for (const line of await playlistLines(dir, `${assetDir}/${uri}`)) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (!line.startsWith('#')) {
      if (!SEGMENT_FILE.test(line) || duration === undefined || !(duration > 0)) {
        throw new CatalogError(dir, `${assetDir}/${uri}: unexpected segment line "${line}"`);
      }
      segments.push({ file: `${assetDir}/${name}/${line}`, duration });
      duration = undefined;
    }
  }
  if (segments.length === 0) throw new CatalogError(dir, `${assetDir}/${uri} has no segments`);
  return {
    name,
    attributes,
    bandwidth,
    width: Number(resolution[1]),
    height: Number(resolution[2]),
    codecs,
    segments,
  } satisfies Rendition;
}

async function loadAsset(dir: string, id: string, assetDir: string): Promise<Asset> {
  const lines = await playlistLines(dir, `${assetDir}/master.m3u8`);
  const renditions: Rendition[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines[i + 1] ?? '';
    renditions.push(await loadRendition(dir, assetDir, line.slice('#EXT-X-STREAM-INF:'.length), uri));
  }
  if (renditions.length === 0) throw new CatalogError(dir, `${assetDir}/master.m3u8 has no renditions`);
  // Every rendition must cut at the same times, or switching renditions would jump.
  const cuts = (r: Rendition) => r.segments.map((s) => s.duration.toFixed(3)).join(',');
  if (renditions.some((r) => cuts(r) !== cuts(renditions[0]!))) {
    throw new CatalogError(dir, `${assetDir}: the renditions' segment durations differ`);
  }
  const duration = renditions[0]!.segments.reduce((sum, s) => sum + s.duration, 0);
  return { id, dir: assetDir, renditions, duration: Math.round(duration * 1000) / 1000 };
}

const typeOf = (file: string) => (file.endsWith('.m3u8') ? PLAYLIST_TYPE : SEGMENT_TYPE);

/** Reads the catalog; throws a CatalogError naming what is missing or malformed. */
export async function loadCatalog(dir: string = DEFAULT_MEDIA_DIR): Promise<Catalog> {
  const content = await loadAsset(dir, 'content', 'content');
  const slate = await loadAsset(dir, 'slate', 'slate');
  const adIds = (await readdir(join(dir, 'ads'), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && NAME.test(e.name))
    .map((e) => e.name)
    .sort();
  const ads = await Promise.all(adIds.map((id) => loadAsset(dir, id, `ads/${id}`)));
  if (ads.length === 0) throw new CatalogError(dir, 'no ad creatives under ads/');

  // The live origin's arithmetic counts in whole segments of one fixed length.
  const segmentDuration = content.renditions[0]!.segments[0]!.duration;
  if (
    !Number.isInteger(segmentDuration) ||
    content.renditions[0]!.segments.some((s) => s.duration !== segmentDuration)
  ) {
    throw new CatalogError(dir, 'the content segments must all last the same whole number of seconds');
  }

  const files = new Map<string, MediaFile>();
  for (const asset of [content, slate, ...ads]) {
    const names = [`${asset.dir}/master.m3u8`];
    for (const r of asset.renditions)
      names.push(`${asset.dir}/${r.name}/index.m3u8`, ...r.segments.map((s) => s.file));
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new CatalogError(dir, `${name} is missing`);
      files.set(name, { path, size: info.size, contentType: typeOf(name) });
    }
  }

  const first = files.get(content.renditions[0]!.segments[0]!.file)!;
  const handle = await open(first.path);
  let contentFirstPts: number | undefined;
  try {
    const head = Buffer.alloc(Math.min(first.size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    contentFirstPts = firstVideoPts(head);
  } finally {
    await handle.close();
  }
  if (contentFirstPts === undefined)
    throw new CatalogError(dir, `${content.renditions[0]!.segments[0]!.file} has no H.264 video PTS`);

  return { dir, content, slate, ads, segmentDuration, contentFirstPts, files };
}

/** The rendition of an asset by name. */
export const renditionOf = (asset: Asset, name: string) => asset.renditions.find((r) => r.name === name);

/** The live channel's timeline over this content loop. */
export const timelineOf = (catalog: Catalog): Timeline => ({
  segmentDuration: catalog.segmentDuration,
  loopSegments: catalog.content.renditions[0]!.segments.length,
});
