/**
 * A playout channel's programme as a pure function of time, shared by the origin (which segment
 * plays when) and the API (now playing, next). No state: every process computes the same answer
 * for the same instant.
 *
 * - The programme is the channel's VOD assets in order, each for its declared `duration` (the
 *   asset's record, in seconds), round and round. Position 0 plays at `startMs`: the channel's
 *   start date when it has one, else the moment it was started. A scheduled channel (mode
 *   `schedule`) is on air from its start date to its end date (none: it runs on); before
 *   `startMs` every channel is off air.
 * - Ad breaks overlay the programme like a broadcaster's: break k (k >= 1) starts k x every
 *   seconds after `startMs` and lasts `length` seconds (at most half the interval); the programme
 *   runs on underneath (its segments are what the break replaces).
 */
import { parseSpecDateTime, type Streamer } from '@cuepoint/core';

export interface ProgrammeItem {
  vodId: string;
  name: string;
  /** Seconds (> 0). */
  duration: number;
}

export interface Programme {
  items: readonly ProgrammeItem[];
  /** When programme position 0 plays (ms since the epoch). */
  startMs: number;
  /** When a scheduled channel goes off air (ms); null: it runs on. */
  endMs: number | null;
  /** Seconds from one break's start to the next; 0: no breaks. */
  breakEvery: number;
  /** Seconds each break lasts. */
  breakLength: number;
}

/** The programme of a streamer channel started at `startedAtMs`, its items' assets resolved. */
export function programmeOf(
  channel: Pick<Streamer, 'mode' | 'startDate' | 'endDate' | 'breakinterval' | 'adDuration'>,
  items: readonly ProgrammeItem[],
  startedAtMs: number,
): Programme {
  const start = channel.startDate ? parseSpecDateTime(channel.startDate) : null;
  const end = channel.mode === 'schedule' && channel.endDate ? parseSpecDateTime(channel.endDate) : null;
  const every = channel.breakinterval * 60;
  return {
    items,
    startMs: start ?? startedAtMs,
    endMs: end,
    breakEvery: every,
    breakLength: every > 0 ? Math.min(channel.adDuration, every / 2) : 0,
  };
}

/** Seconds of one round of the programme. */
export const cycleLength = (programme: Programme) =>
  programme.items.reduce((sum, item) => sum + item.duration, 0);

/** The ad break that programme position `p` (seconds) falls in, as [start, end) positions. */
export function breakAt(
  programme: Programme,
  p: number,
): { index: number; start: number; end: number } | null {
  const { breakEvery: every, breakLength: length } = programme;
  if (every <= 0 || length <= 0 || p < every) return null;
  const index = Math.floor(p / every);
  const start = index * every;
  return p - start < length ? { index, start, end: start + length } : null;
}

/** The first break starting after position `p`, as its start position; null without breaks. */
export function nextBreakAfter(programme: Programme, p: number): number | null {
  const every = programme.breakEvery;
  if (every <= 0 || programme.breakLength <= 0) return null;
  return Math.max(1, Math.floor(p / every) + 1) * every;
}

/** The item at position `p` (>= 0): its index and its start and end positions. */
export function itemAt(programme: Programme, p: number): { index: number; start: number; end: number } {
  const cycle = cycleLength(programme);
  const round = Math.floor(p / cycle);
  let offset = p - round * cycle;
  let start = round * cycle;
  for (let index = 0; index < programme.items.length; index++) {
    const duration = programme.items[index]!.duration;
    if (offset < duration || index === programme.items.length - 1)
      return { index, start, end: start + duration };
    offset -= duration;
    start += duration;
  }
  throw new Error('a programme has at least one item');
}

export interface ProgrammeSlot {
  kind: 'item' | 'break';
  /** The item's index in the programme (a break: the item it interrupts). */
  index: number;
  startMs: number;
  endMs: number;
}

export interface ProgrammeState {
  onAir: boolean;
  /** What plays at the instant: an item, or an ad break. */
  now: ProgrammeSlot | null;
  /** The next item (its turn, whatever breaks come before it). */
  next: ProgrammeSlot | null;
}

/** What plays at `atMs`, and what comes next. */
export function programmeAt(programme: Programme, atMs: number): ProgrammeState {
  const { startMs, endMs } = programme;
  const ms = (p: number) => startMs + p * 1000;
  const cut = (slot: ProgrammeSlot): ProgrammeSlot | null => {
    if (endMs === null) return slot;
    if (slot.startMs >= endMs) return null;
    return { ...slot, endMs: Math.min(slot.endMs, endMs) };
  };
  if (programme.items.length === 0) return { onAir: false, now: null, next: null };
  if (atMs < startMs) {
    const first = programme.items[0]!;
    return {
      onAir: false,
      now: null,
      next: cut({ kind: 'item', index: 0, startMs, endMs: ms(first.duration) }),
    };
  }
  if (endMs !== null && atMs >= endMs) return { onAir: false, now: null, next: null };
  const p = (atMs - startMs) / 1000;
  const item = itemAt(programme, p);
  const following = (item.index + 1) % programme.items.length;
  const next = cut({
    kind: 'item',
    index: following,
    startMs: ms(item.end),
    endMs: ms(item.end + programme.items[following]!.duration),
  });
  const brk = breakAt(programme, p);
  const now = brk
    ? { kind: 'break' as const, index: item.index, startMs: ms(brk.start), endMs: ms(brk.end) }
    : { kind: 'item' as const, index: item.index, startMs: ms(item.start), endMs: ms(item.end) };
  return { onAir: true, now: cut(now), next };
}
