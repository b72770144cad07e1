import { type Attribute, type AttributeSyntaxError, parseAttributes } from './attributes.ts';

/**
 * A strict syntax checker for HLS playlists, written against RFC 8216 (plus the EXT-X-DATERANGE
 * interstitial attributes of the HLS specification, second edition). It works on the text
 * directly and shares nothing with the parser, so that the tests can hold the parser and the
 * stitcher to it.
 */
export interface ValidationIssue {
  /** 1-based line number; 0 for playlist-wide problems. */
  line: number;
  message: string;
}

const NO_VALUE = new Set([
  'EXTM3U',
  'EXT-X-DISCONTINUITY',
  'EXT-X-ENDLIST',
  'EXT-X-I-FRAMES-ONLY',
  'EXT-X-INDEPENDENT-SEGMENTS',
  'EXT-X-GAP',
  'EXT-X-CUE-IN',
]);
const MEDIA_SEGMENT_TAGS = new Set([
  'EXTINF',
  'EXT-X-BYTERANGE',
  'EXT-X-DISCONTINUITY',
  'EXT-X-KEY',
  'EXT-X-MAP',
  'EXT-X-PROGRAM-DATE-TIME',
  'EXT-X-DATERANGE',
  'EXT-X-GAP',
  'EXT-X-BITRATE',
  'EXT-X-PART',
]);
const MEDIA_PLAYLIST_TAGS = new Set([
  'EXT-X-TARGETDURATION',
  'EXT-X-MEDIA-SEQUENCE',
  'EXT-X-DISCONTINUITY-SEQUENCE',
  'EXT-X-ENDLIST',
  'EXT-X-PLAYLIST-TYPE',
  'EXT-X-I-FRAMES-ONLY',
  'EXT-X-PART-INF',
  'EXT-X-SERVER-CONTROL',
  'EXT-X-SKIP',
  'EXT-X-PRELOAD-HINT',
  'EXT-X-RENDITION-REPORT',
]);
const MULTIVARIANT_TAGS = new Set([
  'EXT-X-MEDIA',
  'EXT-X-STREAM-INF',
  'EXT-X-I-FRAME-STREAM-INF',
  'EXT-X-SESSION-DATA',
  'EXT-X-SESSION-KEY',
  'EXT-X-CONTENT-STEERING',
]);

const DECIMAL_INTEGER = /^(0|[1-9][0-9]{0,19})$/;
const DECIMAL_FLOAT = /^[0-9]+(\.[0-9]+)?$/;
const SIGNED_FLOAT = /^-?[0-9]+(\.[0-9]+)?$/;
const HEX_SEQUENCE = /^0[xX][0-9A-Fa-f]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const RESOLUTION = /^[0-9]+x[0-9]+$/;
const ENUM = /^[^\s",]+$/;

interface Ctx {
  issues: ValidationIssue[];
  line: number;
}

function fail(ctx: Ctx, message: string, line = ctx.line): void {
  ctx.issues.push({ line, message });
}

function attrs(ctx: Ctx, name: string, value: string | undefined): Map<string, Attribute> {
  const map = new Map<string, Attribute>();
  if (value === undefined || value === '') {
    fail(ctx, `${name} needs an attribute list`);
    return map;
  }
  try {
    for (const a of parseAttributes(value, true)) map.set(a.name, a);
  } catch (e) {
    fail(ctx, `${name}: ${(e as AttributeSyntaxError).message}`);
  }
  return map;
}

type AttrKind = 'int' | 'float' | 'sfloat' | 'quoted' | 'enum' | 'hex' | 'resolution';

function checkAttr(
  ctx: Ctx,
  tag: string,
  map: Map<string, Attribute>,
  key: string,
  kind: AttrKind,
  required = false,
) {
  const a = map.get(key);
  if (!a) {
    if (required) fail(ctx, `${tag} is missing required attribute ${key}`);
    return;
  }
  const v = a.value;
  const ok = (() => {
    switch (kind) {
      case 'quoted':
        return a.quoted;
      case 'int':
        return !a.quoted && DECIMAL_INTEGER.test(v);
      case 'float':
        return !a.quoted && DECIMAL_FLOAT.test(v);
      case 'sfloat':
        return !a.quoted && SIGNED_FLOAT.test(v);
      case 'enum':
        return !a.quoted && ENUM.test(v);
      case 'hex':
        return !a.quoted && HEX_SEQUENCE.test(v);
      case 'resolution':
        return !a.quoted && RESOLUTION.test(v);
    }
  })();
  if (!ok) fail(ctx, `${tag} attribute ${key} is not a valid ${kind} ("${v}")`);
}

function checkEnum(ctx: Ctx, tag: string, map: Map<string, Attribute>, key: string, allowed: string[]) {
  const a = map.get(key);
  if (a && (a.quoted || !allowed.includes(a.value))) {
    fail(ctx, `${tag} attribute ${key} must be one of ${allowed.join(', ')} (got "${a.value}")`);
  }
}

/** Checks one playlist. An empty array means the playlist is valid. */
export function validatePlaylist(text: string): ValidationIssue[] {
  const ctx: Ctx = { issues: [], line: 0 };
  const rawLines = text.split('\n');
  if (rawLines.length > 0 && rawLines[rawLines.length - 1] === '') rawLines.pop();
  if (rawLines[0] !== '#EXTM3U') fail(ctx, 'the first line must be #EXTM3U', 1);

  let isMedia = false;
  let isMultivariant = false;
  let version: number | undefined;
  const needs: { v: number; why: string; line: number }[] = [];
  const need = (v: number, why: string, line: number) => {
    needs.push({ v, why, line });
  };
  const counts = new Map<string, number>();

  // media playlist state
  let targetDuration: number | undefined;
  let iFramesOnly = false;
  let segmentsSeen = 0;
  let discontinuitySeen = false;
  let pendingExtinf: { duration: number; line: number } | undefined;
  let pendingByteRange: { length: number; offset?: number; line: number } | undefined;
  let endListLine = 0;
  let hasPdt = false;
  let mapSeen = false;
  const extinfs: { duration: number; line: number }[] = [];
  const dateRanges = new Map<string, { start: string; cls: string | undefined; line: number }>();
  let firstDateRangeLine = 0;
  let lastRange: { uri: string; end: number } | undefined;

  // multivariant state
  const groups = new Map<string, { type: string; names: Set<string>; defaults: number }>();
  const groupRefs: { type: string; id: string; line: number }[] = [];
  let expectStreamUri = 0;

  for (let i = 1; i < rawLines.length; i++) {
    ctx.line = i + 1;
    let line = rawLines[i]!;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line === '') continue;
    if (line !== line.trim()) fail(ctx, 'leading or trailing white space');
    if (!line.startsWith('#')) {
      // URI line
      if (expectStreamUri) {
        expectStreamUri = 0;
        continue;
      }
      isMedia = true;
      if (endListLine) fail(ctx, 'media segment after EXT-X-ENDLIST');
      if (!pendingExtinf) fail(ctx, `URI "${line}" is not preceded by EXTINF`);
      if (pendingByteRange) {
        if (pendingByteRange.offset === undefined && (!lastRange || lastRange.uri !== line)) {
          fail(ctx, 'EXT-X-BYTERANGE without offset must follow a sub-range of the same resource');
        }
        const offset = pendingByteRange.offset ?? lastRange?.end ?? 0;
        lastRange = { uri: line, end: offset + pendingByteRange.length };
      } else {
        lastRange = undefined;
      }
      if (pendingExtinf) extinfs.push(pendingExtinf);
      pendingExtinf = undefined;
      pendingByteRange = undefined;
      segmentsSeen++;
      continue;
    }
    if (expectStreamUri) {
      fail(ctx, 'EXT-X-STREAM-INF must be followed by a URI line', expectStreamUri);
      expectStreamUri = 0;
    }
    if (!line.startsWith('#EXT')) continue; // comment
    const colon = line.indexOf(':');
    const name = colon < 0 ? line.slice(1) : line.slice(1, colon);
    const value = colon < 0 ? undefined : line.slice(colon + 1);
    if (name === 'EXTM3U') {
      fail(ctx, '#EXTM3U may only appear on the first line');
      continue;
    }
    if (NO_VALUE.has(name) && value !== undefined) fail(ctx, `${name} takes no value`);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (MEDIA_SEGMENT_TAGS.has(name) || MEDIA_PLAYLIST_TAGS.has(name)) isMedia = true;
    if (MULTIVARIANT_TAGS.has(name)) isMultivariant = true;

    switch (name) {
      case 'EXT-X-VERSION':
        if (!value || !DECIMAL_INTEGER.test(value)) fail(ctx, 'EXT-X-VERSION must be a decimal-integer');
        else version = Number(value);
        if (counts.get(name)! > 1) fail(ctx, 'EXT-X-VERSION appears more than once');
        break;
      case 'EXT-X-TARGETDURATION':
        if (!value || !DECIMAL_INTEGER.test(value))
          fail(ctx, 'EXT-X-TARGETDURATION must be a decimal-integer');
        else targetDuration = Number(value);
        if (counts.get(name)! > 1) fail(ctx, 'EXT-X-TARGETDURATION appears more than once');
        break;
      case 'EXT-X-MEDIA-SEQUENCE':
        if (!value || !DECIMAL_INTEGER.test(value))
          fail(ctx, 'EXT-X-MEDIA-SEQUENCE must be a decimal-integer');
        if (segmentsSeen > 0 || pendingExtinf)
          fail(ctx, 'EXT-X-MEDIA-SEQUENCE must precede the first segment');
        if (counts.get(name)! > 1) fail(ctx, 'EXT-X-MEDIA-SEQUENCE appears more than once');
        break;
      case 'EXT-X-DISCONTINUITY-SEQUENCE':
        if (!value || !DECIMAL_INTEGER.test(value)) {
          fail(ctx, 'EXT-X-DISCONTINUITY-SEQUENCE must be a decimal-integer');
        }
        if (segmentsSeen > 0 || pendingExtinf || discontinuitySeen) {
          fail(
            ctx,
            'EXT-X-DISCONTINUITY-SEQUENCE must precede the first segment and any EXT-X-DISCONTINUITY',
          );
        }
        if (counts.get(name)! > 1) fail(ctx, 'EXT-X-DISCONTINUITY-SEQUENCE appears more than once');
        break;
      case 'EXT-X-PLAYLIST-TYPE':
        if (value !== 'VOD' && value !== 'EVENT') fail(ctx, 'EXT-X-PLAYLIST-TYPE must be EVENT or VOD');
        if (counts.get(name)! > 1) fail(ctx, 'EXT-X-PLAYLIST-TYPE appears more than once');
        break;
      case 'EXT-X-ENDLIST':
        if (endListLine) fail(ctx, 'EXT-X-ENDLIST appears more than once');
        endListLine = ctx.line;
        break;
      case 'EXT-X-I-FRAMES-ONLY':
        iFramesOnly = true;
        need(4, 'EXT-X-I-FRAMES-ONLY', ctx.line);
        break;
      case 'EXTINF': {
        if (pendingExtinf) fail(ctx, 'EXTINF not followed by a URI before the next EXTINF');
        const comma = (value ?? '').indexOf(',');
        const d = comma < 0 ? (value ?? '') : (value ?? '').slice(0, comma);
        if (comma < 0) fail(ctx, 'EXTINF must be followed by a comma');
        if (!DECIMAL_FLOAT.test(d)) {
          fail(ctx, `EXTINF duration "${d}" is not a decimal number`);
          pendingExtinf = { duration: 0, line: ctx.line };
        } else {
          if (!DECIMAL_INTEGER.test(d)) need(3, 'floating-point EXTINF', ctx.line);
          pendingExtinf = { duration: Number(d), line: ctx.line };
        }
        break;
      }
      case 'EXT-X-BYTERANGE': {
        const m = /^([0-9]+)(@([0-9]+))?$/.exec(value ?? '');
        if (!m) fail(ctx, 'EXT-X-BYTERANGE must be <n>[@<o>]');
        else {
          pendingByteRange = { length: Number(m[1]), line: ctx.line };
          if (m[3] !== undefined) pendingByteRange.offset = Number(m[3]);
        }
        need(4, 'EXT-X-BYTERANGE', ctx.line);
        break;
      }
      case 'EXT-X-DISCONTINUITY':
        discontinuitySeen = true;
        break;
      case 'EXT-X-KEY':
      case 'EXT-X-SESSION-KEY': {
        const a = attrs(ctx, name, value);
        checkEnum(ctx, name, a, 'METHOD', ['NONE', 'AES-128', 'SAMPLE-AES', 'SAMPLE-AES-CTR']);
        if (!a.has('METHOD')) fail(ctx, `${name} is missing required attribute METHOD`);
        if (a.get('METHOD')?.value === 'NONE') {
          if (name === 'EXT-X-SESSION-KEY') fail(ctx, 'EXT-X-SESSION-KEY METHOD must not be NONE');
          if (a.size > 1) fail(ctx, `${name} with METHOD=NONE must have no other attributes`);
        } else {
          checkAttr(ctx, name, a, 'URI', 'quoted', true);
        }
        const iv = a.get('IV');
        if (iv) {
          if (iv.quoted || !/^0[xX][0-9A-Fa-f]{32}$/.test(iv.value))
            fail(ctx, `${name} IV must be 128-bit hex`);
          need(2, 'IV attribute', ctx.line);
        }
        checkAttr(ctx, name, a, 'KEYFORMAT', 'quoted');
        checkAttr(ctx, name, a, 'KEYFORMATVERSIONS', 'quoted');
        if (a.has('KEYFORMAT') || a.has('KEYFORMATVERSIONS')) need(5, 'KEYFORMAT', ctx.line);
        break;
      }
      case 'EXT-X-MAP': {
        const a = attrs(ctx, name, value);
        checkAttr(ctx, name, a, 'URI', 'quoted', true);
        checkAttr(ctx, name, a, 'BYTERANGE', 'quoted');
        mapSeen = true;
        break;
      }
      case 'EXT-X-PROGRAM-DATE-TIME':
        if (!value || !ISO_DATE.test(value) || !Number.isFinite(Date.parse(value))) {
          fail(ctx, `EXT-X-PROGRAM-DATE-TIME "${value}" is not an ISO 8601 date-time with time zone`);
        }
        hasPdt = true;
        break;
      case 'EXT-X-DATERANGE':
        checkDateRange(ctx, attrs(ctx, name, value), dateRanges);
        if (!firstDateRangeLine) firstDateRangeLine = ctx.line;
        break;
      case 'EXT-X-START': {
        const a = attrs(ctx, name, value);
        checkAttr(ctx, name, a, 'TIME-OFFSET', 'sfloat', true);
        checkEnum(ctx, name, a, 'PRECISE', ['YES', 'NO']);
        break;
      }
      case 'EXT-X-MEDIA': {
        const a = attrs(ctx, name, value);
        checkEnum(ctx, name, a, 'TYPE', ['AUDIO', 'VIDEO', 'SUBTITLES', 'CLOSED-CAPTIONS']);
        if (!a.has('TYPE')) fail(ctx, 'EXT-X-MEDIA is missing required attribute TYPE');
        checkAttr(ctx, name, a, 'GROUP-ID', 'quoted', true);
        checkAttr(ctx, name, a, 'NAME', 'quoted', true);
        checkAttr(ctx, name, a, 'URI', 'quoted');
        checkAttr(ctx, name, a, 'LANGUAGE', 'quoted');
        checkAttr(ctx, name, a, 'ASSOC-LANGUAGE', 'quoted');
        checkAttr(ctx, name, a, 'CHARACTERISTICS', 'quoted');
        checkAttr(ctx, name, a, 'CHANNELS', 'quoted');
        checkAttr(ctx, name, a, 'INSTREAM-ID', 'quoted');
        checkEnum(ctx, name, a, 'DEFAULT', ['YES', 'NO']);
        checkEnum(ctx, name, a, 'AUTOSELECT', ['YES', 'NO']);
        checkEnum(ctx, name, a, 'FORCED', ['YES', 'NO']);
        const type = a.get('TYPE')?.value ?? '';
        if (type === 'CLOSED-CAPTIONS') {
          if (a.has('URI')) fail(ctx, 'EXT-X-MEDIA of TYPE CLOSED-CAPTIONS must not have a URI');
          if (!a.has('INSTREAM-ID')) fail(ctx, 'EXT-X-MEDIA of TYPE CLOSED-CAPTIONS needs INSTREAM-ID');
        } else if (a.has('INSTREAM-ID')) fail(ctx, 'INSTREAM-ID is only allowed for CLOSED-CAPTIONS');
        if (type === 'SUBTITLES' && !a.has('URI')) fail(ctx, 'EXT-X-MEDIA of TYPE SUBTITLES needs a URI');
        if (a.has('FORCED') && type !== 'SUBTITLES') fail(ctx, 'FORCED is only allowed for SUBTITLES');
        if (
          a.get('DEFAULT')?.value === 'YES' &&
          a.has('AUTOSELECT') &&
          a.get('AUTOSELECT')?.value !== 'YES'
        ) {
          fail(ctx, 'AUTOSELECT must be YES when DEFAULT is YES');
        }
        const key = `${type}/${a.get('GROUP-ID')?.value ?? ''}`;
        const g = groups.get(key) ?? { type, names: new Set<string>(), defaults: 0 };
        const nm = a.get('NAME')?.value ?? '';
        if (g.names.has(nm)) fail(ctx, `two renditions named "${nm}" in group ${key}`);
        g.names.add(nm);
        if (a.get('DEFAULT')?.value === 'YES') g.defaults++;
        if (g.defaults > 1) fail(ctx, `more than one DEFAULT=YES rendition in group ${key}`);
        groups.set(key, g);
        break;
      }
      case 'EXT-X-STREAM-INF':
      case 'EXT-X-I-FRAME-STREAM-INF': {
        const a = attrs(ctx, name, value);
        checkAttr(ctx, name, a, 'BANDWIDTH', 'int', true);
        checkAttr(ctx, name, a, 'AVERAGE-BANDWIDTH', 'int');
        checkAttr(ctx, name, a, 'CODECS', 'quoted');
        checkAttr(ctx, name, a, 'RESOLUTION', 'resolution');
        checkAttr(ctx, name, a, 'FRAME-RATE', 'float');
        checkAttr(ctx, name, a, 'HDCP-LEVEL', 'enum');
        checkAttr(ctx, name, a, 'VIDEO', 'quoted');
        for (const [attr, type] of [
          ['AUDIO', 'AUDIO'],
          ['VIDEO', 'VIDEO'],
          ['SUBTITLES', 'SUBTITLES'],
          ['CLOSED-CAPTIONS', 'CLOSED-CAPTIONS'],
        ] as const) {
          const ref = a.get(attr);
          if (!ref) continue;
          if (attr === 'CLOSED-CAPTIONS' && !ref.quoted && ref.value === 'NONE') continue;
          if (!ref.quoted) fail(ctx, `${name} attribute ${attr} must be a quoted-string`);
          groupRefs.push({ type, id: ref.value, line: ctx.line });
        }
        if (name === 'EXT-X-STREAM-INF') {
          if (a.has('URI')) fail(ctx, 'EXT-X-STREAM-INF must not have a URI attribute');
          expectStreamUri = ctx.line;
        } else {
          checkAttr(ctx, name, a, 'URI', 'quoted', true);
        }
        break;
      }
      case 'EXT-X-SESSION-DATA': {
        const a = attrs(ctx, name, value);
        checkAttr(ctx, name, a, 'DATA-ID', 'quoted', true);
        if (a.has('VALUE') === a.has('URI'))
          fail(ctx, 'EXT-X-SESSION-DATA needs exactly one of VALUE and URI');
        break;
      }
      default:
        break;
    }
  }
  ctx.line = 0;
  if (expectStreamUri) fail(ctx, 'EXT-X-STREAM-INF must be followed by a URI line', expectStreamUri);
  if (pendingExtinf) fail(ctx, 'EXTINF at the end of the playlist has no URI', pendingExtinf.line);
  if (isMedia && isMultivariant) fail(ctx, 'playlist mixes media playlist and multivariant playlist tags');
  if (isMedia) {
    if (targetDuration === undefined) fail(ctx, 'media playlist is missing EXT-X-TARGETDURATION');
    else {
      for (const e of extinfs) {
        if (Math.round(e.duration) > targetDuration) {
          fail(ctx, `EXTINF ${e.duration} rounds above EXT-X-TARGETDURATION ${targetDuration}`, e.line);
        }
      }
    }
    if (mapSeen) need(iFramesOnly ? 5 : 6, 'EXT-X-MAP', 0);
    if (firstDateRangeLine && !hasPdt) {
      fail(ctx, 'a playlist with EXT-X-DATERANGE needs an EXT-X-PROGRAM-DATE-TIME', firstDateRangeLine);
    }
  }
  if (isMultivariant) {
    for (const r of groupRefs) {
      if (!groups.has(`${r.type}/${r.id}`)) {
        fail(ctx, `no EXT-X-MEDIA with TYPE=${r.type} and GROUP-ID "${r.id}"`, r.line);
      }
    }
  }
  const effective = version ?? 1;
  for (const n of needs) {
    if (n.v > effective)
      fail(ctx, `${n.why} needs EXT-X-VERSION ${n.v} or higher (have ${effective})`, n.line);
  }
  return ctx.issues;
}

const INTERSTITIAL = 'com.apple.hls.interstitial';

function checkDateRange(
  ctx: Ctx,
  a: Map<string, Attribute>,
  seen: Map<string, { start: string; cls: string | undefined; line: number }>,
): void {
  const tag = 'EXT-X-DATERANGE';
  checkAttr(ctx, tag, a, 'ID', 'quoted', true);
  checkAttr(ctx, tag, a, 'CLASS', 'quoted');
  checkAttr(ctx, tag, a, 'START-DATE', 'quoted', true);
  checkAttr(ctx, tag, a, 'END-DATE', 'quoted');
  checkAttr(ctx, tag, a, 'DURATION', 'float');
  checkAttr(ctx, tag, a, 'PLANNED-DURATION', 'float');
  checkAttr(ctx, tag, a, 'SCTE35-CMD', 'hex');
  checkAttr(ctx, tag, a, 'SCTE35-OUT', 'hex');
  checkAttr(ctx, tag, a, 'SCTE35-IN', 'hex');
  checkEnum(ctx, tag, a, 'END-ON-NEXT', ['YES']);
  const start = a.get('START-DATE')?.value;
  const end = a.get('END-DATE')?.value;
  if (start !== undefined && (!ISO_DATE.test(start) || !Number.isFinite(Date.parse(start)))) {
    fail(ctx, `${tag} START-DATE "${start}" is not an ISO 8601 date`);
  }
  if (end !== undefined) {
    if (!ISO_DATE.test(end) || !Number.isFinite(Date.parse(end))) fail(ctx, `${tag} END-DATE is not a date`);
    else if (start !== undefined && Date.parse(end) < Date.parse(start)) {
      fail(ctx, `${tag} END-DATE is before START-DATE`);
    }
  }
  if (a.has('END-ON-NEXT')) {
    if (!a.has('CLASS')) fail(ctx, `${tag} with END-ON-NEXT needs a CLASS`);
    if (a.has('DURATION') || a.has('END-DATE'))
      fail(ctx, `${tag} with END-ON-NEXT must not have DURATION or END-DATE`);
  }
  for (const [k, v] of a) {
    if (k.startsWith('X-') && !/^X-[A-Z0-9-]+$/.test(k))
      fail(ctx, `${tag} client attribute ${k} is malformed`);
    if (k.startsWith('X-') && !v.quoted && !HEX_SEQUENCE.test(v.value) && !DECIMAL_FLOAT.test(v.value)) {
      fail(ctx, `${tag} client attribute ${k} must be a quoted-string, hex or decimal number`);
    }
  }
  const cls = a.get('CLASS')?.value;
  if (cls === INTERSTITIAL) {
    if (a.has('X-ASSET-URI') === a.has('X-ASSET-LIST')) {
      fail(ctx, 'an interstitial needs exactly one of X-ASSET-URI and X-ASSET-LIST');
    }
    checkAttr(ctx, tag, a, 'X-ASSET-URI', 'quoted');
    checkAttr(ctx, tag, a, 'X-ASSET-LIST', 'quoted');
    checkAttr(ctx, tag, a, 'X-RESUME-OFFSET', 'sfloat');
    checkAttr(ctx, tag, a, 'X-PLAYOUT-LIMIT', 'float');
    for (const [key, allowed] of [
      ['X-RESTRICT', ['SKIP', 'JUMP']],
      ['X-SNAP', ['OUT', 'IN']],
      ['CUE', ['PRE', 'POST', 'ONCE']],
    ] as const) {
      const v = a.get(key);
      if (!v) continue;
      const items = v.value.split(',');
      if (!v.quoted || items.some((x) => !(allowed as readonly string[]).includes(x))) {
        fail(ctx, `${tag} ${key} must be a quoted list of ${allowed.join(', ')}`);
      }
    }
  }
  const id = a.get('ID')?.value;
  if (id !== undefined && start !== undefined) {
    const prev = seen.get(id);
    if (prev && (prev.start !== start || (prev.cls !== undefined && cls !== undefined && prev.cls !== cls))) {
      fail(ctx, `${tag} "${id}" repeats with a different START-DATE or CLASS (first on line ${prev.line})`);
    }
    if (!prev) seen.set(id, { start, cls, line: ctx.line });
  }
}
