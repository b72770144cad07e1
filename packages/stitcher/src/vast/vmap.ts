import { VAST_ERROR, type VastIssue, type VastWarning } from './errors.ts';
import {
  type VastDocument,
  type VastParseOptions,
  vast1Issue,
  vastFromNode,
  vastWarningOf,
} from './parse.ts';
import { parseClock } from './time.ts';
import { attr, bool, kid, kids, parseXml, text, type XmlNode } from './xml.ts';

/** Where a VMAP break sits (VMAP 1.0 section 2.4). */
export type VmapTimeOffset =
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'time'; seconds: number }
  | { type: 'percent'; value: number }
  | { type: 'position'; value: number };

export type VmapAdSource =
  | { kind: 'vast'; document: VastDocument }
  | { kind: 'adTagUri'; uri: string; templateType: string }
  | { kind: 'custom'; templateType: string; data: string };

export interface VmapBreak {
  breakId?: string;
  breakType: string[];
  timeOffset: VmapTimeOffset;
  /** Seconds between repeats of this break. */
  repeatAfter?: number;
  adSourceId?: string;
  allowMultipleAds: boolean;
  followRedirects: boolean;
  adSource?: VmapAdSource;
  trackingEvents: { event: 'breakStart' | 'breakEnd' | 'error'; uri: string }[];
}

export interface VmapDocument {
  version: string;
  breaks: VmapBreak[];
}

export type VmapParseResult =
  | {
      ok: true;
      document: VmapDocument;
      issues: VastIssue[];
      /** Deviations accepted (lenient parsing), in its inline VAST too; paths from the VMAP root. */
      warnings: VastWarning[];
    }
  | { ok: false; issue: VastIssue };

function parseTimeOffset(v: string | undefined): VmapTimeOffset | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  if (s === 'start') return { type: 'start' };
  if (s === 'end') return { type: 'end' };
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(s);
  if (pct) return { type: 'percent', value: Number(pct[1]) };
  const pos = /^#(\d+)$/.exec(s);
  if (pos) return { type: 'position', value: Number(pos[1]) };
  const t = parseClock(s);
  return t === undefined ? undefined : { type: 'time', seconds: t };
}

const issue = (code: VastIssue['code'], message: string): VastIssue => ({
  code,
  message,
  errorUrls: [],
  depth: 0,
});

/**
 * Parses a VMAP 1.0 document; inline VASTAdData is parsed as VAST, leniently unless
 * `options.strict` (see VastParseOptions). Never throws.
 */
export function parseVmap(xml: string, options: VastParseOptions = {}): VmapParseResult {
  const parsed = parseXml(xml, { lenient: options.strict !== true });
  if (!parsed.ok)
    return { ok: false, issue: issue(VAST_ERROR.xmlParsing, `XML parsing error: ${parsed.message}`) };
  const root = parsed.root;
  if (root.local !== 'VMAP')
    return { ok: false, issue: issue(VAST_ERROR.schemaValidation, 'the root element is not <VMAP>') };
  const version = attr(root, 'version');
  if (version === undefined)
    return { ok: false, issue: issue(VAST_ERROR.schemaValidation, '<VMAP> has no version') };
  if (!/^1(\.\d+)*$/.test(version)) {
    return {
      ok: false,
      issue: issue(VAST_ERROR.versionNotSupported, `VMAP version ${version} is not supported`),
    };
  }
  const issues: VastIssue[] = [];
  const warnings = parsed.warnings.map(vastWarningOf);
  const breaks: VmapBreak[] = [];
  for (const b of kids(root, 'AdBreak')) {
    const r = readBreak(b, issues, warnings, options, root);
    if (r) breaks.push(r);
  }
  return { ok: true, document: { version, breaks }, issues, warnings };
}

function readBreak(
  node: XmlNode,
  issues: VastIssue[],
  warnings: VastWarning[],
  options: VastParseOptions,
  root: XmlNode,
): VmapBreak | undefined {
  const offset = parseTimeOffset(attr(node, 'timeOffset'));
  const breakId = attr(node, 'breakId');
  if (!offset) {
    issues.push(issue(VAST_ERROR.schemaValidation, `AdBreak ${breakId ?? ''} has no valid timeOffset`));
    return undefined;
  }
  const b: VmapBreak = {
    breakType: (attr(node, 'breakType') ?? 'linear').split(',').map((s) => s.trim()),
    timeOffset: offset,
    allowMultipleAds: true,
    followRedirects: true,
    trackingEvents: [],
  };
  if (breakId !== undefined) b.breakId = breakId;
  const repeat = parseClock(attr(node, 'repeatAfter'));
  if (repeat !== undefined) b.repeatAfter = repeat;
  const source = kid(node, 'AdSource');
  if (source !== undefined) {
    const id = attr(source, 'id');
    if (id !== undefined) b.adSourceId = id;
    b.allowMultipleAds = bool(attr(source, 'allowMultipleAds'), true);
    b.followRedirects = bool(attr(source, 'followRedirects'), true);
    const data = kid(source, 'VASTAdData');
    const tag = kid(source, 'AdTagURI');
    const custom = kid(source, 'CustomAdData');
    if (data !== undefined) {
      const vast = kid(data, 'VAST');
      const r = vast === undefined ? undefined : vastFromNode(vast, options, [root, node, source, data]);
      if (!r) {
        if (kid(data, 'VideoAdServingTemplate') !== undefined) issues.push(vast1Issue());
        else issues.push(issue(VAST_ERROR.schemaValidation, 'VASTAdData holds no <VAST>'));
      } else if (!r.ok) issues.push(r.issue);
      else {
        issues.push(...r.issues);
        warnings.push(...r.warnings);
        b.adSource = { kind: 'vast', document: r.document };
      }
    } else if (tag !== undefined) {
      b.adSource = { kind: 'adTagUri', uri: text(tag), templateType: attr(tag, 'templateType') ?? 'vast3' };
    } else if (custom !== undefined) {
      b.adSource = { kind: 'custom', templateType: attr(custom, 'templateType') ?? '', data: text(custom) };
    }
  }
  for (const t of kids(kid(node, 'TrackingEvents'), 'Tracking')) {
    const event = attr(t, 'event');
    const uri = text(t);
    if ((event === 'breakStart' || event === 'breakEnd' || event === 'error') && uri !== '') {
      b.trackingEvents.push({ event, uri });
    }
  }
  return b;
}

export interface VmapCuePoint {
  /** Seconds into the content; 0 for pre-roll, the content duration for post-roll. */
  offset: number;
  position: 'pre' | 'mid' | 'post';
  break: VmapBreak;
}

/**
 * Places the breaks of a VMAP on a piece of content. `#n` positions count the distinct
 * break offsets in order (VMAP 1.0), `repeatAfter` expands until the end of the content, and
 * timed breaks past the end of the content are dropped.
 */
export function vmapCuePoints(vmap: VmapDocument, contentDuration: number): VmapCuePoint[] {
  const out: VmapCuePoint[] = [];
  const timed: VmapCuePoint[] = [];
  const positional: VmapBreak[] = [];
  const place = (b: VmapBreak, offset: number) => {
    const position = offset <= 0 ? 'pre' : offset >= contentDuration ? 'post' : 'mid';
    timed.push({ offset: Math.min(Math.max(offset, 0), contentDuration), position, break: b });
  };
  for (const b of vmap.breaks) {
    const o = b.timeOffset;
    if (o.type === 'start') place(b, 0);
    else if (o.type === 'end') place(b, contentDuration);
    else if (o.type === 'time') {
      if (o.seconds > contentDuration) continue; // never reached
      place(b, o.seconds);
      if (b.repeatAfter !== undefined && b.repeatAfter > 0) {
        for (let t = o.seconds + b.repeatAfter; t < contentDuration; t += b.repeatAfter) place(b, t);
      }
    } else if (o.type === 'percent') place(b, (o.value / 100) * contentDuration);
    else positional.push(b);
  }
  timed.sort((a, b) => a.offset - b.offset);
  const distinct = [...new Set(timed.map((t) => t.offset))];
  for (const b of positional) {
    const o = b.timeOffset as { type: 'position'; value: number };
    const at = distinct[o.value - 1];
    if (at !== undefined) place(b, at);
  }
  timed.sort((a, b) => a.offset - b.offset);
  out.push(...timed);
  return out;
}
