// What other slices ask of the campus list: that a campus a record is filed under exists.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { schoolItems } from './tables.js';

/**
 * Refuses (400, naming the field) a campus code that names no campus. `assertCampus` lets an
 * all-campus user through with any code, so a record filed under a campus checks this too.
 */
export async function assertCampusExists(tx: DbOrTx, code: string, field = 'schoolItemCode'): Promise<void> {
  const [c] = await tx.select({ code: schoolItems.code }).from(schoolItems).where(eq(schoolItems.code, code));
  if (!c) throw badInput(field, `${field}: 校区不存在 / no such campus "${code}"`);
}
