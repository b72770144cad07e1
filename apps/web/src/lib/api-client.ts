import {
  API_V1_PREFIX,
  type ErrorResponse,
  HEADERS,
  RESPONSE_HANDLING_GRACE_MS,
  TEXTS,
} from '@cuepoint/core';
import { trackRequest } from './in-flight.ts';
import { runtimeConfig } from './runtime-config.ts';
import { readSession, storeToken } from './storage.ts';

/** An error answer's body: the API's error shape, and the account state of spec section 8. */
export type ApiErrorBody = Partial<ErrorResponse> & {
  isActive?: boolean;
  isGmanaActive?: boolean;
  email?: string;
  firstName?: string;
};

export const CLIENT_TEXTS = {
  responseHandlingTimedOut: TEXTS.responseHandlingTimedOut,
  requestTimedOut: 'The server did not answer in time. Please try again.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
  sessionLost: 'Your session has ended. Please sign in again.',
  htmlAnswer: 'The server answered with a web page instead of data.',
} as const;

export class ApiError extends Error {
  /**
   * Where the console sent the user because of this error, if anywhere: set by the session's
   * policy (lib/session.ts, spec section 8) before the caller sees the error.
   */
  redirectTo?: string;
  /** Refused in the client: the session was closing (a logout); retrying it would send it without one. */
  sessionClosed = false;
  constructor(
    /** HTTP status; 0 when no answer came (network failure or time-out). */
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
    message?: string,
    /** The answer was a web page where data was expected (a proxy's or a portal's page). */
    readonly htmlAnswer = false,
  ) {
    super(message ?? (body?.message || `Request failed with status ${status}`));
    this.name = 'ApiError';
  }

  /** Field messages of a validation answer, by field name. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body?.fields ?? []).map((f) => [f.field, f.message]));
  }
}

/** Joins a base URL and a path. */
export const apiUrl = (path: string, base = runtimeConfig().BASE_URL) =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** The second ("flow craft") client's base: BASE_URL's origin + '/api_v1/'. */
export const apiV1Base = (baseUrl = runtimeConfig().BASE_URL) =>
  `${new URL(baseUrl, window.location.origin).origin}${API_V1_PREFIX}/`;

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /**
   * On a refused session (spec section 8) the session's policy clears the stored user and
   * navigates; with false it only clears and records the target in `error.redirectTo` (for route
   * loaders).
   */
  navigateOnAuthFailure?: boolean;
  /** The logout call itself, which goes out while the session is closing (`closeSession`). */
  closesSession?: boolean;
}

let closing = false;
let signedInPagesShown = false;
const signedInPagesListeners = new Set<() => void>();
/**
 * From a logout until the signed-in pages are gone (the shell has unmounted), no request of theirs
 * goes out: the server would refuse it (401) once the session is revoked, after the user chose to
 * leave (a poll, a refetch). Such a request fails at once, as a lost session, without reaching the
 * server or the session's policy. The public pages' requests go out as ever.
 */
export const closeSession = (closed: boolean) => {
  closing = closed;
};

/** The signed-in shell reports that it is shown (mounted) or gone. */
export function markSignedInPages(shown: boolean) {
  signedInPagesShown = shown;
  // Shown anew, they belong to a new session; gone, the closed one is over.
  closing = false;
  if (!shown) for (const listener of [...signedInPagesListeners]) listener();
}

/** Resolves once the signed-in pages are gone, or after `limitMs`. */
export function whenSignedInPagesGone(limitMs: number): Promise<void> {
  if (!signedInPagesShown) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signedInPagesListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    signedInPagesListeners.add(done);
  });
}

/** What the error listener knows of the request that failed. */
export interface FailedRequest {
  /** It carried a session's token. */
  authenticated: boolean;
  /** The caller's `navigateOnAuthFailure` (true unless it said false). */
  navigate: boolean;
  /** The second client, whose errors on a login page are the page's own. */
  passOnOnLoginPage: boolean;
}

/**
 * Sees every error answer (a status other than 2xx, or a web page) before it is raised, and may
 * mark it (`redirectTo`). The client decides nothing about the session: lib/session.ts installs
 * spec section 8's policy here.
 */
export type ApiErrorListener = (error: ApiError, request: FailedRequest) => void;

let errorListener: ApiErrorListener = () => {};

/** Installs the listener of every failed request (lib/session.ts's `installSessionPolicy`). */
export function onApiError(listener: ApiErrorListener) {
  errorListener = listener;
}

const JSON_TYPE = 'application/json';

const isHtml = (contentType: string | null, text: string) =>
  /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html)/i.test(text);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface ClientOptions {
  base: () => string;
  /** The second client: on a login page an error is passed on without redirect. */
  passOnOnLoginPage?: boolean;
}

/** What one request sends: the body as given to fetch and, for JSON, its Content-Type. */
interface Payload {
  body: BodyInit | undefined;
  /** 'application/json' for JSON; null for FormData, whose multipart boundary the browser sets. */
  contentType: string | null;
}

/**
 * Sends one request of an API client (spec section 7). Every request carries Accept JSON (and
 * Content-Type JSON unless it is multipart) and, when a token is stored, Authorization Bearer,
 * Auth-Type, User-ID and Login-As. A `usertoken` header on a 2xx replaces the stored token. The
 * request times out after UI_TIMEOUT; the whole handling after UI_TIMEOUT + 500 ms ('Response
 * handling timed out'). Any other answer than a 2xx with data is raised as an ApiError, which the
 * error listener (the session's policy) sees first.
 */
async function send<T>(
  { base, passOnOnLoginPage = false }: ClientOptions,
  path: string,
  options: RequestOptions,
  payload: Payload,
): Promise<T> {
  const { UI_TIMEOUT } = runtimeConfig();
  const session = readSession();
  const authenticated = Boolean(session.token);
  if (closing && signedInPagesShown && !options.closesSession) {
    const error = new ApiError(0, undefined, CLIENT_TEXTS.sessionLost);
    error.sessionClosed = true;
    throw error;
  }
  const headers: Record<string, string> = { Accept: JSON_TYPE };
  if (payload.contentType) headers['Content-Type'] = payload.contentType;
  if (session.token) {
    headers.Authorization = `Bearer ${session.token}`;
    if (session.authType) headers[HEADERS.authType] = session.authType;
    if (session.userId) headers[HEADERS.userId] = session.userId;
    if (session.loginAsId) headers[HEADERS.loginAs] = session.loginAsId;
  }

  const controller = new AbortController();
  const requestTimer = setTimeout(() => controller.abort(), UI_TIMEOUT);
  let handlingTimer: ReturnType<typeof setTimeout> | undefined;
  const handlingTimeout = new Promise<never>((_, reject) => {
    handlingTimer = setTimeout(() => {
      controller.abort();
      reject(new ApiError(0, undefined, CLIENT_TEXTS.responseHandlingTimedOut));
    }, UI_TIMEOUT + RESPONSE_HANDLING_GRACE_MS);
  });

  const failed = (error: ApiError) => {
    errorListener(error, {
      authenticated,
      navigate: options.navigateOnAuthFailure !== false,
      passOnOnLoginPage,
    });
    return error;
  };

  const handle = async (): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, base()), {
        method: options.method ?? 'GET',
        headers,
        body: payload.body,
        signal: controller.signal,
      });
    } catch {
      throw new ApiError(
        0,
        undefined,
        controller.signal.aborted ? CLIENT_TEXTS.requestTimedOut : CLIENT_TEXTS.unreachable,
      );
    } finally {
      clearTimeout(requestTimer);
    }
    const text = await response.text();
    if (isHtml(response.headers.get('content-type'), text)) {
      // For a signed-in request such a page means the session is gone (the policy ends it).
      const message = authenticated ? CLIENT_TEXTS.sessionLost : CLIENT_TEXTS.htmlAnswer;
      throw failed(new ApiError(response.status, undefined, message, true));
    }
    const data = text ? parseJson(text) : undefined;
    if (response.ok) {
      const rotated = response.headers.get(HEADERS.userToken);
      // Only while a session is stored: a late answer must not revive a logged-out session.
      if (rotated && readSession().token) storeToken(rotated);
      return data as T;
    }
    throw failed(new ApiError(response.status, data as ApiErrorBody | undefined));
  };

  const done = trackRequest();
  try {
    return await Promise.race([handle(), handlingTimeout]);
  } finally {
    done();
    clearTimeout(requestTimer);
    clearTimeout(handlingTimer);
  }
}

/** An API client of spec section 7 that sends and reads JSON (see `send`). */
export function createApiClient(client: ClientOptions) {
  return function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return send<T>(client, path, options, {
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      contentType: JSON_TYPE,
    });
  };
}

/** A text field of a multipart request; null and undefined fields are left out. */
export type UploadField = string | number | boolean | null | undefined;

export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  /** Text fields; numbers and booleans are sent as their text ('5.5', 'true'). */
  fields?: Readonly<Record<string, UploadField>>;
  /** Files by field name; null and undefined files are left out. */
  files?: Readonly<Record<string, Blob | null | undefined>>;
}

/** The FormData of a multipart request: the text fields first, then the files. */
export function uploadFormData({
  fields = {},
  files = {},
}: Pick<UploadOptions, 'fields' | 'files'>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) data.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) data.append(name, file);
  }
  return data;
}

/** A multipart client: the same headers (but Content-Type), errors and session handling as `createApiClient`. */
export function createUploadClient(client: ClientOptions) {
  return function upload<T>(path: string, { fields, files, ...options }: UploadOptions = {}): Promise<T> {
    return send<T>(
      client,
      path,
      { method: 'POST', ...options },
      {
        body: uploadFormData({ fields, files }),
        contentType: null,
      },
    );
  };
}

/** The main client, on the configured BASE_URL. */
export const apiRequest = createApiClient({ base: () => runtimeConfig().BASE_URL });

/** The second ("flow craft") client, on the same origin's /api_v1/. */
export const apiV1Request = createApiClient({ base: () => apiV1Base(), passOnOnLoginPage: true });

/**
 * A multipart request (FormData: logos, certificates) to the main API. The browser sets the
 * Content-Type with the multipart boundary; everything else is as `apiRequest`. POST by default.
 */
export const apiUpload = createUploadClient({ base: () => runtimeConfig().BASE_URL });
