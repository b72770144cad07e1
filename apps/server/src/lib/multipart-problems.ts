/**
 * A malformed multipart body as a 400 naming the problem (issue 46). @fastify/multipart hands on
 * the parse errors of @fastify/busboy as they are, from `request.file()`, `request.files()`,
 * `request.parts()` or its own preValidation hook (`attachFieldsToBody`): plain errors with no
 * status, which the error handler (plugins/errors.ts) would answer as a 500. These are their
 * messages in @fastify/busboy 3.x; the upload routes' tests send each kind of junk body, so a
 * reworded message fails them rather than turning back into a 500.
 */
import { fieldProblem, type RequestProblem } from './request-problem.ts';

/** The messages of the answers, by what was wrong. */
export const MULTIPART_MESSAGES = {
  noBoundary: 'Malformed multipart body: the Content-Type names no boundary',
  boundaryTooLong: 'Malformed multipart body: the boundary is longer than 70 characters',
  unterminated: 'Malformed multipart body: it ends before its closing boundary',
} as const;

const BUSBOY_ERRORS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Multipart: Boundary not found$/, MULTIPART_MESSAGES.noBoundary],
  // The boundary becomes the parser's search needle, which may not pass 256 bytes (RFC 2046
  // allows 70 characters).
  [/^The needle cannot have a length bigger than \d+\.?$/, MULTIPART_MESSAGES.boundaryTooLong],
  [/^Unexpected end of multipart data$/, MULTIPART_MESSAGES.unterminated],
  [
    /^(Part|Preamble) terminated early due to unexpected end of multipart data$/,
    MULTIPART_MESSAGES.unterminated,
  ],
];

/**
 * The refusal for `error` when it is the multipart parser's complaint about a request's
 * multipart body (400 naming `body`: the console reads a 400 without fields as a lost session);
 * null for anything else, which keeps its own answer.
 */
export function malformedMultipart(error: unknown, contentType: string | undefined): RequestProblem | null {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return null;
  if (!contentType?.toLowerCase().trimStart().startsWith('multipart/')) return null;
  const known = BUSBOY_ERRORS.find(([pattern]) => pattern.test(error.message));
  return known ? fieldProblem('body', known[1]) : null;
}
