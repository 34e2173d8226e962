import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, type ServerProcessOptions, startServerProcess } from '../server-process';

// Real server processes (on their own embedded databases) sent SIGTERM while clients are attached:
// requests in flight finish, keep-alive connections do not hold the exit, and a log reader that has
// stopped reading does not either.

/** The tests' deadline: every shutdown here must be clean (exit 0) well before it. */
const SHUTDOWN_TIMEOUT_MS = 8000;

interface Reply {
  status: number;
  connection: string | undefined;
  body: string;
}

interface Sending {
  /** Resolves once the whole request has been handed to the operating system. */
  sent: Promise<void>;
  reply: Promise<Reply>;
}

/** One request on `agent`'s connections; `body` is written in parts, `between` awaited in between. */
function send(
  server: ServerProcess,
  agent: http.Agent,
  path: string,
  options: { method?: string; body?: string[]; between?: () => Promise<void> } = {},
): Sending {
  let sent!: () => void;
  const sending = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const parts = options.body ?? [];
    const length = parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: parts.length ? { 'content-type': 'application/json', 'content-length': length } : {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
        res.on('error', reject);
      },
    );
    req.on('finish', sent);
    req.on('error', (error) => {
      sent();
      reject(error);
    });
    (async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await options.between?.();
        req.write(part);
      }
      req.end();
    })().catch(reject);
  });
  return { sent: sending, reply };
}

const request = (...args: Parameters<typeof send>) => send(...args).reply;

/** Outcomes by kind, for a failure's message: `200`, `503`, `ECONNRESET` … */
function tally(results: PromiseSettledResult<Reply>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key =
      r.status === 'fulfilled' ? String(r.value.status) : ((r.reason as { code?: string }).code ?? 'error');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The processes the tests stop, each configured for its test; started together, which is quicker. */
const PROCESSES: Record<string, { env: Record<string, string>; options?: ServerProcessOptions }> = {
  inFlight: { env: { SEED_DEMO: 'true' } },
  keepAlive: { env: {} },
  deadline: { env: { SHUTDOWN_TIMEOUT_MS: '1500' } },
  stalledStdout: { env: { LOG_LEVEL: 'info' }, options: { stdout: 'stalled' } },
};

describe('a server process told to stop (SIGTERM)', () => {
  const servers = new Map<string, ServerProcess>();
  const agents: http.Agent[] = [];
  beforeAll(async () => {
    const started = await Promise.allSettled(
      Object.entries(PROCESSES).map(async ([name, { env, options }]) => {
        const env_ = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), RATE_LIMIT_MAX: '1000000', ...env };
        servers.set(name, await startServerProcess(env_, options));
      }),
    );
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
  });
  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => s.stop()));
  });

  const server = (name: keyof typeof PROCESSES) => servers.get(name)!;
  const keepAlive = (maxSockets: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets });
    agents.push(agent);
    return agent;
  };
  /** Signals the process and resolves with how it ended and how long that took. */
  const terminate = async (s: ServerProcess) => {
    const signalled = Date.now();
    s.signal('SIGTERM');
    const ended = await Promise.race([s.exited, sleep(SHUTDOWN_TIMEOUT_MS + 5000).then(() => undefined)]);
    return { ended, ms: Date.now() - signalled };
  };

  it('finishes all of 100 requests in flight, then exits 0 without waiting on their connections', async () => {
    const s = server('inFlight');
    const kept = keepAlive(50);
    // 50 connections open and idle, as a proxy's pool would hold them …
    await Promise.all(Array.from({ length: 50 }, () => request(s, kept, '/api/health/live')));
    // … and 50 new ones. Listings no one asked for before (each reaches the database), one per connection.
    const fresh = new http.Agent({ keepAlive: false, maxSockets: 50 });
    agents.push(fresh);
    const inFlight = Array.from({ length: 100 }, (_, i) =>
      send(s, i < 50 ? kept : fresh, `/api/products?search=${'aeiou'[i % 5]}&page=${i + 1}&limit=2`),
    );
    // Every request is on its way (in the server's sockets, or waiting to be accepted) when the signal comes.
    await Promise.all(inFlight.map((r) => r.sent));
    const { ended, ms } = await terminate(s);
    const results = await Promise.allSettled(inFlight.map((r) => r.reply));
    const connection: Record<string, number> = {};
    for (const r of results) {
      const header = r.status === 'fulfilled' ? (r.value.connection ?? 'none') : 'no reply';
      connection[header] = (connection[header] ?? 0) + 1;
    }
    console.log(
      'SIGTERM with 100 requests in flight:',
      JSON.stringify({ replies: tally(results), connection, exitMs: ms, ended }),
    );
    expect(tally(results), s.output()).toEqual({ 200: 100 });
    expect(ended, s.output()).toEqual({ code: 0, signal: null });
    // No connection held the exit: any answered before the signal (keep-alive) was idle and closed,
    // the others were told `Connection: close`.
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
  });

  it('exits at once with an idle keep-alive client attached, and after the reply of a busy one', async () => {
    const s = server('keepAlive');
    const idle = keepAlive(1);
    const busy = keepAlive(1);
    await request(s, idle, '/api/health/live');
    await request(s, busy, '/api/health/live');
    // A request whose body is still arriving when the signal comes: in flight on a kept-alive connection.
    const body = JSON.stringify({ email: 'not an address' });
    let signalled: Promise<{ ended: unknown; ms: number }> | undefined;
    const reply = await request(s, busy, '/api/newsletter/subscribe', {
      method: 'POST',
      body: [body.slice(0, 5), body.slice(5)],
      between: async () => {
        await sleep(200);
        signalled = terminate(s);
        await sleep(300);
      },
    });
    const { ended, ms } = await signalled!;
    console.log(
      'SIGTERM with keep-alive clients attached:',
      JSON.stringify({
        reply: [reply.status, reply.connection],
        exitMs: ms,
        ended: ended ?? 'still running',
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.connection).toBe('close');
    expect(ended, s.output()).toEqual({ code: 0, signal: null });
    // Neither connection held the exit for its keep-alive time (72 s) or the deadline.
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
  });

  it('cuts a request that outlasts SHUTDOWN_TIMEOUT_MS and exits 1 at the deadline', async () => {
    const s = server('deadline');
    const agent = keepAlive(1);
    // A body that never finishes arriving: the request stays in flight until it is cut.
    const stuck = send(s, agent, '/api/newsletter/subscribe', {
      method: 'POST',
      body: ['{"email":', '"x@example.com"}'],
      between: () => new Promise(() => {}),
    }).reply.catch((error: { code?: string }) => error.code ?? 'error');
    await sleep(300);
    const { ended, ms } = await terminate(s);
    console.log(
      'SIGTERM with a request that never ends:',
      JSON.stringify({ exitMs: ms, ended, stuck: await stuck }),
    );
    expect(ended).toEqual({ code: 1, signal: null });
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(ms).toBeLessThan(1500 + 2000);
  });

  it('keeps serving and exits 0 while its stdout is a pipe nobody reads', async () => {
    const s = server('stalledStdout');
    const agent = keepAlive(10);
    // Each request logs its URL (6 kB): 10 MB of log lines in all, far past what a pipe holds.
    const path = `/api/no-such-route/${'x'.repeat(6000)}`;
    const replies: PromiseSettledResult<Reply>[] = [];
    for (let batch = 0; batch < 170; batch++) {
      const sent = Array.from({ length: 10 }, () =>
        Promise.race([
          request(s, agent, path),
          sleep(5000).then(() => Promise.reject(Object.assign(new Error('no reply'), { code: 'TIMEOUT' }))),
        ]),
      );
      const settled = await Promise.allSettled(sent);
      replies.push(...settled);
      // A server stuck writing its log answers nothing more: no use sending the rest.
      if (settled.some((r) => r.status === 'rejected')) break;
    }
    const { ended, ms } = await terminate(s);
    console.log(
      'SIGTERM with a stalled stdout:',
      JSON.stringify({ replies: tally(replies), exitMs: ms, ended: ended ?? 'still running' }),
    );
    expect(tally(replies)).toEqual({ 404: 1700 });
    expect(ended).toEqual({ code: 0, signal: null });
  });
});
