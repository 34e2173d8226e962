import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { stdoutDestination } from './log-destination';

/** How long the last log lines may take to reach a reader before the process exits anyway. */
const LOG_DRAIN_MS = 250;
/** How often connections that went idle during a shutdown are looked for and closed. */
const IDLE_SWEEP_MS = 100;
/**
 * Connections still waiting to be accepted when the listener closes are reset by the operating
 * system, their requests lost: they are taken in first, for at most this part of the deadline (a
 * busy loop takes in one per turn: 50 waiting took 0.3–1.5 s on a loaded 2-core machine).
 */
const ACCEPT_SHARE = 0.5;
/** Loop turns in a row without a new connection that say no more are waiting. */
const QUIET_TURNS = 2;

/**
 * Shuts the server down on SIGTERM or SIGINT: readiness fails at once and no job starts a new round;
 * once the connections already waiting are taken in, the listener closes and idle connections with
 * it; requests in flight finish, their replies closing their connections; then jobs, caches, the
 * event listener and the pool close, the logs get a moment to reach their reader, and the process
 * exits 0. Whatever is unfinished after `timeoutMs` is cut, and the process exits 1; a second
 * signal exits 1 at once.
 */
export function shutDownOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let shuttingDown = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!shuttingDown) {
        shuttingDown = true;
        void shutDown(app, signal, timeoutMs);
        return;
      }
      // Asked twice (Ctrl-C again): whoever asks does not want to wait.
      app.log.warn({ signal }, 'asked again to stop: exiting now');
      void exit(1);
    });
  }
}

async function shutDown(app: FastifyInstance, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  const started = Date.now();
  app.lifecycle.stop();
  app.log.info({ signal, timeoutMs }, 'shutting down: finishing the requests in flight');
  const deadline = setTimeout(() => {
    app.log.error({ timeoutMs }, 'shutdown took too long: cutting the connections left and exiting');
    app.server.closeAllConnections();
    void exit(1);
  }, timeoutMs);

  await takeInWaiting(app.server, timeoutMs * ACCEPT_SHARE);
  // A reply whose headers went out before the shutdown began cannot say `Connection: close`: its
  // connection turns idle when it ends, and is closed by the next sweep.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let code = 0;
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    code = 1;
  }
  clearInterval(sweep);
  clearTimeout(deadline);
  app.log.info({ ms: Date.now() - started }, 'shut down');
  await exit(code);
}

/**
 * Accepts the connections already waiting and reads the requests already sent, before the listener
 * closes (which resets those still waiting) and idle connections are closed (a connection whose
 * request has not been read yet counts as idle). Node accepts one connection per turn of its event
 * loop, so the loop turns until it has gone QUIET_TURNS without one.
 */
async function takeInWaiting(server: Server, withinMs: number): Promise<void> {
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  server.on('connection', count);
  const until = Date.now() + withinMs;
  for (let quiet = 0; quiet < QUIET_TURNS && Date.now() < until; ) {
    const before = accepted;
    await new Promise((resolve) => setImmediate(resolve));
    quiet = accepted === before ? quiet + 1 : 0;
  }
  server.off('connection', count);
}

async function exit(code: number): Promise<never> {
  await stdoutDestination.drain(LOG_DRAIN_MS);
  process.exit(code);
}
