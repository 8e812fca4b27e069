// Administrators' corrections: setting a clue's state by hand, and merging duplicate clues.
import { inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput, noPermission, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { clueContacts, clueEvents, clueFollows, clueTags } from './tables.js';
import { activeHolder, phoneTaken } from './people.js';
import { assertCanSee, authorize, isManager } from './access.js';
import { loadClue, move, touch } from './record.js';
import { loadRow } from './rows.js';
import { type ClueInsert, type ClueRecord } from './common.js';
import { closeRequest } from '../approvals/index.js';
import { type Body, ctxAudit } from './commandKit.js';

export async function correctState(deps: AppDeps, u: AuthUser, b: Body<'updateClueFlowState'>, ip: string) {
  if (!u.isAdmin)
    throw noPermission(
      '只有超级管理员可以修改线索状态 / only a super administrator may correct a clue state',
    );
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'correct');
    if (b.flowState === 'merged')
      throw badInput('body.flowState', 'body.flowState: 合并请用 /clue/merge / use /clue/merge');
    const owned = !['pool', 'high_sea'].includes(b.flowState);
    const owner = b.ownerUserId !== undefined ? b.ownerUserId : owned ? c.ownerUserId : null;
    if (owned && b.flowState !== 'invalid' && owner == null)
      throw badInput('body.ownerUserId', 'body.ownerUserId: 该状态需要归属顾问 / this state needs an owner');
    if (c.flowState === 'invalid' && b.flowState !== 'invalid') {
      const h = await activeHolder(tx, c.phone);
      if (h) throw phoneTaken(h);
    }
    // A pending request is closed when its clue is moved out of the pending state by hand.
    if (c.pendingApprovalId && c.flowState !== b.flowState)
      await closeRequest(
        tx,
        c.pendingApprovalId,
        u,
        now,
        `管理员修正状态 / corrected by administrator: ${b.reason}`,
      );
    const pending = ['transfer_pending', 'abandon_pending', 'invalid_pending'].includes(b.flowState);
    await move(tx, c, {
      action: 'correct',
      actor: u,
      now,
      to: b.flowState,
      patch: {
        ownerUserId: owner ?? null,
        ...(pending ? {} : { pendingFrom: null, pendingApprovalId: null }),
      },
      detail: { reason: b.reason, from: c.flowState, to: b.flowState },
    });
    await writeAudit(tx, {
      action: 'clue.correctState',
      target: `clues:${c.cluecode}`,
      detail: { from: c.flowState, to: b.flowState, reason: b.reason, ownerUserId: owner },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

/** Fields a merge fills on the kept clue when they are empty there. */
const MERGE_FIELDS = [
  'birthDate',
  'relation',
  'channelCode',
  'recommender',
  'intention',
  'intentionLevel',
] as const;

async function mergePlan(db: DbOrTx, u: AuthUser, b: Body<'merge'>, lock: boolean) {
  if (b.mergeClueIds.includes(b.keepClueId))
    throw badInput(
      'body.mergeClueIds',
      'body.mergeClueIds: 不能包含保留的线索 / must not contain the kept clue',
    );
  const keep = await loadClue(db, b.keepClueId, lock, 'keepClueId');
  assertCanSee(u, keep);
  if (!isManager(u)) throw noPermission();
  if (['invalid', 'merged'].includes(keep.flowState))
    throw ruleViolation('保留的线索必须有效 / the kept clue must be active', 'keepClueId');
  const others: ClueRecord[] = [];
  for (const id of [...new Set(b.mergeClueIds)]) {
    const c = await loadClue(db, id, lock);
    authorize(u, c, 'merge');
    others.push(c);
  }
  const patch: Partial<ClueInsert> = {};
  const fields: Array<{ field: string; value: string | null; fromClueId: number }> = [];
  for (const f of MERGE_FIELDS) {
    let value = keep[f];
    let from = keep.id;
    if (!value) {
      const o = others.find((x) => !!x[f]);
      if (o) {
        value = o[f];
        from = o.id;
        Object.assign(patch, { [f]: value });
      }
    }
    fields.push({ field: f === 'channelCode' ? 'channel' : f, value: value ?? null, fromClueId: from });
  }
  const [n] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clueFollows)
    .where(
      inArray(
        clueFollows.clueId,
        others.map((o) => o.id),
      ),
    );
  return { keep, others, patch, fields, followsMoved: n?.n ?? 0 };
}

export async function mergePreview(deps: AppDeps, u: AuthUser, b: Body<'merge'>) {
  const now = deps.now();
  const p = await mergePlan(deps.db, u, b, false);
  return {
    keep: await loadRow(deps.db, p.keep.id, now),
    merged: await Promise.all(p.others.map((o) => loadRow(deps.db, o.id, now))),
    fields: p.fields,
    followsMoved: p.followsMoved,
  };
}

export async function merge(deps: AppDeps, u: AuthUser, b: Body<'merge'>, ip: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const p = await mergePlan(tx, u, b, true);
    const ids = p.others.map((o) => o.id);
    await tx.update(clueFollows).set({ clueId: p.keep.id }).where(inArray(clueFollows.clueId, ids));
    await tx.update(clueContacts).set({ clueId: p.keep.id }).where(inArray(clueContacts.clueId, ids));
    const tags = await tx.select().from(clueTags).where(inArray(clueTags.clueId, ids));
    if (tags.length)
      await tx
        .insert(clueTags)
        .values(tags.map((t) => ({ clueId: p.keep.id, tagId: t.tagId })))
        .onConflictDoNothing();
    for (const o of p.others) {
      if (o.phone !== p.keep.phone)
        await tx.insert(clueContacts).values({
          clueId: p.keep.id,
          name: o.parentName,
          relation: o.relation,
          phone: o.phone,
          note: `合并自 / merged from ${o.cluecode}`,
          createdAt: now,
        });
      await move(tx, o, {
        action: 'merge',
        actor: u,
        now,
        patch: { mergedIntoId: p.keep.id },
        detail: { into: p.keep.cluecode },
      });
    }
    const last = p.others.reduce<Date | null>(
      (m, o) => (o.lastFollowAt && (!m || o.lastFollowAt > m) ? o.lastFollowAt : m),
      p.keep.lastFollowAt,
    );
    await touch(tx, p.keep, now, { ...p.patch, lastFollowAt: last });
    await tx.insert(clueEvents).values({
      clueId: p.keep.id,
      action: 'mergeInto',
      fromState: p.keep.flowState,
      toState: p.keep.flowState,
      userId: u.id,
      at: now,
      detail: { merged: p.others.map((o) => o.cluecode) } as never,
    });
    await writeAudit(tx, {
      action: 'clue.merge',
      target: `clues:${p.keep.cluecode}`,
      detail: { merged: ids },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { clueId: p.keep.id, merged: ids.length, followsMoved: p.followsMoved };
  });
}
