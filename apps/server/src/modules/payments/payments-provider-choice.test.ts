import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../test/server-process';
import { ConfigError, loadConfig } from '../../config';

const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_Shop0001', RAZORPAY_KEY_SECRET: 'key-secret' };
const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/bazaar-config-test' };
const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop' };

const provider = (env: Record<string, string>) => loadConfig(env).payments.provider;
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('which payment provider takes payments (fails closed)', () => {
  it('refuses to start production without Razorpay keys unless the sandbox is chosen, naming the variables', () => {
    const message = refusal(production);
    expect(message).toContain('PAYMENTS_PROVIDER');
    expect(message).toContain('RAZORPAY_KEY_ID');
    // The embedded database without the demo data is a real shop too.
    expect(refusal({ ...base, NODE_ENV: 'production', SEED_DEMO: 'false' })).toContain('PAYMENTS_PROVIDER');
  });

  it('refuses Razorpay chosen without its keys, in any environment', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const message = refusal({ ...production, NODE_ENV, PAYMENTS_PROVIDER: 'razorpay' });
      expect(message).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not set');
    }
    expect(refusal({ ...production, PAYMENTS_PROVIDER: 'stripe' })).toContain('PAYMENTS_PROVIDER');
  });

  it('takes Razorpay with its keys, chosen or not, and the sandbox only when chosen in production', () => {
    expect(provider({ ...production, ...KEYS })).toBe('razorpay');
    expect(provider({ ...production, ...KEYS, PAYMENTS_PROVIDER: 'razorpay' })).toBe('razorpay');
    expect(provider({ ...production, PAYMENTS_PROVIDER: 'sandbox' })).toBe('sandbox');
    expect(provider({ ...production, ...KEYS, PAYMENTS_PROVIDER: 'sandbox' })).toBe('sandbox');
  });

  it("keeps `npm start`'s demo working with no set-up: the embedded database with its demo data is a demo shop", () => {
    expect(provider({ ...base, NODE_ENV: 'production' })).toBe('sandbox');
    expect(provider({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' })).toBe('sandbox');
  });

  it('uses the sandbox without keys outside production', () => {
    expect(provider({ ...base, NODE_ENV: 'development', DATABASE_URL: 'postgres://shop@db/shop' })).toBe(
      'sandbox',
    );
    expect(provider({ ...base, NODE_ENV: 'test' })).toBe('sandbox');
  });
});

describe('a production server without a way to take payments', () => {
  it('refuses to start, saying which variable to set', async () => {
    const started = startServerProcess({ NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'info' });
    await expect(started).rejects.toThrow(/exited \(code 1\)[\s\S]*PAYMENTS_PROVIDER is not set/);
  });
});
