/**
 * The Event Scheduler's breaks in a live origin window: a scheduled break becomes an avail even
 * when the origin sends no cue for it, as MediaTailor's and DAI's scheduled breaks do.
 *
 * The origin's media playlist (as `@cuepoint/stitcher` parsed it) gets the cue markers its own
 * parser reads for `#EXT-X-CUE-OUT` / `#EXT-X-CUE-OUT-CONT` / `#EXT-X-CUE-IN`, placed by
 * program date-time: the CUE-OUT on the first segment starting at or after the break's start
 * (carrying a stable ID, so every request and rendition names the avail alike), CONT on the
 * break's later segments (a viewer joining mid-break), CUE-IN on the first segment at or after
 * its end. A break is left out where the origin already signals one (its own avails win), where
 * another scheduled break is on, and in a playlist without program date-times (nothing to place
 * it by). Pure: the playlist given (shared by the origin cache) is never changed.
 */
import { EVENT_SCHEDULE_LIMITS, occurrences, type ScheduledEventData } from '@cuepoint/core';
import { detectAvails, type MediaPlaylist, type MediaSegment, type Tag } from '@cuepoint/stitcher';

/** One scheduled break: its avail id, start (epoch ms) and length (seconds). */
export interface ScheduledBreak {
  id: string;
  start: number;
  duration: number;
}

/** A stream's active scheduled event, as the live config holds it. */
export interface ScheduleEntry {
  id: string;
  data: ScheduledEventData;
}

/** Program date-times closer than this count as equal (the stitcher's own tolerance). */
const TOLERANCE_MS = 500;

/** The avail id of an event's break at `start`: the same for every request and rendition. */
export const scheduledBreakId = (eventId: string, start: number) =>
  `sched-${eventId.slice(0, 8)}-${Math.round(start / 1000)}`;

/** The breaks of `events` that are on at some time in [fromMs, toMs), by start. */
export function scheduledBreaks(
  events: readonly ScheduleEntry[],
  fromMs: number,
  toMs: number,
): ScheduledBreak[] {
  const out: ScheduledBreak[] = [];
  for (const { id, data } of events) {
    const from = fromMs - data.adDuration * 1000;
    for (const start of occurrences(data, from, toMs, EVENT_SCHEDULE_LIMITS.occurrences))
      out.push({ id: scheduledBreakId(id, start), start, duration: data.adDuration });
  }
  return out.sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

const CUE_TAGS = new Set([
  'EXT-X-CUE-OUT',
  'EXT-X-CUE-OUT-CONT',
  'EXT-X-CUE-IN',
  'EXT-OATCLS-SCTE35',
  'EXT-X-SPLICEPOINT-SCTE35',
  'EXT-X-SCTE35',
]);
const seconds = (value: number) => value.toFixed(3);

/**
 * The playlist with the scheduled `breaks` marked (see the file's comment); the same object when
 * nothing is added.
 */
export function addScheduledBreaks(
  playlist: MediaPlaylist,
  breaks: readonly ScheduledBreak[],
): MediaPlaylist {
  const segs = playlist.segments;
  if (breaks.length === 0 || segs.length === 0 || segs.some((s) => s.programDateTime === undefined))
    return playlist;
  // Segments the origin's own avails (or any of its ad markers) cover.
  const taken = new Array<boolean>(segs.length).fill(false);
  for (const avail of detectAvails(playlist).avails)
    for (let i = avail.startIndex; i < (avail.endIndex ?? segs.length); i++) taken[i] = true;
  segs.forEach((s, i) => {
    if (s.tags.some((t) => CUE_TAGS.has(t.name) || t.name === 'EXT-X-DATERANGE')) taken[i] = true;
  });

  const added = new Map<number, Tag[]>();
  const pdt = (i: number) => segs[i]!.programDateTime!;
  for (const brk of breaks) {
    const end = brk.start + brk.duration * 1000;
    // The break's first segment: the first starting at or after its start.
    const first = segs.findIndex((_, i) => pdt(i) >= brk.start - TOLERANCE_MS);
    if (first < 0) continue; // after this window
    // Started before this window (the segment before the first, of about its length, was already
    // at or after the start, and slid out): the break goes on from the first segment.
    const joined = first === 0 && pdt(0) - segs[0]!.duration * 1000 >= brk.start - TOLERANCE_MS;
    if (pdt(first) >= end - TOLERANCE_MS) continue; // over before this window
    let last = first;
    while (last < segs.length && pdt(last) < end - TOLERANCE_MS) last++;
    // [first, last) is the break; `last` (when in the window) gets the CUE-IN.
    const span = Array.from({ length: last - first }, (_, k) => first + k);
    if (span.some((i) => taken[i] || added.has(i)) || (last < segs.length && added.has(last))) continue;
    for (const i of span) {
      const tag: Tag =
        i === first && !joined
          ? { name: 'EXT-X-CUE-OUT', value: `DURATION=${seconds(brk.duration)},ID=${brk.id}` }
          : {
              name: 'EXT-X-CUE-OUT-CONT',
              value: `ElapsedTime=${seconds((pdt(i) - brk.start) / 1000)},Duration=${seconds(brk.duration)}`,
            };
      added.set(i, [tag]);
      taken[i] = true;
    }
    if (last < segs.length && !taken[last]) added.set(last, [{ name: 'EXT-X-CUE-IN' }]);
  }
  if (added.size === 0) return playlist;
  const segments = segs.map((s, i): MediaSegment => {
    const tags = added.get(i);
    return tags ? { ...s, tags: [...s.tags, ...tags] } : s;
  });
  return { ...playlist, segments };
}

/** The window's scheduled breaks of `events`, marked (the one call live playback makes). */
export function withScheduledBreaks(
  playlist: MediaPlaylist,
  events: readonly ScheduleEntry[],
): MediaPlaylist {
  const segs = playlist.segments;
  const from = segs[0]?.programDateTime;
  const lastSegment = segs[segs.length - 1];
  if (events.length === 0 || from === undefined || lastSegment?.programDateTime === undefined)
    return playlist;
  const to = lastSegment.programDateTime + lastSegment.duration * 1000 + TOLERANCE_MS;
  return addScheduledBreaks(playlist, scheduledBreaks(events, from - TOLERANCE_MS, to));
}
