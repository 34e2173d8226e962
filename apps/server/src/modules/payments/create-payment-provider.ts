import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './payment-provider';
import { RazorpayProvider } from './razorpay-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** The provider the config chose (config.ts, `choosePaymentsProvider`): built once, at start-up. */
export function createPaymentProvider(
  config: AppConfig,
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; background: Background },
): PaymentProvider {
  const { keyId, keySecret, webhookSecret, apiUrl, timeoutMs } = config.razorpay;
  if (config.payments.provider === 'razorpay') {
    // loadConfig refuses this already; a config built by hand must not fall back to the sandbox either.
    if (!keyId || !keySecret) throw new Error('Razorpay is the payment provider but its keys are missing');
    if (!webhookSecret) {
      deps.log.warn(
        'RAZORPAY_WEBHOOK_SECRET is not set: webhooks are refused, so a payment whose shopper closes the browser is found only by asking Razorpay (minutes later, or when the order would expire)',
      );
    }
    return new RazorpayProvider({ keyId, keySecret, webhookSecret, apiUrl, timeoutMs });
  }
  if (config.env === 'production') {
    deps.log.warn(
      'Payments are simulated (PAYMENTS_PROVIDER=sandbox, or the embedded demo): no money is taken, every page says so, and orders are test orders',
    );
  }
  return new SandboxProvider({ ...deps, serverSecret: config.jwtSecret });
}
