import { parseMediaPlaylist } from './parse.ts';
import type { MediaPlaylist } from './types.ts';

/**
 * Checks that `next` is a legal refresh of `prev` for the same client (RFC 8216 section 6.2.1
 * and 6.2.2): segments only leave from the start, EXT-X-MEDIA-SEQUENCE and
 * EXT-X-DISCONTINUITY-SEQUENCE advance exactly by what left, segments still present are
 * unchanged, nothing goes missing, the target duration holds and an ended playlist stays ended.
 */
export function checkPlaylistUpdate(prev: string | MediaPlaylist, next: string | MediaPlaylist): string[] {
  const a = typeof prev === 'string' ? parseMediaPlaylist(prev) : prev;
  const b = typeof next === 'string' ? parseMediaPlaylist(next) : next;
  const issues: string[] = [];
  if (a.targetDuration !== b.targetDuration) {
    issues.push(`target duration changed from ${a.targetDuration} to ${b.targetDuration}`);
  }
  const removed = b.mediaSequence - a.mediaSequence;
  if (removed < 0) {
    issues.push(`media sequence went back from ${a.mediaSequence} to ${b.mediaSequence}`);
    return issues;
  }
  if (a.endList) {
    if (removed !== 0 || b.segments.length !== a.segments.length || !b.endList) {
      issues.push('a playlist with EXT-X-ENDLIST changed');
    }
  }
  const gone = Math.min(removed, a.segments.length);
  let discGone = 0;
  for (let i = 0; i < gone; i++) if (a.segments[i]!.discontinuity) discGone++;
  if (removed <= a.segments.length) {
    if (b.discontinuitySequence !== a.discontinuitySequence + discGone) {
      issues.push(
        `discontinuity sequence ${b.discontinuitySequence} != ${a.discontinuitySequence} + ${discGone} removed discontinuities`,
      );
    }
    const kept = a.segments.length - removed;
    if (b.segments.length < kept) {
      issues.push(`${kept - b.segments.length} segment(s) went missing from the end of the playlist`);
    }
    for (let i = 0; i < Math.min(kept, b.segments.length); i++) {
      const x = a.segments[removed + i]!;
      const y = b.segments[i]!;
      const msn = b.mediaSequence + i;
      if (x.uri !== y.uri) issues.push(`segment ${msn} changed URI from ${x.uri} to ${y.uri}`);
      if (x.duration !== y.duration) issues.push(`segment ${msn} changed duration`);
      if (x.discontinuity !== y.discontinuity) issues.push(`segment ${msn} changed its discontinuity flag`);
    }
  } else if (b.discontinuitySequence < a.discontinuitySequence + discGone) {
    issues.push('discontinuity sequence went back');
  }
  return issues;
}
