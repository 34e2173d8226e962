import { describe, expect, it } from 'vitest';
import { contactFormSchema, contactMessageBodySchema, newsletterSubscribeBodySchema } from './content';

const FORM = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'return',
  orderNumber: '',
  message: 'Hi',
};
const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.path.join('.'));

describe('the contact form rule (browser and server)', () => {
  it('takes the form with an empty order number as no order number', () => {
    const parsed = contactFormSchema.parse(FORM);
    expect(parsed.orderNumber).toBeUndefined();
  });

  it("needs a subject from the list: 'Select a subject' (empty) is not one", () => {
    expect(problems(contactFormSchema.safeParse({ ...FORM, subject: '' }))).toEqual(['subject']);
    expect(contactFormSchema.safeParse({ ...FORM, subject: '' }).error!.issues[0]!.message).toBe(
      'Please select a subject',
    );
  });

  it('keeps line breaks and tabs in the message but no other control character', () => {
    expect(contactFormSchema.parse({ ...FORM, message: ' line 1\r\nline 2\r\tend ' }).message).toBe(
      'line 1\nline 2\n\tend',
    );
    for (const bad of ['\u0000', '\u0008', '\u001b', '\u007f', '\u009b']) {
      expect(problems(contactFormSchema.safeParse({ ...FORM, message: `a${bad}b` })), bad).toEqual([
        'message',
      ]);
    }
    // Format characters (the zero-width joiner of Indic scripts) are not control characters.
    expect(contactFormSchema.safeParse({ ...FORM, message: 'क्‍ष' }).success).toBe(true);
  });

  it('accepts the profile form, which sends the message alone', () => {
    expect(contactMessageBodySchema.parse({ message: 'Call me' })).toEqual({ message: 'Call me' });
    expect(problems(contactMessageBodySchema.safeParse({}))).toEqual(['message']);
  });
});

describe('the newsletter address rule', () => {
  it("trims the address and answers anything else with the spec's message", () => {
    expect(newsletterSubscribeBodySchema.parse({ email: ' a@example.com ' }).email).toBe('a@example.com');
    for (const email of ['a@b', 'no at sign', '']) {
      expect(newsletterSubscribeBodySchema.safeParse({ email }).error!.issues[0]!.message).toBe(
        'Please enter a valid email address.',
      );
    }
  });
});
