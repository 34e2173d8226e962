import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';

/** How many distinct statements one process prepares by name on each PostgreSQL connection. */
const NAMED_STATEMENTS = 200;

/**
 * Runs the storefront's read statements on the driver itself, skipping the
 * query builder on the hot path (building and mapping cost more than the
 * statements). On PostgreSQL each distinct text (one per filter shape, its
 * values passed as parameters) becomes a named prepared statement, so it is
 * parsed and planned once per connection, not per request; past a bound the
 * rest run unnamed, which keeps each connection's plan memory small however
 * many shapes crawlers invent. PGlite runs them as they come.
 */
export class SqlRunner {
  private readonly names = new Map<string, string>();

  constructor(private readonly database: Database) {}

  async rows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    if (this.database.kind === 'pglite') {
      return (await this.database.client.query<T>(text, [...values])).rows;
    }
    const name = this.nameOf(text);
    const result = await this.database.pool.query<T & object>({
      text,
      values: [...values],
      ...(name ? { name } : {}),
    });
    return result.rows;
  }

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= NAMED_STATEMENTS) return known;
    const name = `catalogue_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    this.names.set(text, name);
    return name;
  }
}

/** Collects a statement's values and hands out their placeholders, in order. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
