// A consultant's work on a clue: follow-up, transfers, abandon and invalid requests (the approval
// engine's clue kinds), visits.
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput, ruleViolation } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { clueFollows } from './tables.js';
import { authorize, isManager } from './access.js';
import { checkVersion, loadClue, move } from './record.js';
import { loadRow } from './rows.js';
import { type ClueRecord } from './common.js';
import { flowRows } from './queries.js';
import { fileClueRequest } from './approvals.js';
import { type Body, ctxAudit, campusExists, assertConsultantOf } from './commandKit.js';

export async function follow(deps: AppDeps, u: AuthUser, b: Body<'followSave'>) {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    checkVersion(c, b.version);
    authorize(u, c, 'follow');
    const next = b.nextVisitAt ? new Date(b.nextVisitAt) : null;
    if (next && Number.isNaN(next.getTime()))
      throw badInput(
        'body.nextVisitAt',
        '下次回访时间不是有效的日期或时间 / the next visit time is not a valid date or time',
      );
    const [row] = await tx
      .insert(clueFollows)
      .values({
        clueId: c.id,
        content: b.content,
        intentionLevel: b.intentionLevel ?? null,
        nextVisitAt: next,
        userId: u.id,
        createdAt: now,
      })
      .returning({ id: clueFollows.id });
    await move(tx, c, {
      action: 'follow',
      actor: u,
      now,
      patch: {
        lastFollowAt: now,
        nextVisitAt: next,
        ...(b.intentionLevel ? { intentionLevel: b.intentionLevel } : {}),
      },
    });
    return must(row, 'follow').id;
  });
  return must(
    (await flowRows(deps.db, [b.clueId])).find((f) => f.id === id),
    'follow',
  );
}

export async function transferSameCampus(deps: AppDeps, u: AuthUser, b: Body<'transferSave'>, ip: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    checkVersion(c, b.version);
    if (b.toUserId === c.ownerUserId)
      throw badInput(
        'body.toUserId',
        'body.toUserId: 线索已属于该顾问 / the clue already belongs to this consultant',
      );
    await assertConsultantOf(tx, b.toUserId, c.schoolItemCode, 'body.toUserId');
    const direct =
      isManager(u) && (u.allScope || (!!c.schoolItemCode && u.schoolItems.includes(c.schoolItemCode)));
    if (direct) {
      authorize(u, c, 'transferDirect');
      await move(tx, c, {
        action: 'transferDirect',
        actor: u,
        now,
        patch: { ownerUserId: b.toUserId, assignedAt: now },
        detail: { from: c.ownerUserId, to: b.toUserId, reason: b.reason },
      });
      await writeAudit(tx, {
        action: 'clue.transfer',
        target: `clues:${c.cluecode}`,
        detail: { to: b.toUserId },
        ...ctxAudit(u, ip),
        at: now,
      });
      return { id: null, direct: true };
    }
    authorize(u, c, 'transferRequest');
    const id = await fileClueRequest(tx, c, u, now, 'transfer', 'transferRequest', {
      toUserId: b.toUserId,
      reason: b.reason,
    });
    return { id, direct: false };
  });
}

export async function transferOtherCampus(deps: AppDeps, u: AuthUser, b: Body<'transferSaveCampus'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'transferRequest');
    if (b.toSchoolItemCode === c.schoolItemCode)
      throw badInput(
        'body.toSchoolItemCode',
        'body.toSchoolItemCode: 同校区转移请用 /flow/transfersave / use /flow/transfersave within a campus',
      );
    if (!(await campusExists(tx, b.toSchoolItemCode)))
      throw badInput('body.toSchoolItemCode', 'body.toSchoolItemCode: 校区不存在 / no such campus');
    if (b.toUserId != null) await assertConsultantOf(tx, b.toUserId, b.toSchoolItemCode, 'body.toUserId');
    const id = await fileClueRequest(tx, c, u, now, 'transfer', 'transferRequest', {
      toUserId: b.toUserId ?? null,
      toSchoolItemCode: b.toSchoolItemCode,
      reason: b.reason,
    });
    return { id, direct: false };
  });
}

export async function submitToDirector(deps: AppDeps, u: AuthUser, b: Body<'submitClueToDirector'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'submitToDirector');
    const id = await fileClueRequest(tx, c, u, now, 'transfer', 'submitToDirector', {
      toPool: true,
      reason: b.reason,
    });
    return { id, direct: false };
  });
}

export async function abandonRequest(
  deps: AppDeps,
  u: AuthUser,
  clueIds: number[],
  reasonCode: string | null | undefined,
  reason: string,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const clueId of clueIds) {
      const c = await loadClue(tx, clueId, true);
      authorize(u, c, 'abandonRequest');
      ids.push(await fileClueRequest(tx, c, u, now, 'abandon', 'abandonRequest', { reasonCode, reason }));
    }
    return ids;
  });
}

/** The reasons a clue cannot be marked invalid now (null when it can). */
export async function invalidChecks(db: DbOrTx, c: ClueRecord, now: Date) {
  const exceededDays = now.getTime() - c.createdAt.getTime() > 2 * 86_400_000;
  const exceededRejects = c.invalidRejectCount > 2;
  return { exceededDays, exceededRejects };
}

export async function invalidSubmit(deps: AppDeps, u: AuthUser, b: Body<'invalidSubmit'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'invalidRequest');
    const chk = await invalidChecks(tx, c, now);
    if (chk.exceededDays)
      throw ruleViolation(
        '线索创建已超过两天，不能标记无效 / the clue was created more than two days ago and can no longer be marked invalid',
        'clueId',
      );
    if (chk.exceededRejects)
      throw ruleViolation(
        '该线索的无效申请已被驳回超过两次，不能再次提交 / invalid requests for this clue were rejected more than twice',
        'clueId',
      );
    const id = await fileClueRequest(tx, c, u, now, 'invalid', 'invalidRequest', {
      reasonCode: b.reasonCode ?? null,
      reason: b.reason,
    });
    return { id, direct: false };
  });
}

export async function scheduleVisit(deps: AppDeps, u: AuthUser, b: Body<'intoSchoolSave'>) {
  const now = deps.now();
  const at = new Date(b.visitAt);
  if (Number.isNaN(at.getTime()))
    throw badInput(
      'body.visitAt',
      '到访时间不是有效的日期或时间 / the visit time is not a valid date or time',
    );
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'scheduleVisit');
    await move(tx, c, {
      action: 'scheduleVisit',
      actor: u,
      now,
      patch: { visitAt: at, nextVisitAt: at },
      detail: { visitAt: b.visitAt, note: b.note },
    });
  });
  return loadRow(deps.db, b.clueId, now);
}

export async function confirmVisit(deps: AppDeps, u: AuthUser, b: Body<'clueConfirmSave'>) {
  const now = deps.now();
  const at = b.visitedAt ? new Date(b.visitedAt) : now;
  if (Number.isNaN(at.getTime()))
    throw badInput(
      'body.visitedAt',
      '到访时间不是有效的日期或时间 / the visit time is not a valid date or time',
    );
  if (at.getTime() > now.getTime() + 60_000)
    throw badInput(
      'body.visitedAt',
      'body.visitedAt: 到访时间不能晚于现在 / the visit cannot be in the future',
    );
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'confirmVisit');
    await move(tx, c, {
      action: 'confirmVisit',
      actor: u,
      now,
      patch: { visitedAt: at, lastFollowAt: now, nextVisitAt: null },
      detail: { note: b.note },
    });
  });
  return loadRow(deps.db, b.clueId, now);
}
