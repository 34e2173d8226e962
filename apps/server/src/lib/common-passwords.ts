/**
 * Passwords people pick most, from the lists of leaked passwords zxcvbn ships offline
 * (`@zxcvbn-ts/language-common`, about 49,000 entries): loaded on the server only, on first use —
 * not at start, where it cost every process ~14 MB resident for the few that ever register anyone.
 */
let list: Promise<Set<string>> | undefined;

const normal = (value: string) => value.normalize('NFKC').toLowerCase();

function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map(normal)),
  );
  return list;
}

/**
 * True for a password found in the list (in any letter case), or one that is only a word the
 * person or the shop is known by (the email, its name part, "bazaar") with digits or symbols added.
 */
export async function isCommonPassword(password: string, context: readonly string[] = []): Promise<boolean> {
  const candidate = normal(password);
  if ((await commonPasswords()).has(candidate)) return true;
  const stem = candidate.replace(/[\d\p{P}\p{S}\s]+$/u, '').replace(/^[\d\p{P}\p{S}\s]+/u, '');
  const words = ['bazaar', ...context.map(normal)].filter((w) => w.length >= 3);
  return words.some((word) => candidate === word || stem === word);
}
