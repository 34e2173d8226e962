import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeOfStatus } from '../lib/errors';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown>;
}

/** Turns schema issues into `{ field: message }`, naming unknown keys of strict bodies too. */
export function fieldsOf(issues: ValidationIssue[], context: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields[path ? `${path}.${key}` : key] = 'Unknown field';
      }
      continue;
    }
    const name = path || context || 'request';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

function summary(fields: Record<string, string>): string {
  const names = Object.keys(fields);
  if (names.length === 1) return `Invalid ${names[0]}: ${fields[names[0]!]}`;
  return `Invalid request: check ${names.join(', ')}`;
}

/**
 * The single place where errors become HTTP replies. Every reply has the body
 * `{ message, code, fields? }`; 5xx replies never carry internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    const fe = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(fe) || fe.validation) {
      const fields = fieldsOf((fe.validation ?? []) as ValidationIssue[], fe.validationContext);
      return reply.status(400).send({ message: summary(fields), code: 'VALIDATION', fields });
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
