import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES, loadConfig } from '../src/config';

// No container engine runs here, so compose.yaml and the Dockerfile are never built by the tests;
// these checks keep them true to the server they run (and to the topology test, which runs them).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };

/** A service's environment with `${X:-default}` read as its default and `${X:?…}` as set in .env. */
function environment(service: Service): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      String(value)
        .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
        .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'from-the-env-file'),
    ]),
  );
}

describe('compose.yaml', () => {
  const { services } = compose;

  it('runs PostgreSQL, Redis, MinIO, two shop processes built from the Dockerfile and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'bucket', 'caddy', 'minio', 'postgres', 'prometheus', 'redis'].sort(),
    );
    expect(services.app1).toEqual(services.app2);
    expect(services.app1!.build).toBe('.');
    for (const needed of ['postgres', 'redis', 'minio']) expect(services[needed]!.healthcheck).toBeDefined();
    expect(services.app1!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      bucket: { condition: 'service_completed_successfully' },
    });
    expect(services.prometheus!.profiles).toEqual(['monitoring']);
  });

  it('passes the shop processes only variables the server reads', () => {
    const names = Object.keys(environment(services.app1!));
    expect(names.length).toBeGreaterThan(10);
    // The payments work landing beside this one adds PAYMENTS_PROVIDER to the server's variables.
    const pending = new Set(['PAYMENTS_PROVIDER']);
    expect(names.filter((name) => !ENV_NAMES.includes(name) && !pending.has(name))).toEqual([]);
  });

  it('configures both processes to share everything they must: database, Redis, bucket, secret', () => {
    const fromEnvFile = { PAYMENTS_PROVIDER: 'sandbox' };
    const config = loadConfig({
      ...environment(services.app1!),
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
    // The bucket the one-off job makes is the one the processes use, with the keys MinIO was given.
    const minio = environment(services.minio!);
    const app = environment(services.app1!);
    expect(minio.MINIO_ROOT_USER).toBe(app.S3_ACCESS_KEY_ID);
    expect(environment(services.bucket!).S3_BUCKET).toBe(app.S3_BUCKET);
  });

  it('puts Caddy, with the Caddyfile the topology test runs, in front of both processes only', () => {
    const caddy = services.caddy!;
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(environment(caddy).BAZAAR_UPSTREAMS).toBe('app1:3000 app2:3000');
    // Only the proxy is published; the shop processes and their metrics ports are not.
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'caddy' && name !== 'prometheus') expect(service.ports, name).toBeUndefined();
    }
  });
});

describe('the health checks', () => {
  it('ask the same readiness route in the image and the proxy', () => {
    expect(read('Dockerfile')).toContain("'/api/health/ready'");
    expect(read('deploy/Caddyfile')).toContain('health_uri /api/health/ready');
  });
});
