import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../src/config';

// No container engine runs here, so compose.yaml and the Dockerfile are never built by the tests;
// these checks keep them true to the server they run (and to the topology test, which runs them).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** compose.yaml's x-app environment as name → value, with `${X:-default}` read as its default. */
function composeAppEnv(): Record<string, string> {
  const text = read('compose.yaml');
  const block = text.slice(text.indexOf('x-app:'), text.indexOf('\nservices:'));
  const env = block.slice(block.indexOf('  environment:\n'), block.indexOf('\n  depends_on:'));
  const entries: Record<string, string> = {};
  for (const line of env.split('\n')) {
    const match = /^ {4}([A-Z0-9_]+): (.*)$/.exec(line);
    if (!match) continue;
    const value = match[2]!
      .replace(/^'(.*)'$/, '$1')
      .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
      .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'from-the-env-file');
    entries[match[1]!] = value;
  }
  return entries;
}

describe('compose.yaml', () => {
  const env = composeAppEnv();

  it('passes the server only variables it reads', () => {
    expect(Object.keys(env).length).toBeGreaterThan(10);
    // Variables of the payments work landing beside this one are allowed until it does.
    const pending = new Set(['PAYMENTS_PROVIDER']);
    expect(Object.keys(env).filter((name) => !ENV_NAMES.includes(name) && !pending.has(name))).toEqual([]);
  });

  it('configures two processes that share everything they must: database, Redis, bucket, secret', () => {
    const fromEnvFile = { PAYMENTS_PROVIDER: 'sandbox' };
    const config = loadConfig({
      ...env,
      ...fromEnvFile,
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/bazaar-compose',
    });
    expect(config.databaseUrl).toBe('postgres://bazaar:from-the-env-file@postgres:5432/bazaar');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.storage).toMatchObject({
      kind: 's3',
      bucket: 'bazaar-images',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    // Made once in the database and shared, never one container's file.
    expect(config.jwtSecret).toBeUndefined();
    expect(config.trustProxy).toBe(1);
    expect(config.metricsPort).toBe(9464);
    expect(config.logFormat).toBe('json');
  });

  it('puts Caddy in front of both processes with the Caddyfile the topology test runs', () => {
    const compose = read('compose.yaml');
    expect(compose).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(compose).toContain('BAZAAR_UPSTREAMS: app1:3000 app2:3000');
    expect(compose).toMatch(/\n {2}app1: \*app\n {2}app2: \*app\n/);
  });
});

describe('the health checks', () => {
  it('ask the same readiness route in the image and the proxy', () => {
    expect(read('Dockerfile')).toContain("'/api/health/ready'");
    expect(read('deploy/Caddyfile')).toContain('health_uri /api/health/ready');
  });
});
