// Demo account statements (issue 34 §5): this month's statements so far of the students of SH02, HZ01
// and NJ01, drawn from the ledger by the slice's own command, so /financial/account opens on rows.
// SH01's and BJ01's are left to draw (the statement tests and journeys draw them).
import { eq } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { generate } from './service.js';

export async function seedStatementsDemo({ db, now, wiring }: SeedContext) {
  const [financeRow] = await db.select().from(users).where(eq(users.username, 'finance'));
  if (!financeRow) return;
  const finance = seedActor(financeRow.id, 'finance', [20]);
  const month = shanghaiDate(now).slice(0, 7);
  for (const schoolItemCode of ['SH02', 'HZ01', 'NJ01'])
    await generate(seedDeps(wiring, db, now), finance, { schoolItemCode, month });
}
