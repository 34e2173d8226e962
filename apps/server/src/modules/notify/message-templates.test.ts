import { MESSAGE_PURPOSES, type MessagePurpose } from '@bazaar/shared/schemas/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  type PurposeParams,
  renderMessage,
  templateValue,
  WHATSAPP_TEMPLATES,
} from './message-templates';

const SAMPLES: { [P in MessagePurpose]: PurposeParams[P] } = {
  order_placed: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', totalPaise: 149_950 },
  cod_confirmation: {
    name: 'Asha Rao',
    orderNumber: 'A1B2C3D4',
    totalPaise: 89_900,
    confirmUrl: 'https://shop.example/orders/cod/confirm?token=abc.def',
  },
  payment_link: {
    name: 'Asha Rao',
    orderNumber: 'A1B2C3D4',
    totalPaise: 89_900,
    payUrl: 'https://rzp.io/i/abc123',
  },
  order_shipped: {
    name: 'Asha Rao',
    orderNumber: 'A1B2C3D4',
    courier: 'Delhivery',
    trackingNumber: 'DL1234567890',
    trackingUrl: 'https://www.delhivery.com/track/package/DL1234567890',
  },
  order_delivered: { name: 'Asha Rao', orderNumber: 'A1B2C3D4' },
  order_cancelled: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', what: 'your order', refundPaise: 49_900 },
  refund_issued: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', amountPaise: 49_900 },
  return_requested: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', what: '2 items' },
  return_to_review: { customer: 'Asha Rao', orderNumber: 'A1B2C3D4', what: '2 items' },
  return_approved: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', message: 'Hand it to the courier.' },
  return_rejected: { name: 'Asha Rao', orderNumber: 'A1B2C3D4', message: 'The seal is broken.' },
  stock_alert_confirm: {
    product: 'Cotton Kurta (Blue, M)',
    productUrl: 'https://shop.example/product/1',
    confirmUrl: 'https://shop.example/api/stock-alerts/confirm?token=abc',
    unsubscribeUrl: 'https://shop.example/api/stock-alerts/unsubscribe?token=def',
  },
  back_in_stock: {
    product: 'Cotton Kurta (Blue, M)',
    productUrl: 'https://shop.example/product/1',
    unsubscribeUrl: 'https://shop.example/api/stock-alerts/unsubscribe?token=def',
  },
  test: {},
};

/** What Meta accepts in a template value: no line break or tab, no run of four spaces, not empty. */
const acceptable = (value: string) => value !== '' && !/\p{Cc}| {4}/u.test(value);

describe('the message templates', () => {
  it('fill every placeholder of each WhatsApp template, no more and no fewer, within its 1024 characters', () => {
    for (const purpose of MESSAGE_PURPOSES) {
      const template = WHATSAPP_TEMPLATES[purpose];
      const placeholders = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      const { parameters } = renderMessage(purpose, SAMPLES[purpose], 'Bazaar');
      expect(placeholders, purpose).toEqual(parameters.map((_, i) => i + 1));
      const filled = fillTemplate(template.body, parameters);
      expect(filled, purpose).not.toMatch(/\{\{\d+\}\}/);
      expect(filled.length, purpose).toBeLessThanOrEqual(1024);
      expect(template.name, purpose).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(parameters.every(acceptable), purpose).toBe(true);
    }
  });

  it('shows the amount in rupees with Indian digit grouping, from integer paise, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (totalPaise) => {
        const { parameters, text } = renderMessage(
          'order_placed',
          { ...SAMPLES.order_placed, totalPaise },
          'Bazaar',
        );
        const shown = parameters[2]!;
        expect(shown.startsWith('₹')).toBe(true);
        // The digits shown are the paise, whole rupees without a ".00".
        const [rupees, paise = '00'] = shown.slice(1).replaceAll(',', '').split('.');
        expect(Number(rupees) * 100 + Number(paise)).toBe(totalPaise);
        expect(text).toContain(shown);
      }),
    );
  });

  it('turns whatever a shopper typed into a value WhatsApp accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (typed) => {
        const value = templateValue(typed, 60);
        expect(acceptable(value)).toBe(true);
        expect([...value].length).toBeLessThanOrEqual(60);
      }),
    );
    expect(templateValue('  Asha\n\tRao     Kumar ')).toBe('Asha Rao Kumar');
    expect(templateValue(' \n ')).toBe('-');
  });

  it('names the signed link of a COD confirmation as a secret, and nothing in the others', () => {
    expect(renderMessage('cod_confirmation', SAMPLES.cod_confirmation, 'Bazaar').secrets).toEqual([
      SAMPLES.cod_confirmation.confirmUrl,
    ]);
    expect(renderMessage('stock_alert_confirm', SAMPLES.stock_alert_confirm, 'Bazaar').secrets).toEqual([
      SAMPLES.stock_alert_confirm.confirmUrl,
    ]);
    for (const purpose of MESSAGE_PURPOSES.filter(
      (p) => p !== 'cod_confirmation' && p !== 'stock_alert_confirm',
    )) {
      expect(renderMessage(purpose, SAMPLES[purpose], 'Bazaar').secrets).toEqual([]);
    }
  });

  it('writes a short mail with the same facts', () => {
    const mail = renderMessage('order_shipped', SAMPLES.order_shipped, 'Bazaar');
    expect(mail.subject).toBe('Bazaar: order #A1B2C3D4 shipped');
    expect(mail.text).toContain('Delhivery (tracking number DL1234567890)');
    expect(mail.text).toContain(SAMPLES.order_shipped.trackingUrl);
  });
});
