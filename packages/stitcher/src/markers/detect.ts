import { getAttribute, parseAttributes } from '../hls/attributes.ts';
import { parseDateTime } from '../hls/date.ts';
import type { MediaPlaylist, MediaSegment, Tag } from '../hls/types.ts';
import { decodeScte35, type Scte35Signal, type SpliceInfoSection, scte35Signal } from '../scte35/decode.ts';

export type MarkerSource =
  | 'cue-out'
  | 'cue-out-cont'
  | 'cue-in'
  | 'ext-x-cue'
  | 'daterange'
  | 'splicepoint-scte35'
  | 'oatcls-scte35'
  | 'ext-x-scte35';

/** One ad signal found on a segment of the playlist. */
export interface CueSignal {
  /** Index of the segment in `playlist.segments` the signal applies to (the tag precedes it). */
  index: number;
  kind: 'out' | 'in' | 'cont' | 'cancel';
  source: MarkerSource;
  id?: string;
  /** Planned avail duration in seconds. */
  duration?: number;
  /** Seconds of the avail already elapsed at this segment (CUE-OUT-CONT). */
  elapsed?: number;
  scte35?: SpliceInfoSection;
}

export interface MarkerIssue {
  /** Media sequence number of the segment carrying the bad marker. */
  msn: number;
  tag: string;
  message: string;
}

/** An avail as seen in one playlist. */
export interface DetectedAvail {
  /** DATERANGE ID, SCTE-35 event id, or `cue-<msn>` of its first visible segment. */
  id: string;
  startIndex: number;
  startMsn: number;
  /** Seconds of the avail that were already over at `startIndex` (joined mid-avail). */
  elapsedAtStart: number;
  duration?: number;
  /** Index of the first content segment after the avail, when it is in the playlist. */
  endIndex?: number;
  endMsn?: number;
  endReason?: 'cue-in' | 'duration';
  source: MarkerSource;
  signal?: Scte35Signal;
}

export interface UpcomingAvail {
  /** The DATERANGE ID: the id of the avail once it starts. */
  id: string;
  /** START-DATE, epoch milliseconds. */
  startDate: number;
  /** PLANNED-DURATION or DURATION, else the SCTE-35 break duration, in seconds. */
  duration?: number;
}

export interface AvailDetection {
  avails: DetectedAvail[];
  /** Avail ends with no start in this playlist (the start slid out of the window). */
  orphanEnds: { index: number; msn: number; id?: string }[];
  /**
   * Avails announced ahead: an EXT-X-DATERANGE SCTE35-OUT whose START-DATE is after the end of
   * this playlist (not placeable yet). A stitcher may take their ad decisions before they start;
   * they come back in `avails`, with the same id, once their start is in the window.
   */
  upcoming: UpcomingAvail[];
  signals: CueSignal[];
  issues: MarkerIssue[];
}

export interface DetectOptions {
  /** A timed avail ends at the first segment starting within this many seconds of its end. */
  endTolerance?: number;
}

function num(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function scte(
  payload: string,
  index: number,
  source: MarkerSource,
  msn: number,
  tag: string,
  issues: MarkerIssue[],
): CueSignal | undefined {
  const r = decodeScte35(payload);
  if (!r.ok) {
    issues.push({ msn, tag, message: `SCTE-35 message not decoded: ${r.error}` });
    return undefined;
  }
  if (!r.section.crcValid) issues.push({ msn, tag, message: 'SCTE-35 CRC_32 mismatch' });
  const sig = scte35Signal(r.section);
  if (sig.kind === 'other') return undefined;
  const out: CueSignal = { index, kind: sig.kind, source, scte35: r.section };
  if (sig.eventId !== undefined) out.id = String(sig.eventId);
  if (sig.duration !== undefined) out.duration = sig.duration;
  return out;
}

/** Adobe's `TYPE` of an EXT-X-CUE (`SpliceOut`, `SpliceIn`), whatever its case. */
function adobeCueKind(a: ReturnType<typeof parseAttributes>): 'out' | 'in' | undefined {
  const type = getAttribute(a, 'TYPE')?.toLowerCase();
  return type === 'spliceout' ? 'out' : type === 'splicein' ? 'in' : undefined;
}

/**
 * Adobe's style (Primetime, Media Server): `#EXT-X-CUE:ID="b1",TYPE="SpliceOut",DURATION=30,
 * TIME=…,CUE="<SCTE-35>"` starts an avail, `TYPE="SpliceIn"` ends it; the SCTE-35 message, when
 * it decodes, gives what the attributes leave out.
 */
function adobeCue(value: string, index: number, msn: number, issues: MarkerIssue[]): CueSignal | undefined {
  const a = parseAttributes(value);
  const kind = adobeCueKind(a);
  if (kind === undefined) {
    const type = getAttribute(a, 'TYPE');
    issues.push({
      msn,
      tag: 'EXT-X-CUE',
      message: type === undefined ? 'missing TYPE attribute' : `unknown TYPE "${type}"`,
    });
    return undefined;
  }
  const s: CueSignal = { index, kind, source: 'ext-x-cue' };
  const id = getAttribute(a, 'ID');
  if (id) s.id = id;
  const d = getAttribute(a, 'DURATION');
  if (kind === 'out' && d !== undefined) {
    if (num(d) !== undefined) s.duration = num(d)!;
    else issues.push({ msn, tag: 'EXT-X-CUE', message: `unreadable duration "${d}"` });
  }
  const cue = getAttribute(a, 'CUE');
  if (cue) {
    const sig = scte(cue, index, 'ext-x-cue', msn, 'EXT-X-CUE', issues);
    if (sig?.scte35) s.scte35 = sig.scte35;
    if (s.id === undefined && sig?.id !== undefined) s.id = sig.id;
    if (s.duration === undefined && kind === 'out' && sig?.duration !== undefined) s.duration = sig.duration;
  }
  return s;
}

/** Reads the cue signals of one segment's tags. */
function segmentSignals(
  tags: readonly Tag[],
  index: number,
  msn: number,
  segs: readonly MediaSegment[],
  issues: MarkerIssue[],
): CueSignal[] {
  const out: CueSignal[] = [];
  let oatcls: CueSignal | undefined;
  for (const t of tags) {
    const v = t.value;
    switch (t.name) {
      case 'EXT-X-CUE-OUT': {
        const s: CueSignal = { index, kind: 'out', source: 'cue-out' };
        if (v !== undefined && v !== '') {
          const direct = num(v);
          if (direct !== undefined) s.duration = direct;
          else {
            const a = parseAttributes(v);
            const d = getAttribute(a, 'DURATION') ?? getAttribute(a, 'Duration');
            if (num(d) !== undefined) s.duration = num(d)!;
            else issues.push({ msn, tag: t.name, message: `unreadable duration "${v}"` });
            const id = getAttribute(a, 'ID') ?? getAttribute(a, 'BreakId');
            if (id) s.id = id;
          }
        }
        out.push(s);
        break;
      }
      case 'EXT-X-CUE-OUT-CONT': {
        const s: CueSignal = { index, kind: 'cont', source: 'cue-out-cont' };
        const value = v ?? '';
        const slash = /^([0-9.]+)\/([0-9.]+)$/.exec(value);
        if (slash) {
          s.elapsed = Number(slash[1]);
          s.duration = Number(slash[2]);
        } else {
          const a = parseAttributes(value);
          const e = num(getAttribute(a, 'ElapsedTime') ?? getAttribute(a, 'ELAPSEDTIME'));
          const d = num(getAttribute(a, 'Duration') ?? getAttribute(a, 'DURATION'));
          if (e !== undefined) s.elapsed = e;
          if (d !== undefined) s.duration = d;
          if (e === undefined && value !== '')
            issues.push({ msn, tag: t.name, message: `unreadable "${value}"` });
          // The break's own SCTE-35 message, repeated: its event id names the avail.
          const payload = getAttribute(a, 'SCTE35');
          if (payload) {
            const sig = scte(payload, index, 'cue-out-cont', msn, t.name, issues);
            if (sig?.id !== undefined) s.id = sig.id;
            if (sig?.scte35) s.scte35 = sig.scte35;
          }
        }
        out.push(s);
        break;
      }
      case 'EXT-X-CUE-IN':
        out.push({ index, kind: 'in', source: 'cue-in' });
        break;
      case 'EXT-X-CUE': {
        const s = adobeCue(v ?? '', index, msn, issues);
        if (s) out.push(s);
        break;
      }
      case 'EXT-OATCLS-SCTE35':
        oatcls = scte(v ?? '', index, 'oatcls-scte35', msn, t.name, issues);
        break;
      case 'EXT-X-SPLICEPOINT-SCTE35': {
        const s = scte(v ?? '', index, 'splicepoint-scte35', msn, t.name, issues);
        if (s) out.push(s);
        break;
      }
      case 'EXT-X-SCTE35': {
        const cue = getAttribute(parseAttributes(v ?? ''), 'CUE');
        if (!cue) issues.push({ msn, tag: t.name, message: 'missing CUE attribute' });
        else {
          const s = scte(cue, index, 'ext-x-scte35', msn, t.name, issues);
          if (s) out.push(s);
        }
        break;
      }
      case 'EXT-X-DATERANGE':
        dateRangeSignals(v ?? '', index, msn, segs, issues, out);
        break;
      default:
        break;
    }
  }
  if (oatcls) {
    // EXT-OATCLS-SCTE35 usually rides along a CUE-OUT / CUE-IN: enrich rather than duplicate.
    const twin = out.find((s) => s.kind === oatcls.kind && (s.source === 'cue-out' || s.source === 'cue-in'));
    if (twin) {
      if (twin.id === undefined && oatcls.id !== undefined) twin.id = oatcls.id;
      if (twin.duration === undefined && oatcls.duration !== undefined) twin.duration = oatcls.duration;
      if (oatcls.scte35) twin.scte35 = oatcls.scte35;
    } else {
      const cont = out.find((s) => s.kind === 'cont');
      if (!cont) out.push(oatcls);
      else if (cont.id === undefined && oatcls.id !== undefined && oatcls.kind === 'out') cont.id = oatcls.id;
    }
  }
  return out;
}

/** Where a date falls in the playlist (by program date-time); index -1: after its end. */
function pdtIndex(
  segs: readonly MediaSegment[],
  date: number,
): { index: number; elapsed: number } | undefined {
  for (let i = 0; i < segs.length; i++) {
    const p = segs[i]!.programDateTime;
    if (p === undefined) continue;
    const end = p + segs[i]!.duration * 1000;
    if (date < p - 500) return i === 0 ? { index: 0, elapsed: (p - date) / 1000 } : undefined;
    if (date < end - 500) return { index: i, elapsed: 0 };
  }
  const last = segs[segs.length - 1];
  if (last?.programDateTime !== undefined && date >= last.programDateTime + last.duration * 1000 - 500) {
    return { index: -1, elapsed: 0 }; // in the future: not placeable yet
  }
  return undefined;
}

function dateRangeSignals(
  value: string,
  index: number,
  msn: number,
  segs: readonly MediaSegment[],
  issues: MarkerIssue[],
  out: CueSignal[],
): void {
  const a = parseAttributes(value);
  const id = getAttribute(a, 'ID');
  const outHex = getAttribute(a, 'SCTE35-OUT');
  const inHex = getAttribute(a, 'SCTE35-IN');
  const cmdHex = getAttribute(a, 'SCTE35-CMD');
  if (!outHex && !inHex && !cmdHex) return; // not an ad marker (e.g. an interstitial or metadata)
  if (!id) {
    issues.push({ msn, tag: 'EXT-X-DATERANGE', message: 'SCTE-35 DATERANGE without ID' });
    return;
  }
  const start = parseDateTime(getAttribute(a, 'START-DATE') ?? '');
  const planned = num(getAttribute(a, 'PLANNED-DURATION')) ?? num(getAttribute(a, 'DURATION'));
  if (outHex || cmdHex) {
    const decoded = scte(outHex ?? cmdHex!, index, 'daterange', msn, 'EXT-X-DATERANGE', issues);
    if (outHex || decoded?.kind === 'out') {
      const s: CueSignal = { index, kind: 'out', source: 'daterange', id };
      const at = Number.isFinite(start) ? pdtIndex(segs, start) : undefined;
      if (at?.index === -1) return;
      if (at) {
        s.index = at.index;
        if (at.elapsed > 0) s.elapsed = at.elapsed;
      }
      const duration = planned ?? decoded?.duration;
      if (duration !== undefined) s.duration = duration;
      if (decoded?.scte35) s.scte35 = decoded.scte35;
      out.push(s);
    } else if (decoded) out.push({ ...decoded, id, source: 'daterange' });
  }
  if (inHex) {
    const s: CueSignal = { index, kind: 'in', source: 'daterange', id };
    const end = parseDateTime(getAttribute(a, 'END-DATE') ?? '');
    const at = Number.isFinite(end) ? pdtIndex(segs, end) : undefined;
    if (at?.index === -1) return;
    if (at) s.index = at.elapsed > 0 ? at.index + 1 : at.index;
    out.push(s);
  }
}

/** The avails announced ahead of their start (see AvailDetection.upcoming), each once, by date. */
function upcomingAvails(segs: readonly MediaSegment[]): UpcomingAvail[] {
  const found = new Map<string, UpcomingAvail>();
  for (const segment of segs) {
    for (const tag of segment.tags) {
      if (tag.name !== 'EXT-X-DATERANGE') continue;
      const a = parseAttributes(tag.value ?? '');
      const id = getAttribute(a, 'ID');
      const outHex = getAttribute(a, 'SCTE35-OUT');
      if (!id || !outHex || found.has(id)) continue;
      const start = parseDateTime(getAttribute(a, 'START-DATE') ?? '');
      if (!Number.isFinite(start) || pdtIndex(segs, start)?.index !== -1) continue;
      const decoded = decodeScte35(outHex);
      const duration =
        num(getAttribute(a, 'PLANNED-DURATION')) ??
        num(getAttribute(a, 'DURATION')) ??
        (decoded.ok ? scte35Signal(decoded.section).duration : undefined);
      found.set(id, { id, startDate: start, ...(duration === undefined ? {} : { duration }) });
    }
  }
  return [...found.values()].sort((x, y) => x.startDate - y.startDate);
}

/** What an SCTE-35 payload (base64 or 0x hex) signals; undefined when it does not decode. */
function scte35Kind(payload: string): Scte35Signal['kind'] | undefined {
  const r = decodeScte35(payload);
  return r.ok ? scte35Signal(r.section).kind : undefined;
}

/**
 * Whether a tag continues or ends an avail: EXT-X-CUE-OUT-CONT, EXT-X-CUE-IN, Adobe's EXT-X-CUE
 * TYPE="SpliceIn", an SCTE-35 avail end
 * (EXT-X-SPLICEPOINT-SCTE35, EXT-X-SCTE35, EXT-OATCLS-SCTE35), an EXT-X-DATERANGE that ends one
 * (SCTE35-IN, or an SCTE35-CMD that is an end) or any EXT-X-DATERANGE of avail `availId`. These
 * are the markers a stitcher takes out of the content that follows an avail it replaced.
 */
export function isAvailEndMarker(tag: Tag, availId?: string): boolean {
  switch (tag.name) {
    case 'EXT-X-CUE-IN':
    case 'EXT-X-CUE-OUT-CONT':
      return true;
    case 'EXT-X-CUE':
      return adobeCueKind(parseAttributes(tag.value ?? '')) === 'in';
    case 'EXT-X-SPLICEPOINT-SCTE35':
    case 'EXT-OATCLS-SCTE35':
      return scte35Kind(tag.value ?? '') === 'in';
    case 'EXT-X-SCTE35': {
      const cue = getAttribute(parseAttributes(tag.value ?? ''), 'CUE');
      return cue !== undefined && scte35Kind(cue) === 'in';
    }
    case 'EXT-X-DATERANGE': {
      const a = parseAttributes(tag.value ?? '');
      if (availId !== undefined && getAttribute(a, 'ID') === availId) return true;
      if (getAttribute(a, 'SCTE35-OUT') !== undefined) return false;
      if (getAttribute(a, 'SCTE35-IN') !== undefined) return true;
      const cmd = getAttribute(a, 'SCTE35-CMD');
      return cmd !== undefined && scte35Kind(cmd) === 'in';
    }
    default:
      return false;
  }
}

/**
 * Finds the ad avails of a media playlist from every common marker style. Never throws: a marker
 * that cannot be read is reported in `issues` and the content around it is left alone.
 */
export function detectAvails(pl: MediaPlaylist, options: DetectOptions = {}): AvailDetection {
  const tolerance = options.endTolerance ?? 0.5;
  const segs = pl.segments;
  const issues: MarkerIssue[] = [];
  const signals: CueSignal[] = [];
  const avails: DetectedAvail[] = [];
  const orphanEnds: AvailDetection['orphanEnds'] = [];

  for (let i = 0; i < segs.length; i++) {
    const tags = segs[i]!.tags;
    if (tags.length === 0) continue;
    for (const s of segmentSignals(tags, i, pl.mediaSequence + i, segs, issues)) signals.push(s);
  }
  // Signals come out in segment order except for DATERANGEs placed by date: sort only then.
  let sorted = true;
  for (let k = 1; k < signals.length && sorted; k++) sorted = signals[k - 1]!.index <= signals[k]!.index;
  if (!sorted) signals.sort((x, y) => x.index - y.index);

  let open: DetectedAvail | undefined;
  let offset = 0; // seconds from the open avail's first visible segment
  let si = 0;
  for (let i = 0; i <= segs.length; i++) {
    if (open && open.duration !== undefined && open.endIndex === undefined) {
      // The signals of segment i are the next ones (in segment order): no search of them all.
      let cueInHere = false;
      for (let k = si; k < signals.length && signals[k]!.index === i && !cueInHere; k++)
        cueInHere = signals[k]!.kind === 'in';
      if (!cueInHere && offset + open.elapsedAtStart >= open.duration - tolerance) {
        open.endIndex = i;
        open.endMsn = pl.mediaSequence + i;
        open.endReason = 'duration';
        open = undefined;
      }
    }
    while (si < signals.length && signals[si]!.index === i) {
      const s = signals[si++]!;
      const msn = pl.mediaSequence + i;
      if (s.kind === 'out') {
        if (open) {
          if (s.id !== undefined && s.id === open.id) continue;
          issues.push({ msn, tag: s.source, message: 'avail start inside an open avail ignored' });
          continue;
        }
        const a: DetectedAvail = {
          id: s.id ?? `cue-${msn}`,
          startIndex: i,
          startMsn: msn,
          elapsedAtStart: s.elapsed ?? 0,
          source: s.source,
        };
        if (s.duration !== undefined && s.duration > 0) a.duration = s.duration;
        else if (s.duration === 0) issues.push({ msn, tag: s.source, message: 'zero-length avail ignored' });
        if (s.scte35) a.signal = scte35Signal(s.scte35);
        if (s.duration === 0) continue;
        avails.push(a);
        open = a;
        offset = 0;
      } else if (s.kind === 'cont') {
        if (!open) {
          const a: DetectedAvail = {
            id: s.id ?? `cue-${msn}`,
            startIndex: i,
            startMsn: msn,
            elapsedAtStart: s.elapsed ?? 0,
            source: s.source,
          };
          if (s.duration !== undefined && s.duration > 0) a.duration = s.duration;
          // A CONT right after the avail closed by duration belongs to the closed avail.
          const last = avails[avails.length - 1];
          if (last?.endIndex === i && last.endReason === 'duration') continue;
          if (a.duration !== undefined && a.elapsedAtStart >= a.duration - tolerance) continue;
          avails.push(a);
          open = a;
          offset = 0;
        } else if (open.duration === undefined && s.duration !== undefined && s.duration > 0) {
          open.duration = s.duration;
        }
      } else if (s.kind === 'in') {
        if (open && (s.id === undefined || s.source !== 'daterange' || s.id === open.id)) {
          open.endIndex = i;
          open.endMsn = msn;
          open.endReason = 'cue-in';
          open = undefined;
        } else if (!open) {
          const last = avails[avails.length - 1];
          if (!(last && last.endIndex !== undefined && last.endIndex <= i && last.endReason === 'duration')) {
            const o: AvailDetection['orphanEnds'][number] = { index: i, msn };
            if (s.id !== undefined) o.id = s.id;
            orphanEnds.push(o);
          }
        }
      } else if (s.kind === 'cancel') {
        if (open && s.id === open.id) {
          avails.pop();
          open = undefined;
        }
      }
    }
    if (open && i < segs.length) offset += segs[i]!.duration;
  }
  return { avails, orphanEnds, upcoming: upcomingAvails(segs), signals, issues };
}
