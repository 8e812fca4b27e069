// Work that must run on one server at a time although several serve the same database (the clue
// recycle job): a PostgreSQL advisory lock held by a transaction for the job's duration. PGlite is
// one process by construction, so there the job simply runs.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Runs `job` unless another server runs the job of that name right now; answers its result, or
 * undefined when it was skipped. The lock ends with the transaction, also if the server dies.
 */
export async function onlyOneServer<T>(
  db: Db,
  dbKind: 'pglite' | 'postgres',
  name: string,
  job: () => Promise<T>,
): Promise<T | undefined> {
  if (dbKind !== 'postgres') return job();
  return db.transaction(async (tx) => {
    const r = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${name})) as got`,
    )) as unknown as {
      rows: Array<{ got: boolean }>;
    };
    if (!r.rows[0]?.got) return undefined;
    return job();
  });
}
