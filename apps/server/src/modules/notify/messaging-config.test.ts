import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../test/server-process';
import { ConfigError, loadConfig } from '../../config';

const base = {
  JWT_SECRET: 'x'.repeat(40),
  DATA_DIR: '/tmp/bazaar-config-test',
  PAYMENTS_PROVIDER: 'sandbox',
};
const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop' };
const KEYS = { WHATSAPP_ACCESS_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' };

const messaging = (env: Record<string, string>) => loadConfig(env).messaging;
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('which phone provider sends messages', () => {
  it('refuses WhatsApp chosen without its credentials, naming each one missing', () => {
    expect(refusal({ ...production, MESSAGING_PROVIDER: 'whatsapp' })).toContain(
      'MESSAGING_PROVIDER is whatsapp, but WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET are not set',
    );
    // Production needs the app secret too: without it no delivery report can be trusted.
    expect(refusal({ ...production, ...KEYS, MESSAGING_PROVIDER: 'whatsapp' })).toContain(
      'but WHATSAPP_APP_SECRET is not set',
    );
    expect(refusal({ ...base, NODE_ENV: 'development', MESSAGING_PROVIDER: 'whatsapp' })).toContain(
      'WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID are not set',
    );
    expect(refusal({ ...production, MESSAGING_PROVIDER: 'sms' })).toContain('MESSAGING_PROVIDER');
    expect(refusal({ ...production, ...KEYS, WHATSAPP_PHONE_NUMBER_ID: '+91 98765' })).toContain(
      'WHATSAPP_PHONE_NUMBER_ID',
    );
  });

  it('takes WhatsApp with its credentials, chosen or not; else records messages locally', () => {
    const secret = { WHATSAPP_APP_SECRET: 'app-secret' };
    expect(messaging({ ...production, ...KEYS, ...secret }).provider).toBe('whatsapp');
    expect(messaging({ ...production, ...KEYS, ...secret, MESSAGING_PROVIDER: 'log' }).provider).toBe('log');
    expect(messaging(production).provider).toBe('log');
    expect(messaging({ ...production, MESSAGING_PROVIDER: 'none' }).provider).toBe('none');
    expect(messaging({ ...base, NODE_ENV: 'development', ...KEYS }).provider).toBe('whatsapp');
  });

  it("uses Meta's Graph API outside tests, whatever WHATSAPP_API_URL says", () => {
    const env = { ...KEYS, WHATSAPP_APP_SECRET: 's', WHATSAPP_API_URL: 'http://127.0.0.1:9' };
    expect(messaging({ ...production, ...env }).whatsapp.apiUrl).toBe('https://graph.facebook.com');
    expect(messaging({ ...base, NODE_ENV: 'test', ...env }).whatsapp.apiUrl).toBe('http://127.0.0.1:9');
    expect(messaging(production).whatsapp).toMatchObject({
      apiVersion: 'v23.0',
      templateLanguage: 'en',
      timeoutMs: 10_000,
    });
  });
});

describe('a production server with WhatsApp chosen and no credentials', () => {
  it('refuses to start, saying which variables to set', async () => {
    const started = startServerProcess({
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PAYMENTS_PROVIDER: 'sandbox',
      MESSAGING_PROVIDER: 'whatsapp',
      LOG_LEVEL: 'info',
    });
    await expect(started).rejects.toThrow(/exited \(code 1\)[\s\S]*WHATSAPP_ACCESS_TOKEN/);
  });
});
