import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client';

/**
 * The generic statements each PostgreSQL connection has prepared, whichever runner prepared them
 * (a connection's prepared statements are its own, and several runners may share a pool).
 */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** How many distinct statements one process prepares by name (on each PostgreSQL connection). */
const NAMED_STATEMENTS = 200;

/**
 * Runs the storefront's read statements on the driver itself, skipping the
 * query builder on the hot path (building and mapping cost more than the
 * statements). Each distinct text (one per filter shape, its values passed as
 * parameters) is prepared once and then only executed, so it is parsed and
 * planned once, not per request: on PostgreSQL as a named statement per
 * connection, on PGlite with PREPARE / EXECUTE (its unnamed statements cost
 * several times what they run for). Past a bound the rest run unprepared,
 * which keeps plan memory small however many shapes crawlers invent.
 *
 * Plans: on PGlite every statement runs on one plan for any values (planning is
 * its dear part). On PostgreSQL a statement is left to PostgreSQL's choice
 * (custom plans for the values while a generic one looks dearer: a search's
 * pattern), unless asked for `generic`: pages and products, whose plans do not
 * depend on the values and whose planning (the product JSON is a large
 * expression, ~2.5 ms to plan) would cost more than running them. Those are
 * prepared with PREPARE on each connection and run as
 * `set local plan_cache_mode = force_generic_plan; execute …` in one round
 * trip, the setting gone with the implicit transaction of that one message.
 */
export class SqlRunner {
  private readonly names = new Map<string, string>();
  private readonly prepared = new Map<string, Promise<string>>();

  constructor(private readonly database: Database) {}

  async rows<T>(text: string, values: readonly unknown[], plan: 'auto' | 'generic' = 'auto'): Promise<T[]> {
    const name = this.nameOf(text);
    if (this.database.kind === 'pglite') {
      const client = this.database.client;
      if (!name) return (await client.query<T>(text, [...values])).rows;
      const args = values.length ? `(${values.map(literal).join(', ')})` : '';
      const execute = `execute ${await this.prepare(client, name, text)}${args}`;
      // Planning is the costly part on PGlite, and left to itself PostgreSQL plans anew for values
      // that make its one plan look dear (a shallow page): one plan for every value, for this statement only.
      const results = await client.exec(`set local plan_cache_mode = force_generic_plan; ${execute}`);
      return (results.at(-1)?.rows ?? []) as T[];
    }
    if (plan === 'generic' && name) return this.generic<T>(this.database.pool, `${name}_g`, text, values);
    const result = await this.database.pool.query<T & object>({
      text,
      values: [...values],
      ...(name ? { name } : {}),
    });
    return result.rows;
  }

  private async generic<T>(
    pool: pg.Pool,
    name: string,
    text: string,
    values: readonly unknown[],
  ): Promise<T[]> {
    const client = await pool.connect();
    try {
      let prepared = preparedOn.get(client);
      if (!prepared) {
        prepared = new Set();
        preparedOn.set(client, prepared);
      }
      if (!prepared.has(name)) {
        await client.query(`prepare ${name} as ${text}`);
        prepared.add(name);
      }
      const args = values.length ? `(${values.map(literal).join(', ')})` : '';
      // Several statements in one message: an array of results, the EXECUTE's last.
      const results = (await client.query(
        `set local plan_cache_mode = force_generic_plan; execute ${name}${args}`,
      )) as unknown as pg.QueryResult[];
      return (results.at(-1)?.rows ?? []) as T[];
    } finally {
      client.release();
    }
  }

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= NAMED_STATEMENTS) return known;
    const name = `catalogue_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    this.names.set(text, name);
    return name;
  }

  private prepare(client: PGlite, name: string, text: string): Promise<string> {
    let done = this.prepared.get(name);
    if (!done) {
      done = client.exec(`prepare ${name} as ${text}`).then(
        () => name,
        (error: { code?: string }) => {
          // Another runner on the same embedded database (a second app in a test) prepared it first.
          if (error.code === '42P05') return name;
          throw error;
        },
      );
      // A failed PREPARE is tried again by the next request rather than remembered.
      done.catch(() => this.prepared.delete(name));
      this.prepared.set(name, done);
    }
    return done;
  }
}

/**
 * A value as an SQL literal of its text form, for EXECUTE (which takes no
 * parameters): the prepared statement's parameter type reads it, as it would a
 * bound value. Quotes are doubled and, with any backslash, the E'' form doubles
 * those too, so the text means itself whatever standard_conforming_strings says
 * (control characters never get this far: the request schemas refuse them).
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `'${value}'`;
  }
  const text = Array.isArray(value)
    ? `{${value.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
    : String(value);
  const quoted = text.replace(/'/g, "''");
  return text.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** Collects a statement's values and hands out their placeholders, in order. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
