/**
 * How long registering takes for a new address and for one that already has an account, at
 * production's scrypt cost (the attack test's finding: 201 in 691 ms, 409 in 7 ms, which told who
 * has an account). Alternates the two, one at a time, on the embedded database.
 *
 *   npm run bench:registration-timing
 *   npm run bench:registration-timing -- --rounds=20
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { PRODUCTION_SCRYPT_COST } from '../apps/server/src/lib/password';
import { median } from './pages';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '12' } } });
const ROUNDS = Number(values.rounds);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-register-'));
  const app = await buildApp(
    testConfig({ dataDir, passwordCost: PRODUCTION_SCRYPT_COST, rateLimitMax: 1_000_000 }),
  );
  try {
    await app.ready();
    const register = async (email: string, round: number) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        // An address per round, so the per-address ceiling never enters into it.
        headers: { 'x-forwarded-for': `198.51.100.${round + 1}` },
        payload: { name: 'Bench', email, password: 'lantern-river-meadow', phoneNumber: '1' },
      });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    await register('taken@example.com', 0);
    const times = { new: [] as number[], taken: [] as number[] };
    const statuses = new Set<string>();
    for (let round = 1; round <= ROUNDS; round++) {
      const fresh = await register(`new-${round}@example.com`, round);
      const taken = await register('taken@example.com', round);
      statuses.add(`${fresh.status}/${taken.status}`);
      times.new.push(fresh.ms);
      times.taken.push(taken.ms);
    }
    console.log(
      `${ROUNDS} rounds at production's scrypt cost (N=2^17, r=8, p=1); answers new/taken: ${[...statuses].join(', ')}\n`,
    );
    console.log('| address | p50 (ms) | p95 (ms) | min (ms) |');
    console.log('| ------- | -------- | -------- | -------- |');
    for (const [name, ms] of Object.entries(times)) {
      console.log(
        `| ${name.padEnd(7)} | ${median(ms).toFixed(0).padStart(8)} | ${percentile(ms, 95).toFixed(0).padStart(8)} | ${Math.min(
          ...ms,
        )
          .toFixed(0)
          .padStart(8)} |`,
      );
    }
    const gap = median(times.new) - median(times.taken);
    console.log(`\nmedian new − median taken: ${gap.toFixed(0)} ms`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
