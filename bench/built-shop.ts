import { type Shop, startShop } from '../e2e/shop';
import { benchUrlFromEnv } from './pages';

/**
 * Runs `work` against the built shop: the one at BENCH_URL, or a fresh one started as `npm start`
 * would (production build, demo data, temporary DATA_DIR), stopped afterwards.
 */
export async function withBuiltShop<T>(work: (baseUrl: string) => Promise<T>): Promise<T> {
  const given = benchUrlFromEnv();
  if (given) return work(given);
  let shop: Shop | undefined;
  try {
    shop = await startShop({ LOG_LEVEL: 'error' });
    return await work(shop.baseUrl);
  } finally {
    await shop?.stop();
  }
}
