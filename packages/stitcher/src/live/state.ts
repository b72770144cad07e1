/**
 * Per-viewer live state. Everything the stitcher needs to keep a viewer's playlists consistent
 * from one refresh to the next and across renditions, and nothing else: the ads themselves come
 * back from the caller's plan on each request. Short keys keep it small in Redis.
 */
export interface AvailState {
  /** Avail id (DATERANGE ID, SCTE-35 event id, `cue-<msn>` or `preroll`). */
  i: string;
  /** Origin media sequence number of the first content segment the avail replaces. */
  s: number;
  /** Origin discontinuities strictly before `s`. */
  ds: number;
  /** Remaining planned duration in seconds from `s`; absent when unknown. */
  du?: number;
  /** Seconds of the avail already over at `s` (joined mid-avail). */
  p: number;
  /** Ids of the ads chosen, in play order. */
  ads: string[];
  /** 1: not stitched (suppressed, no plan, underfilled): the content plays. */
  x?: 1;
  /** 1: the live pre-roll of this viewer. */
  pr?: 1;
  /** Content known up to (exclusive) this media sequence number... */
  tc: number;
  /** ...which starts this many seconds after `s`. */
  t: number;
  /** Once closed: first content media sequence number after the avail. */
  e?: number;
  /** Origin discontinuities strictly before `e`. */
  de?: number;
  /** Origin discontinuity flag of `e`. */
  fe?: 0 | 1;
  /** Output segments the avail produced, and the discontinuities among them. */
  n?: number;
  nd?: number;
}

export interface ViewerState {
  v: 1;
  /** Anchor: an origin segment outside any tracked avail... */
  c: number;
  /** ...its output media sequence number... */
  o: number;
  /** ...output discontinuities strictly before it... */
  d: number;
  /** ...origin discontinuities strictly before it... */
  dc: number;
  /** ...whether its output discontinuity is forced (it follows an avail)... */
  f: 0 | 1;
  /** ...and its origin discontinuity flag. */
  fc: 0 | 1;
  /** Origin content up to here (exclusive) has been seen: no avail may start before it. */
  fr: number;
  /** Suppression: mode (1 behind, 2 after the live edge), threshold msn, value in seconds. */
  sm?: 1 | 2;
  sb?: number;
  sv?: number;
  a: AvailState[];
}

export function serializeViewerState(state: ViewerState): string {
  return JSON.stringify(state);
}

export function parseViewerState(text: string): ViewerState | undefined {
  try {
    const s = JSON.parse(text) as ViewerState;
    if (s && s.v === 1 && Array.isArray(s.a) && typeof s.c === 'number') return s;
  } catch {
    // fall through
  }
  return undefined;
}

/** Size in bytes of the serialized state (UTF-8). */
export function viewerStateSize(state: ViewerState): number {
  return Buffer.byteLength(serializeViewerState(state), 'utf8');
}
