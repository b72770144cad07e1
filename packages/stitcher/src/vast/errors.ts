/** VAST error codes (IAB VAST 4.2 section 2.3.6.3; 2.0 and 3.0 use the same numbers). */
export const VAST_ERROR = {
  xmlParsing: 100,
  schemaValidation: 101,
  versionNotSupported: 102,
  trafficking: 200,
  unexpectedLinearity: 201,
  unexpectedDuration: 202,
  unexpectedSize: 203,
  adCategoryRequired: 204,
  generalWrapper: 300,
  wrapperTimeout: 301,
  wrapperLimit: 302,
  noAdsAfterWrapper: 303,
  inlineNoDisplay: 304,
  generalLinear: 400,
  fileNotFound: 401,
  mediaTimeout: 402,
  noSupportedMedia: 403,
  mediaDisplay: 405,
  undefined: 900,
} as const;

export type VastErrorCode = (typeof VAST_ERROR)[keyof typeof VAST_ERROR];

/** A classified VAST failure with the error URLs to notify (already collected along wrappers). */
export interface VastIssue {
  code: VastErrorCode;
  message: string;
  errorUrls: string[];
  /** Wrapper depth at which it happened (0 = the first response). */
  depth: number;
}

/** What lenient parsing accepted that the VAST schema (or XML) does not allow. */
export type VastDeviation =
  /** An InLine ad without `<Impression>`: kept, with no impression URL. */
  | 'missing-impression'
  /** A `<Duration>` in plain seconds (`30`, `30.5`) instead of `HH:MM:SS(.mmm)`. */
  | 'duration-in-seconds'
  /** A wrapper with VAST 1's `<VASTAdTagURL>` instead of `<VASTAdTagURI>`. */
  | 'legacy-ad-tag-url'
  /** A `&` that starts no reference (`?a=1&b=2` in a URL), kept as written. */
  | 'unescaped-ampersand'
  /** An InLine ad without `<AdTitle>`: kept, with an empty title (as one without `<Impression>`). */
  | 'missing-ad-title'
  /** A tracking event in another case (`START`), read as VAST's (`start`). */
  | 'tracking-event-case'
  /** `<MEDIAFILES>` or `<MEDIAFILE>`, read as `<MediaFiles>` and `<MediaFile>`. */
  | 'element-name-case'
  /** Blank lines or spaces before the XML declaration, skipped. */
  | 'space-before-declaration';

/**
 * A deviation from VAST that parsing accepted: reported for whoever runs the ad server
 * integration, never fired as an error beacon (the ad was not lost). Strict parsing refuses each
 * of these as the issue `code` (the whole document for `unescaped-ampersand` in text and
 * `space-before-declaration`), except an unescaped `&` in an attribute value, which both modes
 * keep and report, and the two of case, which strict parsing reads as written (an element or
 * event of another name).
 */
export interface VastWarning {
  deviation: VastDeviation;
  /** The VAST error code of the deviation: what strict parsing reports for it. */
  code: VastErrorCode;
  message: string;
  /**
   * Where, as an XPath from the document root: `/VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]/Duration[1]`
   * (each step after the root numbered among its same-named siblings; `/@name` for an attribute).
   */
  path: string;
  /** 1-based line in the response, for the deviations found while reading the XML. */
  line?: number;
  /** Wrapper depth of the response (0 = the first). */
  depth: number;
  /** The ad tag URL the response came from, when it was fetched. */
  source?: string;
}
