import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './payment-provider';
import { RazorpayProvider } from './razorpay-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** Razorpay when its keys are configured, the built-in sandbox otherwise: chosen once, at start-up. */
export function createPaymentProvider(
  config: AppConfig,
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; background: Background },
): PaymentProvider {
  const { keyId, keySecret, webhookSecret, apiUrl, timeoutMs } = config.razorpay;
  if (keyId && keySecret) {
    if (!webhookSecret) {
      deps.log.warn(
        'RAZORPAY_WEBHOOK_SECRET is not set: webhooks are refused, so an order whose shopper closes the browser mid-payment is only paid when they come back',
      );
    }
    return new RazorpayProvider({ keyId, keySecret, webhookSecret, apiUrl, timeoutMs });
  }
  if (config.env === 'production') {
    deps.log.warn('No Razorpay keys: payments go through the built-in sandbox, and no real money is taken');
  }
  return new SandboxProvider({ ...deps, serverSecret: config.jwtSecret });
}
