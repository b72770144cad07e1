/**
 * Per-viewer live state. Everything the stitcher needs to keep a viewer's playlists consistent
 * from one refresh to the next and across renditions, and nothing else: the ads themselves come
 * back from the caller's plan on each request.
 *
 * In memory the state uses the descriptive names below. Serialized (kept per viewer, e.g. in
 * Redis) it uses short keys to stay small: {@link serializeViewerState} and
 * {@link parseViewerState} are the one place that maps between the two, and the wire format
 * (version 1) is unchanged from when the in-memory fields had the short names.
 *
 * "msn" is a media sequence number. "Origin" numbers are those of the origin playlist; "output"
 * numbers are those of the stitched playlist served to the viewer.
 */

/**
 * A fixed point from which output numbering is derived: an origin segment outside any tracked
 * avail, with its output media sequence number and the discontinuity counts at that point. Avails
 * that fall far enough behind the window are folded into it, so the state stays small.
 */
export interface Anchor {
  /** Origin media sequence number of the anchor segment. */
  originMsn: number;
  /** Output media sequence number of the anchor segment. */
  outputMsn: number;
  /** Output discontinuities strictly before the anchor segment (output discontinuity sequence). */
  outputDiscontinuitiesBefore: number;
  /** Origin discontinuities strictly before the anchor segment (origin discontinuity sequence). */
  originDiscontinuitiesBefore: number;
  /** 1 when the anchor segment's output discontinuity is forced because it follows an avail. */
  forcedDiscontinuity: 0 | 1;
  /** 1 when the anchor segment carries a discontinuity in the origin playlist. */
  originDiscontinuity: 0 | 1;
}

/** One avail the viewer's playlists have seen. */
export interface AvailState {
  /** Avail id (DATERANGE ID, SCTE-35 event id, `cue-<msn>` or `preroll`). */
  id: string;
  /** Origin media sequence number of the first content segment the avail replaces. */
  startMsn: number;
  /** Origin discontinuities strictly before `startMsn`. */
  originDiscontinuitiesBeforeStart: number;
  /** Planned duration to fill in seconds from `startMsn`; absent when unknown. */
  plannedDuration?: number;
  /** Seconds of the avail already over at `startMsn` (joined mid-avail). */
  elapsedAtStart: number;
  /** Ids of the ads chosen, in play order. */
  adIds: string[];
  /** 1: not stitched (suppressed, no plan, underfilled, nothing to insert, empty): the content plays. */
  leftAsContent?: 1;
  /** 1: the live pre-roll of this viewer. */
  preroll?: 1;
  /** Origin content of the avail is known up to (exclusive) this media sequence number... */
  contentKnownUntilMsn: number;
  /** ...which starts this many seconds after `startMsn`. */
  contentKnownSeconds: number;
  /** Once closed: first content media sequence number after the avail. */
  endMsn?: number;
  /** Origin discontinuities strictly before `endMsn`. */
  originDiscontinuitiesBeforeEnd?: number;
  /** 1 when the segment at `endMsn` carries a discontinuity in the origin playlist. */
  endOriginDiscontinuity?: 0 | 1;
  /** Once closed and stitched: number of output segments the avail produced... */
  outputSegmentCount?: number;
  /** ...and how many of them carry a discontinuity. */
  outputDiscontinuityCount?: number;
  /**
   * Closed by the end of the playlist (EXT-X-ENDLIST) while open: the seconds its layout fills,
   * its declared duration (past the content it replaces) or, without one, the content's.
   */
  endListFill?: number;
}

export interface ViewerState {
  /** Where output numbering starts from. */
  anchor: Anchor;
  /** Origin content up to here (exclusive) has been seen: no avail may start before it. */
  originSeenUntilMsn: number;
  /** Suppression of avails near the viewer's first live edge: 1 behind, 2 after it. */
  suppressionMode?: 1 | 2;
  /** Avails starting before this origin media sequence number are suppressed. */
  suppressBeforeMsn?: number;
  /** The suppression option's value in seconds. */
  suppressionSeconds?: number;
  /** Avails not yet folded into the anchor, in start order. */
  avails: AvailState[];
}

// --- wire format --------------------------------------------------------------------------------
// Short keys, version 1. Do not rename them: states serialized by earlier releases must keep
// parsing, and the per-viewer state must stay small (well under 1 KiB).

interface AvailWire {
  /** id */
  i: string;
  /** startMsn */
  s: number;
  /** originDiscontinuitiesBeforeStart */
  ds: number;
  /** plannedDuration */
  du?: number;
  /** elapsedAtStart */
  p: number;
  /** adIds */
  ads: string[];
  /** leftAsContent */
  x?: 1;
  /** preroll */
  pr?: 1;
  /** contentKnownUntilMsn */
  tc: number;
  /** contentKnownSeconds */
  t: number;
  /** endMsn */
  e?: number;
  /** originDiscontinuitiesBeforeEnd */
  de?: number;
  /** endOriginDiscontinuity */
  fe?: 0 | 1;
  /** outputSegmentCount */
  n?: number;
  /** outputDiscontinuityCount */
  nd?: number;
  /** endListFill */
  ef?: number;
}

interface ViewerStateWire {
  /** Format version. */
  v: 1;
  /** anchor.originMsn */
  c: number;
  /** anchor.outputMsn */
  o: number;
  /** anchor.outputDiscontinuitiesBefore */
  d: number;
  /** anchor.originDiscontinuitiesBefore */
  dc: number;
  /** anchor.forcedDiscontinuity */
  f: 0 | 1;
  /** anchor.originDiscontinuity */
  fc: 0 | 1;
  /** originSeenUntilMsn */
  fr: number;
  /** suppressionMode */
  sm?: 1 | 2;
  /** suppressBeforeMsn */
  sb?: number;
  /** suppressionSeconds */
  sv?: number;
  /** avails */
  a: AvailWire[];
}

function availToWire(a: AvailState): AvailWire {
  const w: AvailWire = {
    i: a.id,
    s: a.startMsn,
    ds: a.originDiscontinuitiesBeforeStart,
    p: a.elapsedAtStart,
    ads: a.adIds,
    tc: a.contentKnownUntilMsn,
    t: a.contentKnownSeconds,
  };
  if (a.plannedDuration !== undefined) w.du = a.plannedDuration;
  if (a.leftAsContent !== undefined) w.x = a.leftAsContent;
  if (a.preroll !== undefined) w.pr = a.preroll;
  if (a.endMsn !== undefined) w.e = a.endMsn;
  if (a.originDiscontinuitiesBeforeEnd !== undefined) w.de = a.originDiscontinuitiesBeforeEnd;
  if (a.endOriginDiscontinuity !== undefined) w.fe = a.endOriginDiscontinuity;
  if (a.outputSegmentCount !== undefined) w.n = a.outputSegmentCount;
  if (a.outputDiscontinuityCount !== undefined) w.nd = a.outputDiscontinuityCount;
  if (a.endListFill !== undefined) w.ef = a.endListFill;
  return w;
}

function availFromWire(w: AvailWire): AvailState {
  const a: AvailState = {
    id: w.i,
    startMsn: w.s,
    originDiscontinuitiesBeforeStart: w.ds,
    elapsedAtStart: w.p,
    adIds: w.ads,
    contentKnownUntilMsn: w.tc,
    contentKnownSeconds: w.t,
  };
  if (w.du !== undefined) a.plannedDuration = w.du;
  if (w.x !== undefined) a.leftAsContent = w.x;
  if (w.pr !== undefined) a.preroll = w.pr;
  if (w.e !== undefined) a.endMsn = w.e;
  if (w.de !== undefined) a.originDiscontinuitiesBeforeEnd = w.de;
  if (w.fe !== undefined) a.endOriginDiscontinuity = w.fe;
  if (w.n !== undefined) a.outputSegmentCount = w.n;
  if (w.nd !== undefined) a.outputDiscontinuityCount = w.nd;
  if (w.ef !== undefined) a.endListFill = w.ef;
  return a;
}

function toWire(state: ViewerState): ViewerStateWire {
  const anchor = state.anchor;
  const w: ViewerStateWire = {
    v: 1,
    c: anchor.originMsn,
    o: anchor.outputMsn,
    d: anchor.outputDiscontinuitiesBefore,
    dc: anchor.originDiscontinuitiesBefore,
    f: anchor.forcedDiscontinuity,
    fc: anchor.originDiscontinuity,
    fr: state.originSeenUntilMsn,
    a: state.avails.map(availToWire),
  };
  if (state.suppressionMode !== undefined) w.sm = state.suppressionMode;
  if (state.suppressionSeconds !== undefined) w.sv = state.suppressionSeconds;
  if (state.suppressBeforeMsn !== undefined) w.sb = state.suppressBeforeMsn;
  return w;
}

function fromWire(w: ViewerStateWire): ViewerState {
  const state: ViewerState = {
    anchor: {
      originMsn: w.c,
      outputMsn: w.o,
      outputDiscontinuitiesBefore: w.d,
      originDiscontinuitiesBefore: w.dc,
      forcedDiscontinuity: w.f,
      originDiscontinuity: w.fc,
    },
    originSeenUntilMsn: w.fr,
    avails: w.a.map(availFromWire),
  };
  if (w.sm !== undefined) state.suppressionMode = w.sm;
  if (w.sv !== undefined) state.suppressionSeconds = w.sv;
  if (w.sb !== undefined) state.suppressBeforeMsn = w.sb;
  return state;
}

/** The compact JSON form of the state (short keys, see the wire format above). */
export function serializeViewerState(state: ViewerState): string {
  return JSON.stringify(toWire(state));
}

/** Reads what {@link serializeViewerState} wrote; undefined when it is not a version 1 state. */
export function parseViewerState(text: string): ViewerState | undefined {
  try {
    const w = JSON.parse(text) as ViewerStateWire;
    if (w && w.v === 1 && Array.isArray(w.a) && typeof w.c === 'number') return fromWire(w);
  } catch {
    // fall through
  }
  return undefined;
}

/** Size in bytes of the serialized state (UTF-8). */
export function viewerStateSize(state: ViewerState): number {
  return Buffer.byteLength(serializeViewerState(state), 'utf8');
}
