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
