import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/modules/users/users.repo';
import { createTestApp, type TestApp } from './helpers';
import { type S3Server, startS3Server } from './s3-server';
import { type ServerProcess, startServerProcess } from './server-process';
import { ShopClient } from './shop-client';

// compose.yaml's topology, run natively (no container engine here): two server processes, each with
// a DATA_DIR of its own (two machines), configured as compose.yaml configures them, behind Caddy
// with deploy/Caddyfile itself, on one PostgreSQL database, one Redis and one bucket of a real
// S3-compatible server. CI installs Debian's Caddy (.ci/run); elsewhere `apt-get install caddy`.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CADDYFILE = path.join(root, 'deploy/Caddyfile');

function findCaddy(): string | undefined {
  try {
    return execFileSync('caddy', ['version'], { stdio: ['ignore', 'pipe', 'ignore'] }) && 'caddy';
  } catch {
    return undefined;
  }
}

const caddy = findCaddy();
const missing = [
  process.env.TEST_DATABASE_URL ? '' : 'TEST_DATABASE_URL',
  process.env.TEST_REDIS_URL ? '' : 'TEST_REDIS_URL',
  caddy ? '' : 'Caddy (apt-get install caddy)',
].filter(Boolean);
const skipped = missing.length ? ` (skipped: needs ${missing.join(', ')})` : '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Caddy running deploy/Caddyfile in front of `upstreams`, on a free port. */
async function startCaddy(upstreams: string[]): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), 'bazaar-caddy-'));
  let output = '';
  const child: ChildProcess = spawn(caddy!, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: `:${port}`,
      BAZAAR_UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(home, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // Ready once its active health checks have found both processes ready.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited (code ${child.exitCode}):\n${output}`);
    const served = new Set<number>();
    try {
      for (let i = 0; i < 4; i++) served.add((await fetch(`${baseUrl}/api/health/ready`)).status);
      if (served.size === 1 && served.has(200)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not pass requests to ready processes within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, stop };
}

/** A GET from another loopback address, so this client has its own rate-limit count. */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(missing.length > 0)(`the compose topology, run natively${skipped}`, () => {
  const RATE_LIMIT_MAX = 100;
  let s3: S3Server;
  let database: TestApp;
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startCaddy>> | undefined;
  let shop: ShopClient;
  let first: ShopClient;
  let second: ShopClient;

  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createTestApp();
    if (database.deps.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // compose.yaml's x-app environment, pointed at this machine's services; no JWT_SECRET.
    const env = {
      DATABASE_URL: database.deps.database.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      ...s3.env(),
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    };
    // Started together, as `docker compose up` starts them: one seeds, the other waits on its lock.
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    // Caddy sends requests only to processes whose readiness route answers 200.
    for (const s of servers) {
      const ready = await fetch(`${s.baseUrl}/api/health/ready`);
      if (ready.status !== 200)
        throw new Error(`${s.baseUrl}/api/health/ready answered ${ready.status}, not 200`);
    }
    proxy = await startCaddy(servers.map((s) => new URL(s.baseUrl).host));
    shop = new ShopClient(proxy.baseUrl);
    [first, second] = servers.map((s) => new ShopClient(s.baseUrl)) as [ShopClient, ShopClient];
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await s3?.close();
  });

  it('serves the seeded catalogue and its pictures through the proxy and from either machine', async () => {
    const { products } = await shop.products('limit=4');
    expect(products).toHaveLength(4);
    for (const product of products) {
      for (const client of [shop, shop, first, second]) {
        expect(await client.image(product.productImage!)).toMatchObject({ status: 200, type: 'image/webp' });
      }
      expect((await second.image(`${product.productImage}?w=320`)).status).toBe(200);
    }
  });

  it('accepts on either machine, and through the proxy, a session made on one', async () => {
    const { token } = await first.register('asha.topology@example.com');
    expect((await second.me(token)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await shop.me(token)).status).toBe(200);
  });

  it('serves from the other machine a picture uploaded through one', async () => {
    const admin = await shop.register('admin.topology@example.com');
    await updateUser(database.db, admin.id, { isAdmin: true });
    const product = await first.createProduct(admin.token, 'Topology Speaker');
    expect(await second.image(product.productImage!)).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await second.image(`${product.productImage}?w=640`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await shop.image(product.productImage!)).status).toBe(200);
  });

  it('shows on the other machine a price changed on one', async () => {
    const admin = await first.register('pricing.topology@example.com');
    await updateUser(database.db, admin.id, { isAdmin: true });
    const [product] = (await shop.products('limit=1')).products;
    // Both machines have the product page cached.
    const before = await second.product(product!._id);
    expect((await first.product(product!._id)).price).toBe(before.price);
    const price = before.price + 111;
    expect((await first.changePrice(admin.token, before, price)).price).toBe(price);
    await expect.poll(async () => (await second.product(product!._id)).price, { timeout: 3000 }).toBe(price);
    for (let i = 0; i < 4; i++) expect((await shop.product(product!._id)).price).toBe(price);
  });

  it('counts the API rate limit once for both machines (in Redis)', async () => {
    // A client address of its own (127.x.y.z reaches the proxy too), so nothing else counted for it.
    const octet = () => 1 + Math.floor(Math.random() * 250);
    const client = `127.${octet()}.${octet()}.${octet()}`;
    const statuses: number[] = [];
    // Round-robin: alternate requests go to alternate machines; each counting alone would let 2 × max through.
    for (let i = 0; i < RATE_LIMIT_MAX * 2; i++) {
      statuses.push(await getFrom(client, `${proxy!.baseUrl}/api/categories`));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT_MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(RATE_LIMIT_MAX);
  });
});
