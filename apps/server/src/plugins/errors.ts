import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, codeOfStatus } from '../lib/errors';
import { type FieldIssue, validationError } from '../lib/validation';

/** What Fastify puts in `error.validation` (the zod type provider keeps zod's code and keys). */
interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown>;
}

const toFieldIssue = (issue: SchemaIssue): FieldIssue => ({
  path: issue.instancePath.split('/').filter(Boolean),
  code: issue.keyword,
  message: issue.message,
  keys: Array.isArray(issue.params?.keys) ? (issue.params.keys as string[]) : undefined,
});

function sendAppError(reply: FastifyReply, error: AppError) {
  return reply
    .headers(error.headers)
    .status(error.statusCode)
    .send({ message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
}

/**
 * The single place where errors become HTTP replies. Every reply has the body
 * `{ message, code, fields? }` and the headers its error carries; 5xx replies never carry internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    const fe = error as FastifyError;
    if (fe.validation) {
      const issues = (fe.validation as SchemaIssue[]).map(toFieldIssue);
      return sendAppError(reply, validationError(issues, fe.validationContext));
    }
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit): its message is safe to show.
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : fe.message;
    return reply.status(status).send({ message, code: codeOfStatus(status) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No API route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
});
