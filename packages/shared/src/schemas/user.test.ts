import { describe, expect, it } from 'vitest';
import {
  NAME_MAX,
  nameSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  profileUpdateFieldsSchema,
  registerBodySchema,
  toAccountName,
} from './user';

const registration = { email: 'al@example.com', password: 'sunrise42', phoneNumber: '9876543210' };

describe('the name rule', () => {
  it('accepts short, long, spaced and non-Latin names, trimmed', () => {
    for (const [raw, saved] of [
      ['Al', 'Al'],
      ['A', 'A'],
      ['  Asha Rao  ', 'Asha Rao'],
      ["O'Brien-Smith", "O'Brien-Smith"],
      ['José Ñúñez', 'José Ñúñez'],
      ['अमित', 'अमित'],
      // The zero-width joiner shapes Indic scripts: a format character, not a control one.
      ['क्\u200dष', 'क्\u200dष'],
      ['李小龙', '李小龙'],
      ['x'.repeat(NAME_MAX), 'x'.repeat(NAME_MAX)],
    ]) {
      expect(nameSchema.parse(raw)).toBe(saved);
    }
  });

  it('refuses blank, too long and control characters with a message for the shopper', () => {
    const problem = (raw: string) => nameSchema.safeParse(raw).error?.issues[0]?.message;
    expect(problem('')).toBe('Name is required');
    expect(problem('   ')).toBe('Name is required');
    expect(problem('x'.repeat(NAME_MAX + 1))).toBe(`Name must be at most ${NAME_MAX} characters long`);
    for (const raw of ['Al\u0000', 'A\nl', 'A\tl', 'Al\u001b[31m', 'A\u0085l']) {
      expect(problem(raw)).toBe('Name must not contain control characters');
    }
  });

  it('is the same rule at registration and on profile update, so a registered name can always be saved', () => {
    for (const name of [
      'Al',
      'A',
      ' Al ',
      'x'.repeat(NAME_MAX),
      'अमित',
      '',
      'A\nl',
      'x'.repeat(NAME_MAX + 1),
    ]) {
      const registered = registerBodySchema.safeParse({ ...registration, name });
      const updated = profileUpdateFieldsSchema.safeParse({ name });
      expect(updated.success, JSON.stringify(name)).toBe(registered.success);
      if (registered.success) expect(updated.data?.name).toBe(registered.data.name);
    }
  });

  it('fits any identity provider name to the rule', () => {
    expect(toAccountName('  Gita Google ')).toBe('Gita Google');
    expect(toAccountName('Gita\nGoogle\u0000')).toBe('Gita Google');
    expect(toAccountName('\t\n')).toBeNull();
    expect(toAccountName(null)).toBeNull();
    // 49 letters then an emoji of two UTF-16 units: the emoji does not fit and is not split in half.
    expect(toAccountName(`${'x'.repeat(NAME_MAX - 1)}😀`)).toBe('x'.repeat(NAME_MAX - 1));
    for (const raw of [
      'a'.repeat(80),
      `${' '.repeat(60)}b`,
      'x\u0001'.repeat(40),
      '😀'.repeat(30),
      'ok\r\n',
    ]) {
      const name = toAccountName(raw);
      expect(name).not.toBeNull();
      expect(nameSchema.safeParse(name).success, JSON.stringify(raw)).toBe(true);
    }
  });
});

describe('the password rule (length only; the server also refuses common passwords)', () => {
  const problem = (password: string) =>
    registerBodySchema.safeParse({ ...registration, name: 'Al', password }).error?.issues[0]?.message;

  it('takes passphrases and any script, with no letter-and-digit rule', () => {
    for (const password of [
      'correct horse battery staple',
      'पासवर्ड सुरक्षित',
      'пароль надёжный',
      'onlyletters',
    ]) {
      expect(problem(password), password).toBeUndefined();
    }
  });

  it('counts characters as a person does: 8 to 128', () => {
    expect(problem('कखगघङचछज')).toBeUndefined();
    expect(problem('कखगघङचछ')).toBe(`Password must be at least ${PASSWORD_MIN} characters long`);
    expect(problem('😀'.repeat(PASSWORD_MAX))).toBeUndefined();
    expect(problem('😀'.repeat(PASSWORD_MAX + 1))).toBe(
      `Password must be at most ${PASSWORD_MAX} characters long`,
    );
  });
});
