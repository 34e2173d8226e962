import { z } from 'zod';

/** Which payment window to open, and its publishable key. */
export const paymentWindowSchema = z.object({
  provider: z.enum(['razorpay', 'sandbox']),
  keyId: z.string(),
});
export type PaymentWindow = z.infer<typeof paymentWindowSchema>;

/** What a payment window hands back on success, in Razorpay checkout's words. */
export const paymentResultSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** The sandbox's test cards: the first is paid, the second declined. */
export const SANDBOX_CARDS = {
  success: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
} as const;

/** Razorpay's test UPI addresses, which the sandbox honours the same way: paid, and failed. */
export const SANDBOX_UPI = {
  success: 'success@razorpay',
  failure: 'failure@razorpay',
} as const;

/** The banks the sandbox's net banking offers (Razorpay's bank codes), each paying or failing as the shopper picks. */
export const SANDBOX_BANKS = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
} as const;
export type SandboxBank = keyof typeof SANDBOX_BANKS;

/**
 * POST /payments/sandbox/pay: the sandbox payment page's form, by method. Without `method` it is the
 * card form (as before UPI and net banking were offered).
 */
export const sandboxPayBodySchema = z
  .object({
    orderId: z.string().min(1).max(100),
    method: z.enum(['card', 'upi', 'netbanking']).optional(),
    cardNumber: z.string().max(40).optional(),
    expiry: z.string().max(10).optional(),
    cvv: z.string().max(4).optional(),
    name: z.string().max(100).optional(),
    /** UPI: the shopper's virtual payment address. */
    vpa: z.string().max(100).optional(),
    /** Net banking: the bank's code, and whether the shopper approved the payment at the bank's page. */
    bank: z.string().max(10).optional(),
    approve: z.boolean().optional(),
    email: z.string().max(254).optional(),
  })
  .strict();
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;

/** The sandbox's answer: Razorpay's success fields, or why the payment failed. */
export const sandboxPayReplySchema = z.union([
  paymentResultSchema.extend({ status: z.literal('captured') }),
  z.object({
    status: z.literal('failed'),
    razorpay_payment_id: z.string(),
    error: z.object({ description: z.string() }),
  }),
]);
export type SandboxPayReply = z.infer<typeof sandboxPayReplySchema>;

export const webhookReplySchema = z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) });
