/**
 * The one way a route, hook or service refuses a request: throw a RequestProblem. The error
 * handler (plugins/errors.ts) turns it into core's error shape, `{ statusCode, error, message,
 * requestId, fields? }` plus the problem's extra members, with the problem's headers. A 5xx's
 * message is hidden unless the problem is `exposed` (written for the client: an origin that gave
 * nothing usable, a session refused for want of room, a part of the server not set up). Thrown inside a transaction, it rolls
 * the transaction back, and the answer goes out after it has ended (a reply sent inside one kept
 * it open while the onSend audit waited for it, which froze PGlite).
 */
import { type EnterpriseFeature, upgradePromptOf } from '@cuepoint/core';

export interface FieldProblem {
  field: string;
  message: string;
}

/** A resource another one refers to (a delete refused with 409 names them). */
export interface ResourceUsage {
  kind: string;
  _id: string;
  name: string;
}

/**
 * Body members a few answers carry beyond the common shape, which the console acts on:
 * `currentVersion` (a stale edit, 409), `usedBy` (a delete of something in use, 409), the
 * account state of a user who cannot sign in yet (403 on login, spec section 8), `showMessage`.
 */
export interface ProblemExtra {
  currentVersion?: number;
  usedBy?: ResourceUsage[];
  isActive?: boolean;
  isGmanaActive?: boolean;
  email?: string;
  firstName?: string;
  showMessage?: boolean;
  /** A 403 for what the customer's plan lacks (services/resources.ts `planProblem`): the feature. */
  planFeature?: string;
  /** A 403 for what the caller's team role may not do (plugins/role-access.ts): the least role that may. */
  roleRequired?: string;
}

/** Reason phrases of the statuses the server answers (the `error` member of every error body). */
const HTTP_REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
export const httpReason = (status: number): string =>
  HTTP_REASONS[status] ?? (status >= 500 ? 'Server Error' : 'Error');

/** The message of an answer naming fields, as the validation answers word it. */
export const joinFields = (fields: readonly FieldProblem[]): string =>
  fields.map((f) => `${f.field}: ${f.message}`).join('; ');

export interface ProblemOptions {
  fields?: FieldProblem[];
  extra?: ProblemExtra;
  cause?: unknown;
  /**
   * A 5xx whose message is meant for the client (the handler hides every other 5xx's). It is an
   * answer, not a failure of ours: the handler does not log it as one; whoever throws it logs
   * what the operator must hear.
   */
  exposed?: boolean;
  /** Headers the answer carries (`retry-after` of a 503, `cache-control`). */
  headers?: Readonly<Record<string, string>>;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** A refusal: its status, its message, the fields it is about and any extra body members. */
export class RequestProblem extends Error {
  readonly fields: FieldProblem[];
  readonly extra: ProblemExtra;
  readonly exposed: boolean;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: ProblemOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RequestProblem';
    this.fields = options.fields ?? [];
    this.extra = options.extra ?? {};
    this.exposed = options.exposed ?? false;
    this.headers = options.headers ?? NO_HEADERS;
  }
}

/**
 * A 5xx whose message the client is to read (the handler shows it), with the answer's headers:
 * `unavailable(msg, { 'retry-after': '30' })`.
 */
export const exposedProblem = (
  statusCode: number,
  message: string,
  headers?: Readonly<Record<string, string>>,
) => new RequestProblem(statusCode, message, headers ? { exposed: true, headers } : { exposed: true });

/** A refusal naming each field and its message (400 unless told; 409 and 413 name fields too). */
export const fieldProblems = (fields: FieldProblem[], statusCode = 400) =>
  new RequestProblem(statusCode, joinFields(fields), { fields });
/** One field's refusal. */
export const fieldProblem = (field: string, message: string, statusCode = 400) =>
  fieldProblems([{ field, message }], statusCode);

export const badRequest = (message: string) => new RequestProblem(400, message);
export const unauthorized = (message: string) => new RequestProblem(401, message);
/**
 * 403 means "you may not make this call": the console ends its session on it (spec section 8),
 * except for a plan refusal (`planFeature`), which it answers with the upgrade prompt.
 */
export const forbidden = (message: string, extra?: ProblemExtra) =>
  new RequestProblem(403, message, extra ? { extra } : {});
export const notFound = (message: string, extra?: ProblemExtra) =>
  new RequestProblem(404, message, extra ? { extra } : {});
export const conflict = (message: string, extra?: ProblemExtra) =>
  new RequestProblem(409, message, extra ? { extra } : {});
export const tooManyRequests = (message: string) => new RequestProblem(429, message);
/**
 * A write that sets what the customer's plan lacks (core's `enterpriseFieldsSet`): 403 with the
 * feature's upgrade prompt as the message, shown as is, and the feature, so the console answers
 * it with its upgrade prompt rather than ending the session.
 */
export const planProblem = (feature: EnterpriseFeature) =>
  forbidden(upgradePromptOf(feature), { planFeature: feature, showMessage: true });
