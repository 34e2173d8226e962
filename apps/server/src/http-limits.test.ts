import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { testConfig } from './config';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a connection and reports when the server closes it (and what it said before). */
function open(port: number): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let said = '';
    socket.on('data', (chunk) => {
      said += chunk.toString();
    });
    const closed = new Promise<string>((done) => socket.on('close', () => done(said)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

describe('HTTP limits: slow bodies and too many connections (a listening server)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    const { http } = testConfig();
    t = await createTestApp({ http: { ...http, requestTimeoutMs: 1000, maxConnections: 3 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('closes a connection whose body trickles in a byte at a time', async () => {
    const { socket, closed } = await open(port);
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    );
    let sent = 0;
    let isClosed = false;
    void closed.then(() => {
      isClosed = true;
    });
    // Up to 40 bytes, one every quarter second (ten seconds in all); the server's limit is one second.
    while (!isClosed && sent < 40) {
      socket.write('{');
      sent += 1;
      await sleep(250);
    }
    const said = await Promise.race([closed, sleep(2000).then(() => 'still open')]);
    socket.destroy();
    console.log(
      `server closed the slow request after ${sent} bytes of 200: ${JSON.stringify(said.split('\r\n')[0])}`,
    );
    expect(said).not.toBe('still open');
    expect(sent).toBeLessThan(40);
  });

  it('refuses connections beyond the cap', async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    // The server drops the fourth at once; the ones it holds still answer.
    const said = await Promise.race([extra.closed, sleep(5000).then(() => 'still open')]);
    expect(said).toBe('');
    held[0]!.socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n');
    expect(await held[0]!.closed).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of held) socket.destroy();
  });
});
