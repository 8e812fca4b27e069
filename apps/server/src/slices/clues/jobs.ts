// Background work of the clues slice: clues without follow-up for CLUE_RECYCLE_DAYS return to the high sea.
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { writeAudit } from '../../shared/audit.js';
import { onlyOneServer } from '../../db/singleRun.js';
import { clues } from './tables.js';
import { loadClue, move } from './record.js';
import { WORKING, canTransition, type ClueState } from './states.js';

/**
 * Returns every working clue whose last follow-up (or assignment) is older than CLUE_RECYCLE_DAYS to
 * the high sea, one transaction per clue (a clue changed meanwhile is skipped). Answers how many moved.
 * @example await recycleStale(deps) // 3
 */
export async function recycleStale(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - deps.config.CLUE_RECYCLE_DAYS * 86_400_000);
  const stale = await deps.db
    .select({ id: clues.id })
    .from(clues)
    .where(
      and(
        inArray(clues.flowState, [...WORKING]),
        lt(sql`coalesce(${clues.lastFollowAt}, ${clues.assignedAt}, ${clues.createdAt})`, cutoff),
      ),
    );
  let moved = 0;
  for (const { id } of stale) {
    try {
      await deps.db.transaction(async (tx) => {
        const c = await loadClue(tx, id, true);
        const last = c.lastFollowAt ?? c.assignedAt ?? c.createdAt;
        if (!canTransition('recycle', c.flowState as ClueState) || last >= cutoff) return;
        await move(tx, c, {
          action: 'recycle',
          actor: null,
          now,
          patch: { ownerUserId: null, assignedAt: null, nextVisitAt: null },
          detail: {
            days: deps.config.CLUE_RECYCLE_DAYS,
            lastFollowAt: last.toISOString(),
            ownerUserId: c.ownerUserId,
          },
        });
        await writeAudit(tx, {
          action: 'clue.recycle',
          target: `clues:${c.cluecode}`,
          detail: { ownerUserId: c.ownerUserId, lastFollowAt: last.toISOString() },
          at: now,
        });
        moved++;
      });
    } catch {
      // Changed by someone in the meantime: the next run looks again.
    }
  }
  return moved;
}

/** Starts the recycle timer (CLUE_RECYCLE_INTERVAL_MINUTES; 0 = off). Answers a stop function. */
export function startClueJobs(deps: AppDeps, log: (msg: string) => void = () => {}): () => void {
  const minutes = deps.config.CLUE_RECYCLE_INTERVAL_MINUTES;
  if (!minutes) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Several servers on one database: only one of them recycles at a time.
      const n = await onlyOneServer(deps.db, deps.dbKind, 'clues.recycle', () => recycleStale(deps));
      if (n) log(`clues: ${n} recycled to the high sea`);
    } catch (e) {
      log(`clues: recycle failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
