import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { passwordRules } from '@bazaar/shared';
import { ConfigError, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { inTransaction } from '../db/transaction';
import { secureDataDir } from '../lib/file-modes';
import { PasswordHasher } from '../lib/password';
import {
  deleteSessionsOfUser,
  findUserByEmail,
  insertUser,
  PasswordPolicy,
  updateUser,
} from '../modules/users/index';

const USAGE = `Usage: npm run create-admin -- --email <email> --password <password> [--name <name>]

Creates an administrator account, or makes the existing account with this
email an administrator and sets its password (its sessions are signed out).
Uses DATABASE_URL, or the embedded database under DATA_DIR (stop the server
first when it uses the embedded database).`;

export class UsageError extends Error {}

export interface CreateAdminInput {
  email: string;
  password: string;
  name: string | undefined;
}

/** Reads and checks the arguments with the same rules as registration. */
export function parseCreateAdminArgs(argv: string[]): CreateAdminInput {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.email || !values.password) throw new UsageError('--email and --password are required');
  const email = passwordRules.email.safeParse(values.email);
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]!.message}`);
  const password = passwordRules.password.safeParse(values.password);
  if (!password.success) throw new UsageError(`--password: ${password.error.issues[0]!.message}`);
  let name: string | undefined;
  if (values.name !== undefined) {
    const parsed = passwordRules.name.safeParse(values.name);
    if (!parsed.success) throw new UsageError(`--name: ${parsed.error.issues[0]!.message}`);
    name = parsed.data;
  }
  return { email: email.data, password: password.data, name };
}

/**
 * Creates the admin or promotes the existing account (its sessions end); returns the one-line result.
 * The password must pass the same rule as a shopper's, common and leaked passwords refused.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: CreateAdminInput,
  passwords = new PasswordHasher(),
): Promise<string> {
  await new PasswordPolicy()
    .assertAcceptable(input.password, 'password', [input.email, input.name ?? ''])
    .catch((error: Error) => {
      throw new UsageError(`--password: ${error.message}`);
    });
  const passwordHash = await passwords.hash(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await inTransaction(db, async (tx) => {
      await deleteSessionsOfUser(tx, existing.id);
      await updateUser(tx, existing.id, {
        isAdmin: true,
        passwordHash,
        ...(input.name ? { name: input.name } : {}),
      });
    });
    return `${existing.isAdmin ? 'Updated admin' : 'Promoted to admin'}: ${existing.email} (password set)`;
  }
  const name = input.name ?? input.email.split('@')[0]!.slice(0, 50);
  const user = await insertUser(db, { name, email: input.email, passwordHash, isAdmin: true });
  return `Created admin: ${user.email}`;
}

async function main(): Promise<number> {
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const input = parseCreateAdminArgs(process.argv.slice(2));
    const config = loadConfig();
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    console.log(await createOrPromoteAdmin(database.db, input));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

// Real paths on both sides: argv[1] may pass through a symlink (macOS's /tmp), import.meta.url never does.
const invokedDirectly =
  process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  main()
    .then((code) => process.exit(code))
    .catch((error) => {
      console.error(
        error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error,
      );
      process.exit(1);
    });
}
