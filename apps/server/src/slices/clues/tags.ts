// The tags a clue carries are references to tag records of type 1 (dictionaries slice, settings
// screen 标签): names and colours come from there, so a rename shows everywhere at once.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { tags } from '../../db/schema.js';
import { clueTags } from './tables.js';

/**
 * Refuses tag ids that are not clue tags (type 1), and newly added ones that are disabled; a disabled
 * tag the clue already carries may stay (as dictionary items do).
 */
export async function assertClueTags(tx: DbOrTx, ids: number[], carried: number[] = []) {
  if (!ids.length) return;
  const found = new Map(
    (
      await tx
        .select({ id: tags.id, status: tags.status })
        .from(tags)
        .where(and(inArray(tags.id, ids), eq(tags.tagType, 1)))
    ).map((r) => [r.id, r.status]),
  );
  for (const [i, id] of ids.entries()) {
    const status = found.get(id);
    if (status === undefined)
      throw badInput(`tagIds.${i}`, `tagIds.${i}: 线索标签不存在 / no such clue tag (${id})`);
    if (status !== 1 && !carried.includes(id))
      throw badInput(`tagIds.${i}`, `tagIds.${i}: 该标签已停用 / the tag is disabled`);
  }
}

/** The tags a clue carries, with their current names (sorted as the settings sort them). */
export async function tagsOf(tx: DbOrTx, clueId: number) {
  return tx
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(clueTags)
    .innerJoin(tags, eq(tags.id, clueTags.tagId))
    .where(eq(clueTags.clueId, clueId))
    .orderBy(asc(tags.sort), asc(tags.id));
}
