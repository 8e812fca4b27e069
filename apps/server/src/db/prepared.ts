// Prepared reads: a read whose SQL text never changes (only its parameters, as placeholders) is built
// once per database and prepared on the server under a name, so a request pays neither drizzle's
// building of the statement nor the database's parsing and planning of it. For the hot fixed reads
// (the principal of a session, the role list, the privilege tree): at a few hundred microseconds a
// request, building the statement was a third of the server's work (docs/decisions.md "Prepared reads").
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** What drizzle's `.prepare(name)` gives: executed with the placeholders' values. */
export interface PreparedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Statement names in use: a named statement is per connection and per text, so a name is one read. */
const names = new Set<string>();

/**
 * Declares a prepared read. `build` makes the statement on a database with `.prepare(name)` and
 * `sql.placeholder(...)` for every value that varies; the returned function runs it with the values.
 * Inside a transaction it is built on the transaction (not cached: the transaction is short-lived).
 */
export function preparedRead<R>(
  name: string,
  build: (db: DbOrTx, name: string) => PreparedStatement<R>,
): (db: DbOrTx, values?: Record<string, unknown>) => Promise<R> {
  if (names.has(name)) throw new Error(`prepared read ${name} is declared twice`);
  names.add(name);
  const byDb = new WeakMap<DbOrTx, PreparedStatement<R>>();
  return (db, values) => {
    if (db instanceof PgTransaction) return build(db, name).execute(values);
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db, name);
      byDb.set(db, statement);
    }
    return statement.execute(values);
  };
}
