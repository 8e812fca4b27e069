// Loading a clue and moving it: the state check, the version check and the history event in one place.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { checkVersion as checkRowVersion, lockOne } from '../../shared/stateMachine.js';
import type { ClueInsert, ClueRecord } from './common.js';
import { transition, type ClueAction, type ClueState } from './states.js';
import { clueEvents, clues } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

/**
 * Loads a clue; inside a command's transaction on PostgreSQL the row is locked until commit.
 * `field`: the body/query field that sent the id, named by the 404.
 */
export async function loadClue(db: DbOrTx, id: number, lock = false, field?: string): Promise<ClueRecord> {
  const q = db.select().from(clues).where(eq(clues.id, id));
  if (lock) return lockOne(q, '线索 / clue', field);
  const [c] = await q;
  if (!c) throw notFound('线索 / clue', field);
  return c;
}

export interface MoveOptions {
  action: ClueAction;
  actor: AuthUser | null;
  now: Date;
  /** Columns to change besides state and version. */
  patch?: Partial<ClueInsert>;
  /** Overrides the table's target (admin correction). */
  to?: ClueState;
  detail?: unknown;
}

/**
 * Applies a transition: the state check, a conditional update on the version the command read,
 * and a history event. Two commands that read the same version cannot both win: the loser gets 409.
 */
export async function move(tx: DbOrTx, c: ClueRecord, o: MoveOptions): Promise<ClueState> {
  const to = o.to ?? transition(o.action, c.flowState as ClueState, c.pendingFrom as ClueState | null);
  await updateVersioned(tx, clues, {
    where: eq(clues.id, c.id),
    version: c.version,
    set: { ...o.patch, flowState: to },
    at: o.now,
  });
  await tx.insert(clueEvents).values({
    clueId: c.id,
    action: o.action,
    fromState: c.flowState,
    toState: to,
    userId: o.actor?.id ?? null,
    detail: (o.detail ?? null) as never,
    at: o.now,
  });
  return to;
}

/** Bumps the version of a clue for a change that keeps its state (refuses a stale version). */
export async function touch(tx: DbOrTx, c: ClueRecord, now: Date, patch: Partial<ClueInsert>): Promise<void> {
  await updateVersioned(tx, clues, {
    where: eq(clues.id, c.id),
    version: c.version,
    set: { ...patch },
    at: now,
  });
}

export const checkVersion = (c: ClueRecord, version: number | undefined) =>
  checkRowVersion(c.version, version);
