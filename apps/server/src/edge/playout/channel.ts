/**
 * A streamer channel as playout reads it: its stored data, its programme (the VOD assets it
 * names, in order, that still exist) and its slate. Shared by the API (now playing, next) and
 * the origin (segments), so both compute from the same programme.
 */
import type { Streamer } from '@cuepoint/core';
import type { ResourceRow } from '../../db/schema/index.ts';
import { type Programme, type ProgrammeItem, programmeOf } from './schedule.ts';

export interface VodMedia {
  id: string;
  name: string;
  duration: number;
  sourceUrl: string;
}

/** A VOD asset row as playout reads it; undefined when its data is not usable. */
export function vodMediaOf(row: ResourceRow): VodMedia | undefined {
  const { name, duration, sourceUrl } = row.data as {
    name?: unknown;
    duration?: unknown;
    sourceUrl?: unknown;
  };
  if (typeof name !== 'string' || typeof sourceUrl !== 'string') return undefined;
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) return undefined;
  return { id: row.id, name, duration, sourceUrl };
}

export type PlayoutItem = ProgrammeItem & { sourceUrl: string };
export type PlayoutProgramme = Omit<Programme, 'items'> & { items: PlayoutItem[] };

/** The channel's items whose assets exist, in order, with each asset's source. */
export function programmeItems(channel: Streamer, assets: ReadonlyMap<string, VodMedia>): PlayoutItem[] {
  const out: PlayoutItem[] = [];
  for (const { vodId } of channel.items) {
    const asset = assets.get(vodId);
    if (asset) out.push({ vodId, name: asset.name, duration: asset.duration, sourceUrl: asset.sourceUrl });
  }
  return out;
}

/** The programme of a running channel; null when it is stopped or has no playable item. */
export function channelProgramme(
  channel: Streamer,
  assets: ReadonlyMap<string, VodMedia>,
  startedAt: Date | null,
): PlayoutProgramme | null {
  if (!startedAt) return null;
  const items = programmeItems(channel, assets);
  if (items.length === 0) return null;
  return { ...programmeOf(channel, items, startedAt.getTime()), items };
}

export const streamerData = (row: ResourceRow) => row.data as unknown as Streamer;
