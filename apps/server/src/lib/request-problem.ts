import type { ErrorResponse } from '@cuepoint/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface FieldProblem {
  field: string;
  message: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
};

/**
 * A refusal that names the fields it is about, in the shape of the error handler's validation
 * answers (`fields`, and a message joining them). Thrown inside a transaction, it rolls it back.
 */
export class RequestProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly fields: FieldProblem[],
    message?: string,
  ) {
    super(message ?? fields.map((f) => `${f.field}: ${f.message}`).join('; '));
    this.name = 'RequestProblem';
  }
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: RequestProblem) {
  const body: ErrorResponse = {
    statusCode: problem.statusCode,
    error: REASONS[problem.statusCode] ?? 'Error',
    message: problem.message,
    requestId: request.id,
    ...(problem.fields.length > 0 ? { fields: problem.fields } : {}),
  };
  return reply.code(problem.statusCode).send(body);
}
