// What clues use of other slices' master data, registered with those slices' usage registries
// (imported once for its effect from the slice's index.ts).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dictItemUsage, tagUsage } from '../dictionaries/index.js';
import { clues, clueTags } from './tables.js';

async function count(tx: DbOrTx, table: typeof clues | typeof clueTags, where: SQL | undefined) {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(r?.n ?? 0);
}

// Clues carry tags of type 1 (clue tags) by reference.
tagUsage.register('clues', async (tx, { id, tagType }) => {
  if (tagType !== 1) return null;
  const n = await count(tx, clueTags, eq(clueTags.tagId, id));
  return n ? `有${n}条线索带有该标签，不能删除 / ${n} clue(s) carry this tag; it cannot be deleted` : null;
});

// The gender dictionary's codes are what clues keep in their gender column.
dictItemUsage.register('clues', async (tx, { dictType, code }) => {
  if (dictType !== 'gender' || !/^\d+$/.test(code)) return null;
  const n = await count(tx, clues, eq(clues.gender, Number(code)));
  return n
    ? `有${n}条线索使用该字典项，不能删除 / ${n} clue(s) use this dictionary item; it cannot be deleted`
    : null;
});
