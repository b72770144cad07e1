import { VAST_ERROR, type VastDeviation, type VastIssue, type VastWarning } from './errors.ts';
import { type Offset, parseClock, parseOffset, parseSeconds } from './time.ts';
import { attr, bool, kid, kids, parseXml, text, texts, type XmlNode, type XmlWarning } from './xml.ts';

export interface VastMediaFile {
  uri: string;
  delivery: string;
  type: string;
  width: number;
  height: number;
  id?: string;
  codec?: string;
  bitrate?: number;
  minBitrate?: number;
  maxBitrate?: number;
  scalable?: boolean;
  maintainAspectRatio?: boolean;
  apiFramework?: string;
}

export interface VastTrackingEvent {
  /** creativeView, start, firstQuartile, midpoint, thirdQuartile, complete, progress, skip... */
  event: string;
  uri: string;
  /** Only for `progress` events. */
  offset?: Offset;
}

export interface VastUniversalAdId {
  idRegistry: string;
  /** VAST 4.0 put the id in an `idValue` attribute; 4.1+ in the element text. */
  value: string;
}

export interface VastLinear {
  /** Seconds; required in an InLine, absent in most wrappers. */
  duration?: number;
  skipOffset?: Offset;
  mediaFiles: VastMediaFile[];
  mezzanine: string[];
  trackingEvents: VastTrackingEvent[];
  clickThrough?: string;
  clickTracking: string[];
  adParameters?: string;
}

export interface VastCreative {
  id?: string;
  adId?: string;
  sequence?: number;
  apiFramework?: string;
  universalAdIds: VastUniversalAdId[];
  linear?: VastLinear;
  nonLinearAds: number;
  companionAds: number;
}

export interface VastWrapperInfo {
  adTagUri: string;
  followAdditionalWrappers: boolean;
  allowMultipleAds: boolean;
  fallbackOnNoAd: boolean;
}

export interface VastAd {
  id?: string;
  sequence?: number;
  conditionalAd?: boolean;
  adType?: string;
  kind: 'inline' | 'wrapper';
  adSystem?: string;
  adSystemVersion?: string;
  adTitle?: string;
  advertiser?: string;
  description?: string;
  /** VAST 4.1+ cache expiry in seconds. */
  expires?: number;
  impressions: string[];
  errorUrls: string[];
  viewableImpression: { viewable: string[]; notViewable: string[]; undetermined: string[] };
  creatives: VastCreative[];
  wrapper?: VastWrapperInfo;
}

export interface VastDocument {
  version: string;
  ads: VastAd[];
  /** Root-level `<Error>` URLs (used by servers to report "no ad"). */
  errorUrls: string[];
}

export interface VastParseOptions {
  /**
   * Refuse what the VAST schema (or XML) does not allow, as parsing did before it was lenient:
   * an InLine ad without `<Impression>` or without `<AdTitle>` (101, the ad), a `<Duration>` in
   * plain seconds (202, the ad), a wrapper's VAST 1 `<VASTAdTagURL>` (101, the ad), an unescaped
   * `&` in text or blank lines before the XML declaration (100, the whole document). Strictly,
   * `<MEDIAFILES>` is no `<MediaFiles>` (101, the ad), `<MEDIAFILE>` no `<MediaFile>` (the ad has
   * no media: 403 when resolved) and a tracking event in another case (`START`) is kept as
   * written, which no plan fires. Default false: lenient, for serving, each of these accepted
   * and reported as a warning.
   */
  strict?: boolean;
}

export type VastParseResult =
  | {
      ok: true;
      document: VastDocument;
      /** Ads left out, each with the VAST error to report. */
      issues: VastIssue[];
      /** Deviations accepted: the XML reader's (unescaped `&`), then the VAST model's, each in document order. */
      warnings: VastWarning[];
    }
  | { ok: false; issue: VastIssue };

const SUPPORTED_VERSION = /^[234](\.\d+)*$/;

function num(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  // Number('') and Number('  ') are 0: blank is "absent", not zero
  if (!Number.isFinite(n) || (n === 0 && v.trim() === '')) return undefined;
  return n;
}

/** A `<MediaFile>`: its attributes are read in one pass (the last of a repeated local name wins). */
function readMediaFile(m: XmlNode): VastMediaFile | undefined {
  const uri = text(m);
  if (uri === '') return undefined;
  let delivery: string | undefined;
  let type: string | undefined;
  let width: string | undefined;
  let height: string | undefined;
  let id: string | undefined;
  let codec: string | undefined;
  let apiFramework: string | undefined;
  let bitrate: string | undefined;
  let minBitrate: string | undefined;
  let maxBitrate: string | undefined;
  let scalable: string | undefined;
  let maintainAspectRatio: string | undefined;
  const a = m.attrs; // name, local name, value
  for (let k = 0; k < a.length; k += 3) {
    const v = a[k + 2]!;
    switch (a[k + 1]) {
      case 'delivery':
        delivery = v;
        break;
      case 'type':
        type = v;
        break;
      case 'width':
        width = v;
        break;
      case 'height':
        height = v;
        break;
      case 'id':
        id = v;
        break;
      case 'codec':
        codec = v;
        break;
      case 'apiFramework':
        apiFramework = v;
        break;
      case 'bitrate':
        bitrate = v;
        break;
      case 'minBitrate':
        minBitrate = v;
        break;
      case 'maxBitrate':
        maxBitrate = v;
        break;
      case 'scalable':
        scalable = v;
        break;
      case 'maintainAspectRatio':
        maintainAspectRatio = v;
        break;
    }
  }
  const f: VastMediaFile = {
    uri,
    delivery: delivery ?? 'progressive',
    type: type ?? '',
    width: num(width) ?? 0,
    height: num(height) ?? 0,
  };
  if (id !== undefined) f.id = id;
  if (codec !== undefined) f.codec = codec;
  if (apiFramework !== undefined) f.apiFramework = apiFramework;
  const br = num(bitrate);
  if (br !== undefined) f.bitrate = br;
  const minB = num(minBitrate);
  if (minB !== undefined) f.minBitrate = minB;
  const maxB = num(maxBitrate);
  if (maxB !== undefined) f.maxBitrate = maxB;
  if (scalable !== undefined) f.scalable = bool(scalable, false);
  if (maintainAspectRatio !== undefined) f.maintainAspectRatio = bool(maintainAspectRatio, false);
  return f;
}

function issue(code: VastIssue['code'], message: string, errorUrls: string[] = [], depth = 0): VastIssue {
  return { code, message, errorUrls, depth };
}

/** What reading one document carries along: the mode, the warnings so far, the path to the root. */
interface ReadContext {
  strict: boolean;
  warnings: VastWarning[];
  /** The elements from the document root down to the `<VAST>` element, both included. */
  parents: readonly XmlNode[];
}

function warn(
  ctx: ReadContext,
  deviation: VastDeviation,
  code: VastWarning['code'],
  message: string,
  at: readonly XmlNode[],
): void {
  ctx.warnings.push({ deviation, code, message, path: xpath([...ctx.parents, ...at]), depth: 0 });
}

/**
 * The XPath of the element `chain[chain.length - 1]`, `chain` running down from the document
 * root: each step after the root numbered among its same-named siblings (`/VAST/Ad[2]/InLine[1]`).
 */
function xpath(chain: readonly XmlNode[]): string {
  let path = `/${chain[0]!.name}`;
  for (let k = 1; k < chain.length; k++) {
    const node = chain[k]!;
    let n = 0;
    for (const c of chain[k - 1]!.children) {
      if (c.name === node.name) n++;
      if (c === node) break;
    }
    path += `/${node.name}[${n}]`;
  }
  return path;
}

/** A warning of the XML reader (a `&` kept as written, space before the declaration) as a VAST warning. */
export function vastWarningOf(w: XmlWarning): VastWarning {
  return {
    deviation: w.kind === 'bare-ampersand' ? 'unescaped-ampersand' : 'space-before-declaration',
    code: VAST_ERROR.xmlParsing,
    message: w.message,
    path: w.path,
    line: w.line,
    depth: 0,
  };
}

/** Error 102 for a VAST 1.0 response (its root is `<VideoAdServingTemplate>`, not `<VAST>`). */
export function vast1Issue(): VastIssue {
  return issue(VAST_ERROR.versionNotSupported, 'VAST 1.0 (<VideoAdServingTemplate>) is not supported');
}

/**
 * Parses one VAST response (no wrapper following). Never throws. Lenient unless
 * `options.strict`: see VastParseOptions.
 */
export function parseVast(xml: string, options: VastParseOptions = {}): VastParseResult {
  if (xml.trim() === '')
    return { ok: false, issue: issue(VAST_ERROR.noAdsAfterWrapper, 'empty VAST response') };
  const parsed = parseXml(xml, { lenient: options.strict !== true });
  if (!parsed.ok)
    return { ok: false, issue: issue(VAST_ERROR.xmlParsing, `XML parsing error: ${parsed.message}`) };
  const root = parsed.root;
  if (root.local === 'VideoAdServingTemplate') return { ok: false, issue: vast1Issue() };
  if (root.local !== 'VAST') {
    return { ok: false, issue: issue(VAST_ERROR.schemaValidation, 'the root element is not <VAST>') };
  }
  const r = vastFromNode(root, options);
  if (r.ok && parsed.warnings.length > 0) r.warnings.unshift(...parsed.warnings.map(vastWarningOf));
  return r;
}

/**
 * Builds a VAST document from an already parsed `<VAST>` element (also used for VMAP's
 * VASTAdData; `parents`: the elements above it, from the document root, for warning paths).
 */
export function vastFromNode(
  root: XmlNode,
  options: VastParseOptions = {},
  parents: readonly XmlNode[] = [],
): VastParseResult {
  const version = attr(root, 'version');
  const errorUrls = texts(root, 'Error');
  if (version === undefined) {
    return {
      ok: false,
      issue: issue(VAST_ERROR.schemaValidation, '<VAST> has no version attribute', errorUrls),
    };
  }
  if (!SUPPORTED_VERSION.test(version.trim())) {
    return {
      ok: false,
      issue: issue(VAST_ERROR.versionNotSupported, `VAST version ${version} is not supported`, errorUrls),
    };
  }
  const issues: VastIssue[] = [];
  const ads: VastAd[] = [];
  const ctx: ReadContext = { strict: options.strict === true, warnings: [], parents: [...parents, root] };
  for (const adNode of kids(root, 'Ad')) {
    const mark = ctx.warnings.length;
    const r = readAd(adNode, ctx);
    if ('code' in r) {
      issues.push(r);
      ctx.warnings.length = mark; // the ad is left out: what it deviated in does not matter
    } else ads.push(r);
  }
  return {
    ok: true,
    document: { version: version.trim(), ads, errorUrls },
    issues,
    warnings: ctx.warnings,
  };
}

function readAd(node: XmlNode, ctx: ReadContext): VastAd | VastIssue {
  const inline = kid(node, 'InLine');
  const wrapper = kid(node, 'Wrapper');
  const body = inline ?? wrapper;
  if (body === undefined)
    return issue(VAST_ERROR.schemaValidation, '<Ad> has neither <InLine> nor <Wrapper>');
  const errorUrls = texts(body, 'Error');
  const ad: VastAd = {
    kind: inline ? 'inline' : 'wrapper',
    impressions: texts(body, 'Impression'),
    errorUrls,
    viewableImpression: { viewable: [], notViewable: [], undetermined: [] },
    creatives: [],
  };
  const id = attr(node, 'id');
  if (id !== undefined) ad.id = id;
  const seq = num(attr(node, 'sequence'));
  if (seq !== undefined) ad.sequence = seq;
  const cond = attr(node, 'conditionalAd');
  if (cond !== undefined) ad.conditionalAd = bool(cond, false);
  const adType = attr(node, 'adType');
  if (adType !== undefined) ad.adType = adType;
  const system = kid(body, 'AdSystem');
  if (system !== undefined) {
    ad.adSystem = text(system);
    const v = attr(system, 'version');
    if (v !== undefined) ad.adSystemVersion = v;
  }
  const title = kid(body, 'AdTitle');
  if (title !== undefined) ad.adTitle = text(title);
  const advertiser = kid(body, 'Advertiser');
  if (advertiser !== undefined) ad.advertiser = text(advertiser);
  const description = kid(body, 'Description');
  if (description !== undefined) ad.description = text(description);
  const expires = num(text(kid(body, 'Expires')));
  if (expires !== undefined) ad.expires = expires;
  const vi = kid(body, 'ViewableImpression');
  if (vi !== undefined) {
    ad.viewableImpression = {
      viewable: texts(vi, 'Viewable'),
      notViewable: texts(vi, 'NotViewable'),
      undetermined: texts(vi, 'ViewUndetermined'),
    };
  }
  const creatives = kid(body, 'Creatives');
  for (const c of kids(creatives, 'Creative')) {
    const r = readCreative(c, ad.kind === 'inline', ctx, [node, body, creatives!, c]);
    if ('code' in r) return { ...r, errorUrls };
    ad.creatives.push(r);
  }
  if (ad.kind === 'inline') {
    if (ad.adSystem === undefined)
      return issue(VAST_ERROR.schemaValidation, '<InLine> has no <AdSystem>', errorUrls);
    if (ad.adTitle === undefined) {
      if (ctx.strict) return issue(VAST_ERROR.schemaValidation, '<InLine> has no <AdTitle>', errorUrls);
      const message = '<InLine> has no <AdTitle>: the ad is kept, with an empty title';
      warn(ctx, 'missing-ad-title', VAST_ERROR.schemaValidation, message, [node, body]);
      ad.adTitle = '';
    }
    if (ad.impressions.length === 0 && kids(body, 'Impression').length === 0) {
      if (ctx.strict) return issue(VAST_ERROR.schemaValidation, '<InLine> has no <Impression>', errorUrls);
      const message = '<InLine> has no <Impression>: the ad is kept, with no impression URL';
      warn(ctx, 'missing-impression', VAST_ERROR.schemaValidation, message, [node, body]);
    }
    if (creatives === undefined) {
      return issue(VAST_ERROR.schemaValidation, '<InLine> has no <Creatives>', errorUrls);
    }
  } else {
    let uri = text(kid(body, 'VASTAdTagURI'));
    if (uri === '' && !ctx.strict) {
      // VAST 1 and some VAST 2 servers: <VASTAdTagURL>, the URL in it or in a <URL> child
      const legacy = kid(body, 'VASTAdTagURL');
      uri = text(legacy) || text(kid(legacy, 'URL'));
      if (uri !== '') {
        const message = '<Wrapper> has the VAST 1 <VASTAdTagURL> instead of <VASTAdTagURI>';
        warn(ctx, 'legacy-ad-tag-url', VAST_ERROR.schemaValidation, message, [node, body, legacy!]);
      }
    }
    if (uri === '') return issue(VAST_ERROR.schemaValidation, '<Wrapper> has no <VASTAdTagURI>', errorUrls);
    ad.wrapper = {
      adTagUri: uri,
      followAdditionalWrappers: bool(attr(body, 'followAdditionalWrappers'), true),
      allowMultipleAds: bool(attr(body, 'allowMultipleAds'), false),
      fallbackOnNoAd: bool(attr(body, 'fallbackOnNoAd'), false),
    };
  }
  return ad;
}

/** The tracking events of VAST 2 to 4.2 (linear, non-linear and companion), by their lower case. */
const TRACKING_EVENTS = new Map(
  [
    'creativeView',
    'start',
    'firstQuartile',
    'midpoint',
    'thirdQuartile',
    'complete',
    'mute',
    'unmute',
    'pause',
    'resume',
    'rewind',
    'skip',
    'playerExpand',
    'playerCollapse',
    'fullscreen',
    'exitFullscreen',
    'expand',
    'collapse',
    'acceptInvitation',
    'acceptInvitationLinear',
    'closeLinear',
    'close',
    'progress',
    'timeSpentViewing',
    'otherAdInteraction',
    'interactiveStart',
    'adExpand',
    'adCollapse',
    'minimize',
    'overlayViewDuration',
    'loaded',
  ].map((e) => [e.toLowerCase(), e]),
);

/**
 * The child `name` of `parent`; leniently, when there is none, one whose name differs only in
 * case (`<MEDIAFILES>`), with a warning. `at`: the elements from the `<Ad>` down to `parent`.
 */
function kidAnyCase(
  parent: XmlNode,
  name: string,
  ctx: ReadContext,
  at: readonly XmlNode[],
): XmlNode | undefined {
  const exact = kid(parent, name);
  if (exact !== undefined || ctx.strict) return exact;
  const lower = name.toLowerCase();
  const other = parent.children.find((c) => c.local.toLowerCase() === lower);
  if (other !== undefined) warnCase(ctx, other, name, [...at, other]);
  return other;
}

/** The children `name` of `parent`; leniently, when there are none, those of `name` in another case. */
function kidsAnyCase(
  parent: XmlNode | undefined,
  name: string,
  ctx: ReadContext,
  at: readonly XmlNode[],
): XmlNode[] {
  const exact = kids(parent, name);
  if (exact.length > 0 || ctx.strict || parent === undefined) return exact;
  const lower = name.toLowerCase();
  const others = parent.children.filter((c) => c.local.toLowerCase() === lower);
  for (const c of others) warnCase(ctx, c, name, [...at, c]);
  return others;
}

function warnCase(ctx: ReadContext, node: XmlNode, name: string, at: readonly XmlNode[]): void {
  const message = `<${node.name}> is not in VAST's case: read as <${name}>`;
  warn(ctx, 'element-name-case', VAST_ERROR.schemaValidation, message, at);
}

/** `at`: the elements from the `<Ad>` down to this `<Creative>`, for warning paths. */
function readCreative(
  node: XmlNode,
  inline: boolean,
  ctx: ReadContext,
  at: readonly XmlNode[],
): VastCreative | VastIssue {
  const c: VastCreative = { universalAdIds: [], nonLinearAds: 0, companionAds: 0 };
  const id = attr(node, 'id');
  if (id !== undefined) c.id = id;
  const adId = attr(node, 'adId') ?? attr(node, 'AdID');
  if (adId !== undefined) c.adId = adId;
  const seq = num(attr(node, 'sequence'));
  if (seq !== undefined) c.sequence = seq;
  const api = attr(node, 'apiFramework');
  if (api !== undefined) c.apiFramework = api;
  for (const u of kids(node, 'UniversalAdId')) {
    c.universalAdIds.push({
      idRegistry: attr(u, 'idRegistry') ?? 'unknown',
      value: text(u) || attr(u, 'idValue') || 'unknown',
    });
  }
  c.nonLinearAds = kids(kid(node, 'NonLinearAds'), 'NonLinear').length;
  c.companionAds = kids(kid(node, 'CompanionAds'), 'Companion').length;
  const linear = kid(node, 'Linear');
  if (linear !== undefined) {
    const l: VastLinear = {
      mediaFiles: [],
      mezzanine: [],
      trackingEvents: [],
      clickTracking: [],
    };
    const durationNode = kid(linear, 'Duration');
    if (durationNode !== undefined) {
      const value = text(durationNode);
      let d = parseClock(value);
      if (d === undefined && !ctx.strict) {
        d = parseSeconds(value);
        if (d !== undefined) {
          const message = `<Duration> "${value}" is in seconds, not HH:MM:SS(.mmm): read as ${d} s`;
          warn(ctx, 'duration-in-seconds', VAST_ERROR.unexpectedDuration, message, [
            ...at,
            linear,
            durationNode,
          ]);
        }
      }
      if (d === undefined) return issue(VAST_ERROR.unexpectedDuration, `unreadable <Duration> "${value}"`);
      l.duration = d;
    } else if (inline) {
      return issue(VAST_ERROR.schemaValidation, 'an InLine <Linear> has no <Duration>');
    }
    const skip = attr(linear, 'skipoffset');
    if (skip !== undefined) {
      const o = parseOffset(skip);
      if (o) l.skipOffset = o;
    }
    const mf = kidAnyCase(linear, 'MediaFiles', ctx, [...at, linear]);
    const mfAt = mf === undefined ? at : [...at, linear, mf];
    for (const m of kidsAnyCase(mf, 'MediaFile', ctx, mfAt)) {
      const f = readMediaFile(m);
      if (f) l.mediaFiles.push(f);
    }
    l.mezzanine = texts(mf, 'Mezzanine');
    if (inline && l.mediaFiles.length === 0 && l.mezzanine.length === 0 && mf === undefined) {
      return issue(VAST_ERROR.schemaValidation, 'an InLine <Linear> has no <MediaFiles>');
    }
    for (const t of kids(kid(linear, 'TrackingEvents'), 'Tracking')) {
      const uri = text(t);
      let event = attr(t, 'event');
      if (uri === '' || event === undefined) continue;
      const known = ctx.strict ? undefined : TRACKING_EVENTS.get(event.toLowerCase());
      if (known !== undefined && known !== event) {
        const message = `<Tracking> event "${event}" is not in VAST's case: read as "${known}"`;
        const path = [...at, linear, kid(linear, 'TrackingEvents')!, t];
        warn(ctx, 'tracking-event-case', VAST_ERROR.schemaValidation, message, path);
        event = known;
      }
      const e: VastTrackingEvent = { event, uri };
      const off = parseOffset(attr(t, 'offset'));
      if (off) e.offset = off;
      l.trackingEvents.push(e);
    }
    const clicks = kid(linear, 'VideoClicks');
    const ct = text(kid(clicks, 'ClickThrough'));
    if (ct !== '') l.clickThrough = ct;
    l.clickTracking = texts(clicks, 'ClickTracking');
    const params = kid(linear, 'AdParameters');
    if (params !== undefined) l.adParameters = text(params);
    c.linear = l;
  }
  return c;
}
