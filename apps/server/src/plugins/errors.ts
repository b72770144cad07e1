import type { ErrorResponse } from '@cuepoint/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from '../lib/database-errors.ts';
import { malformedMultipart } from '../lib/multipart-problems.ts';
import { httpReason, joinFields, RequestProblem } from '../lib/request-problem.ts';

/** Turns zod issue paths into the dotted field names the console shows messages under. */
export function fieldName(path: ReadonlyArray<PropertyKey>, context?: string): string {
  const name = path.map(String).join('.');
  if (name) return name;
  return context ?? 'body';
}

/**
 * One error handler for the whole server. 4xx answers say what was wrong (validation errors and
 * RequestProblems name each field and its message); 5xx answers never carry internals, only the
 * request id to quote, unless the RequestProblem is `exposed` (its message is written for the
 * client: the data plane's origin failures and refused sessions, the demo or console not set up).
 * Routes and hooks throw (lib/request-problem.ts); nothing else builds an error body, apart from
 * /ads/vast's bad request, a VAST document (edge/ads/routes.ts).
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: fieldName(
          (v.instancePath || '')
            .split('/')
            .filter(Boolean)
            .map((p) => decodeURIComponent(p)),
          error.validationContext,
        ),
        message: v.message ?? 'Invalid value',
      }));
      const body: ErrorResponse = {
        statusCode: 400,
        error: httpReason(400),
        message: joinFields(fields),
        fields,
        requestId: request.id,
      };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(internal(request.id));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ ...internal(request.id, 503), message: DATABASE_UNAVAILABLE });
    }
    // The multipart parser's complaint about a malformed body: a 400 naming it, never a 500.
    const problem = malformedMultipart(error, request.headers['content-type']) ?? error;
    const status = problem.statusCode ?? 500;
    const isProblem = problem instanceof RequestProblem;
    if (status >= 500 && !(isProblem && problem.exposed)) {
      request.log.error({ err: problem }, 'request failed');
      return reply.code(status).send(internal(request.id, status));
    }
    const body: ErrorResponse = {
      statusCode: status,
      error: httpReason(status),
      message: problem.message,
      requestId: request.id,
    };
    if (isProblem) {
      for (const name in problem.headers) reply.header(name, problem.headers[name]);
      // `fields` only when there are some: the console reads a 400 without them as a lost session
      // (spec section 8), so whether a refusal names fields must show in its body.
      if (problem.fields.length > 0) body.fields = problem.fields;
      return reply.code(status).send({ ...body, ...problem.extra });
    }
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = {
      statusCode: 404,
      error: httpReason(404),
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      requestId: request.id,
    };
    return reply.code(404).send(body);
  });
});

function internal(requestId: string, status = 500): ErrorResponse {
  return {
    statusCode: status,
    error: httpReason(status),
    message: 'Something went wrong on our side. Please try again; if it persists, quote the request id.',
    requestId,
  };
}
