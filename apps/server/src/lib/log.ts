import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import { stdoutDestination } from './log-destination';

const REDACTED = '[redacted]';
/** Query parameters that work as keys: an identity provider's code and state, tokens of any kind. */
const SECRET_PARAMS =
  /^(code|state|token|id_token|access_token|refresh_token|session_state|nonce|password)$/i;
/** Paths whose last segment is a key (a mailed reset link). */
const SECRET_PATH = /^(\/api\/users\/reset-password\/)[^/?#]+/i;

/** A request URL as it may be written to a log: keys in the path or the query replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return eq !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

// Fields of an error (and of its causes) that are safe to log. Everything else stays out, above all
// a failed query's bound parameters (password hashes, emails) and PostgreSQL's `detail`, which quotes
// the offending values.
const SAFE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'statusCode', 'query'];

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
/** The stack's frames under the safe message (the stack's own first lines repeat the message). */
const safeStack = (error: Error, message: string) =>
  [
    `${error.name}: ${message}`,
    ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
  ].join('\n');

/** An error as it may be written to a log: message, type, stack, a few safe fields, and its causes. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === 'string' ? error : 'non-error thrown' };
  const fields = error as unknown as Record<string, unknown>;
  const message = withoutParams(error.message);
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: safeStack(error, message),
  };
  for (const field of SAFE_FIELDS) {
    if (typeof fields[field] === 'string' || typeof fields[field] === 'number') out[field] = fields[field];
  }
  if (error.cause !== undefined && depth < 5) out.cause = safeError(error.cause, depth + 1);
  return out;
}

const require = createRequire(import.meta.url);

/**
 * pino-pretty's stream (in this process, written asynchronously like pino's own), or undefined
 * where it is not installed: it is a development dependency, absent from a production install.
 */
function prettyStream(destination: DestinationStream | undefined): DestinationStream | undefined {
  try {
    const pretty = require('pino-pretty') as (options: PrettyOptions) => DestinationStream;
    return pretty({
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      ...(destination ? { destination, colorize: false } : {}),
    });
  } catch {
    return undefined;
  }
}

/**
 * The server's logger: pino at the configured level, with the request URL redacted (a reset link,
 * an identity provider's code) and errors logged without query parameters. `pretty` lines are for
 * a person at a terminal (development's default); `json`, one object per line, for a collector,
 * written to stdout without ever blocking (log-destination.ts) unless given another destination.
 */
export function createLogger(
  level: string,
  format: 'json' | 'pretty' = 'json',
  destination?: DestinationStream,
): FastifyBaseLogger {
  return pino(
    {
      level,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
        err: safeError,
      },
    },
    format === 'pretty'
      ? (prettyStream(destination) ?? destination ?? stdoutDestination)
      : (destination ?? stdoutDestination),
  ) as FastifyBaseLogger;
}
