// Demo sealing (issue 34 §5): the closed salary months older than the month before last sealed by HR
// on the 12th of the next month through the slice's own command, one of them reopened by finance to
// record a late payment and sealed again, so /staffsalary/dataSealing opens on a year's history. It runs
// last among the demo seeds: a sealed month refuses the lessons, payments and ledger movements other
// seeds date in it (docs/demo.md).
import { inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { seal, unseal } from './service.js';

/** Sealed: from eleven months back to three months back. */
const OLDEST = 11;
const NEWEST = 3;

export async function seedSealingDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['hr', 'fmanager']));
  const hrRow = people.find((p) => p.username === 'hr');
  const fmRow = people.find((p) => p.username === 'fmanager');
  if (!hrRow || !fmRow) return;
  const hr = seedActor(hrRow.id, 'hr', [ROLE.hr]);
  const fmanager = seedActor(fmRow.id, 'fmanager', [ROLE.finance]);
  for (let back = OLDEST; back >= NEWEST; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const p = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    const on = (day: number) => seedDeps(wiring, db, new Date(Date.UTC(p.year, p.month, day, 2)));
    await seal(on(12), hr, p);
    if (back !== OLDEST - 2) continue;
    await unseal(on(20), fmanager, { ...p, reason: '补录家长银行转账到账记录' });
    await seal(on(21), hr, p);
  }
}
