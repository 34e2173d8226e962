import { isCommonPassword } from '../../lib/common-passwords';
import { badRequest } from '../../lib/errors';

export const PASSWORD_TOO_COMMON =
  'This password is too easy to guess: it is on lists of common or leaked passwords. Try a few unrelated words.';

/**
 * The server's half of the password rule (the length is the shared schema's): a new password is
 * refused when it is common or leaked, or only the person's email, name or the shop's name.
 */
export class PasswordPolicy {
  async assertAcceptable(password: string, field: string, context: readonly string[] = []): Promise<void> {
    const words = context.flatMap((value) => [value, value.split('@')[0] ?? '', ...value.split(/\s+/)]);
    if (await isCommonPassword(password, words)) {
      throw badRequest(PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
    }
  }
}
