import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupeesText, productCsvRowSchema, rupeesTextToPaise } from './product-import';

const row = (over: Record<string, string> = {}) => ({
  product_sku: 'K',
  name: 'Kurta',
  description: '',
  brand: '',
  category: 'Fashion',
  sub_category: '',
  option: '',
  sub_option: '',
  price: '1299.50',
  discount: '',
  hsn: '',
  gst_rate: '',
  material: '',
  made_in: '',
  seller: '',
  tags: 'a|b|a',
  featured: '',
  sku: 'K-RED-M',
  colour: 'Red',
  size: 'M',
  stock: '3',
  variant_price: '',
  image: '',
  active: '',
  ...over,
});

describe('the products file', () => {
  it('turns every paise figure into rupees text and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (paise) => {
        expect(rupeesTextToPaise(paiseToRupeesText(paise))).toBe(paise);
      }),
    );
  });

  it('reads rupees without floats and refuses what is not a plain figure', () => {
    expect(rupeesTextToPaise('0.1')).toBe(10);
    expect(rupeesTextToPaise('19.99')).toBe(1999);
    expect(rupeesTextToPaise(' 1299 ')).toBe(129900);
    for (const bad of ['1,299', '-5', '1.999', '₹10', '', '1e3', '.5'])
      expect(rupeesTextToPaise(bad)).toBeNull();
  });

  it('parses a row: paise, lower-cased colour, defaults, tags once each', () => {
    const parsed = productCsvRowSchema.parse(row());
    expect(parsed).toMatchObject({
      price: 129950,
      discount: 0,
      gst_rate: 1800,
      colour: 'red',
      stock: 3,
      variant_price: null,
      active: true,
      featured: false,
      tags: ['a', 'b'],
    });
  });

  it('names the cell that is wrong', () => {
    const result = productCsvRowSchema.safeParse(row({ price: '12,99', stock: '-1' }));
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Price must be in rupees, like 1299 or 1299.50');
    expect(messages).toContain('Stock must be a whole number from 0 to 1000000');
  });
});
