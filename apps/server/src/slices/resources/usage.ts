// What resources use of other slices' master data, registered with those slices' usage registries
// (imported once for its effect from the slice's index.ts).
import { eq, sql } from 'drizzle-orm';
import { dictItemUsage } from '../dictionaries/index.js';
import { resources } from './tables.js';

// The gender dictionary's codes are what resources keep in their gender column.
dictItemUsage.register('resources', async (tx, { dictType, code }) => {
  if (dictType !== 'gender' || !/^\d+$/.test(code)) return null;
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(resources)
    .where(eq(resources.gender, Number(code)));
  const n = Number(r?.n ?? 0);
  return n
    ? `有${n}条资源使用该字典项，不能删除 / ${n} resource(s) use this dictionary item; it cannot be deleted`
    : null;
});
