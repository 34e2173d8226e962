import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isTransactionConflict } from '../db/transaction-conflict';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, codeOfStatus, serviceBusy, serviceUnavailable } from '../lib/errors';
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

/** While the database is away every request fails alike: one warning per interval, with a count. */
const UNAVAILABLE_LOG_INTERVAL_MS = 5000;

/**
 * The single place where errors become HTTP replies. Every reply has the body
 * `{ message, code, fields? }` and the headers its error carries; 5xx replies never carry internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  let unavailableLoggedAt = Number.NEGATIVE_INFINITY;
  /** 503s answered since the last warning (the warning's count). */
  let unavailableUnlogged = 0;

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    // The database restarting or failing over: the client may try again shortly (Retry-After), and
    // nothing is wrong with its request or with the code.
    if (isDatabaseUnavailable(error)) {
      unavailableUnlogged += 1;
      const now = Date.now();
      if (now - unavailableLoggedAt >= UNAVAILABLE_LOG_INTERVAL_MS) {
        request.log.warn({ err: error, requests: unavailableUnlogged }, 'database unavailable; answered 503');
        unavailableLoggedAt = now;
        unavailableUnlogged = 0;
      }
      return sendAppError(reply, serviceUnavailable());
    }
    // Still losing a race after inTransaction's own retries: nothing was written, so the client may try again.
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'a transaction kept conflicting; answered 503');
      return sendAppError(reply, serviceBusy());
    }
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
