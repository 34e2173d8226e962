import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from './catalogue';
import { hasControlCharacters, text } from './common';
import { loginBodySchema, registerBodySchema } from './user';

describe('text(): no control characters in any text field', () => {
  it('refuses NUL, escape, DEL and C1 controls; keeps every script, format characters and spaces', () => {
    for (const raw of ['a\u0000', '\u001b[31m', 'x\u007f', 'y\u0085', 'tab\there', 'line\nbreak']) {
      expect(hasControlCharacters(raw), JSON.stringify(raw)).toBe(true);
      expect(text().safeParse(raw).success).toBe(false);
    }
    for (const raw of ['अमित', 'क्\u200dष', 'Ñúñez', '李小龙', 'a b', 'café\u00a0noir', '😀']) {
      expect(text().safeParse(raw).success, raw).toBe(true);
    }
  });

  it('lets a multi-line text keep its line breaks and tabs, nothing else', () => {
    const multiline = text({ multiline: true });
    expect(multiline.safeParse('Dear shop,\r\n\tthank you\n').success).toBe(true);
    expect(multiline.safeParse('bad\u0000').success).toBe(false);
    expect(multiline.safeParse('bad\u001b').success).toBe(false);
  });

  it('guards the listing filters and the registration form', () => {
    for (const query of [
      { search: 'shirt\u0000' },
      { category: '\u0000' },
      { brand: ['Acme', 'B\u0000'] },
      { size: 'M\u0000' },
    ]) {
      const parsed = productListQuerySchema.safeParse(query);
      expect(parsed.success, JSON.stringify(query)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Must not contain control characters');
    }
    const registration = { name: 'Al', email: 'al@example.com', phoneNumber: '1' };
    expect(registerBodySchema.safeParse({ ...registration, password: 'long\u0000password' }).success).toBe(
      false,
    );
    // A password typed to log in is only compared, never judged: one set under an older rule still works.
    expect(loginBodySchema.safeParse({ email: 'al@example.com', password: 'old\tpassword' }).success).toBe(
      true,
    );
  });
});
