// Distribution and the high-sea pool: distributing clues, the campus distribution rule, claiming
// (with the daily limit) and refusing a high-sea clue.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission, notFound, ruleViolation, tooMany } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { clueDistributionRules, clueEvents, clueFollows, clues } from './tables.js';
import { assertCanSee, authorize, isManager } from './access.js';
import { campusConsultants } from './people.js';
import { shanghaiDayStart } from '@bo/domain';
import { loadClue, move } from './record.js';
import { loadRow } from './rows.js';
import { type Body, ctxAudit, campusExists, assertConsultantOf } from './commandKit.js';
import { updateVersioned } from '../../shared/versioned.js';

export async function distribute(deps: AppDeps, u: AuthUser, b: Body<'distributeSave'>, ip: string) {
  const now = deps.now();
  // A campus named outside the caller's scope is refused even where the clue's own campus governs.
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    for (const id of b.clueIds) {
      const c = await loadClue(tx, id, true);
      authorize(u, c, 'distribute');
      let campus = c.schoolItemCode;
      if (!campus) {
        if (!b.schoolItemCode)
          throw badInput(
            'body.schoolItemCode',
            'body.schoolItemCode: 品牌中心线索须指定校区 / a brand-centre clue needs a campus',
          );
        assertCampus(u, b.schoolItemCode);
        campus = b.schoolItemCode;
      }
      await assertConsultantOf(tx, b.ownerUserId, campus, 'body.ownerUserId');
      await move(tx, c, {
        action: 'distribute',
        actor: u,
        now,
        patch: { ownerUserId: b.ownerUserId, assignedAt: now, schoolItemCode: campus, lastFollowAt: null },
        detail: { ownerUserId: b.ownerUserId, from: c.ownerUserId },
      });
    }
    await writeAudit(tx, {
      action: 'clue.distribute',
      target: `users:${b.ownerUserId}`,
      detail: { clueIds: b.clueIds },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { count: b.clueIds.length };
  });
}

export async function distributionRule(deps: AppDeps, u: AuthUser, schoolItemCode: string) {
  assertCampus(u, schoolItemCode);
  const [rule] = await deps.db
    .select()
    .from(clueDistributionRules)
    .where(eq(clueDistributionRules.schoolItemCode, schoolItemCode));
  const consultants = await campusConsultants(deps.db, schoolItemCode);
  return {
    schoolItemCode,
    mode: (rule?.mode ?? 'manual') as 'manual' | 'round_robin' | 'least_loaded',
    version: rule?.version ?? null,
    consultants,
  };
}

export async function saveDistributionRule(
  deps: AppDeps,
  u: AuthUser,
  b: Body<'distributionRuleSave'>,
  ip: string,
) {
  assertCampus(u, b.schoolItemCode);
  if (!isManager(u)) throw noPermission();
  if (!(await campusExists(deps.db, b.schoolItemCode)))
    throw badInput('body.schoolItemCode', 'body.schoolItemCode: 校区不存在 / no such campus');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [rule] = await tx
      .select()
      .from(clueDistributionRules)
      .where(eq(clueDistributionRules.schoolItemCode, b.schoolItemCode))
      .for('update');
    if (rule) {
      if (b.version != null && b.version !== rule.version)
        throw conflict(
          '记录已被他人修改，请刷新后重试 / the record was changed by someone else; reload and try again',
          'version',
        );
      await updateVersioned(tx, clueDistributionRules, {
        where: eq(clueDistributionRules.schoolItemCode, b.schoolItemCode),
        version: undefined,
        set: { mode: b.mode, updatedBy: u.id },
        at: now,
      });
    } else {
      await tx
        .insert(clueDistributionRules)
        .values({ schoolItemCode: b.schoolItemCode, mode: b.mode, updatedBy: u.id, updatedAt: now });
    }
    await writeAudit(tx, {
      action: 'clue.distributionRule',
      target: `school_items:${b.schoolItemCode}`,
      detail: { mode: b.mode },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
  return distributionRule(deps, u, b.schoolItemCode);
}

/** Claims of the user today (Asia/Shanghai day). */
async function claimsToday(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clueEvents)
    .where(
      and(
        eq(clueEvents.action, 'claim'),
        eq(clueEvents.userId, userId),
        gte(clueEvents.at, shanghaiDayStart(now)),
      ),
    );
  return r?.n ?? 0;
}

export async function claim(deps: AppDeps, u: AuthUser, b: Body<'receiveClue'>, ip: string) {
  const now = deps.now();
  const cap = deps.config.CLUE_CLAIM_DAILY_CAP;
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    // Lost a race for a clue of one's own campus: say so (409) rather than "another consultant's clue" (403).
    const ownCampus = u.allScope || !c.schoolItemCode || u.schoolItems.includes(c.schoolItemCode);
    if (ownCampus && c.flowState !== 'high_sea' && c.ownerUserId && c.ownerUserId !== u.id) {
      throw conflict('该线索已被他人领取 / the clue was just claimed by someone else', 'clueId');
    }
    assertCanSee(u, c);
    authorize(u, c, 'claim');
    let campus = c.schoolItemCode;
    if (!campus) {
      campus = b.schoolItemCode ?? (u.schoolItems.length === 1 ? (u.schoolItems[0] ?? null) : null);
      if (!campus)
        throw badInput(
          'body.schoolItemCode',
          'body.schoolItemCode: 请选择领取到的校区 / choose the campus to claim into',
        );
    } else if (b.schoolItemCode && b.schoolItemCode !== campus) {
      throw ruleViolation(
        `该线索属于校区 ${campus} / the clue belongs to campus ${campus}`,
        'schoolItemCode',
      );
    }
    assertCampus(u, campus);
    if ((await claimsToday(tx, u.id, now)) >= cap)
      throw tooMany(`今日领取已达上限 ${cap} 条 / you reached today's claim cap of ${cap} clues`);
    await move(tx, c, {
      action: 'claim',
      actor: u,
      now,
      patch: { ownerUserId: u.id, assignedAt: now, schoolItemCode: campus, lastFollowAt: null },
    });
    await writeAudit(tx, {
      action: 'clue.claim',
      target: `clues:${c.cluecode}`,
      detail: { schoolItemCode: campus },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
  return loadRow(deps.db, b.clueId, now);
}

export async function highSeaReject(
  deps: AppDeps,
  u: AuthUser,
  cluecode: string,
  reason: string | undefined,
  ip: string,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: clues.id }).from(clues).where(eq(clues.cluecode, cluecode));
    if (!found) throw notFound('线索 / clue');
    const c = await loadClue(tx, found.id, true);
    authorize(u, c, 'highSeaReject');
    const [f] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(clueFollows)
      .where(eq(clueFollows.clueId, c.id));
    if ((f?.n ?? 0) > 0)
      throw ruleViolation(
        '线索已有跟进记录，请走放弃审批 / the clue has follow records: use the abandon request',
        'cluecode',
      );
    await move(tx, c, {
      action: 'highSeaReject',
      actor: u,
      now,
      patch: { ownerUserId: null, assignedAt: null, nextVisitAt: null },
      detail: { reason: reason ?? '' },
    });
    await writeAudit(tx, {
      action: 'clue.highSeaReject',
      target: `clues:${c.cluecode}`,
      detail: { reason },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}
