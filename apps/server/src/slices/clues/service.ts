// Clue commands: creation, pools, follow-up, approvals, visits, conversion. One transaction each;
// every state change goes through the transition table (states.ts) and the version check (common.ts).
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { FUTURE_BIRTH_DATE_MESSAGE, isAfterToday } from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission, notFound, ruleViolation, tooMany } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { clueChannels, clueCustomerIntentions, schoolItems, users } from '../../db/schema.js';
import { createStudent as newStudent, students } from '../students/index.js';
import { clueContacts, clueDistributionRules, clueEvents, clueFollows, clueTags, clues } from './tables.js';
import { assertClueTags } from './tags.js';
import {
  activeHolder,
  assertCanSee,
  authorize,
  campusConsultants,
  checkVersion,
  dayStart,
  isManager,
  isUniqueViolation,
  loadClue,
  loadRow,
  move,
  phoneTaken,
  touch,
  type ClueInsert,
  usersWithRolesAt,
  type ClueRecord,
} from './common.js';
import { STATE_NAMES, type ClueState } from './states.js';
import { flowRows } from './queries.js';
import { fileClueRequest } from './approvals.js';
import { closeRequest } from '../approvals/index.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;

const ctxAudit = (u: AuthUser, ip: string | null) => ({ userId: u.id, username: u.username, ip });

async function campusExists(db: DbOrTx, code: string): Promise<boolean> {
  const [r] = await db.select({ code: schoolItems.code }).from(schoolItems).where(eq(schoolItems.code, code));
  return !!r;
}

async function assertConsultantOf(db: DbOrTx, userId: number, schoolItemCode: string | null, field: string) {
  const [u] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId));
  if (!u || u.status !== 1) throw badInput(field, `${field}: 该用户不存在或已停用 / no such active user`);
  if (!schoolItemCode) return;
  const list = await campusConsultants(db, schoolItemCode);
  if (!list.some((c) => c.id === userId)) {
    // Managers of the campus may also own clues.
    const managers = await usersWithRolesAt(db, [76, 72, 58], schoolItemCode);
    if (!managers.some((m) => m.id === userId))
      throw badInput(
        field,
        `${field}: 该用户不属于校区 ${schoolItemCode} / the user does not work at campus ${schoolItemCode}`,
      );
  }
}

/**
 * Checks a channel (and customer intention) code against the clue settings. While a settings list is
 * still empty (a new installation), any code is accepted.
 */
export async function assertSettingsCodes(
  db: DbOrTx,
  v: { channel?: string | null | undefined; intention?: string | null | undefined },
  prefix = 'body.',
) {
  const check = async (
    table: typeof clueChannels | typeof clueCustomerIntentions,
    code: string,
    field: string,
    what: string,
  ) => {
    const rows = await db
      .select({ code: table.code, validStatus: table.validStatus })
      .from(table)
      .where(eq(table.code, code));
    if (rows[0]?.validStatus === 1) return;
    const [any] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(table);
    if ((any?.n ?? 0) === 0) return;
    throw badInput(
      prefix + field,
      `${prefix}${field}: ${what}不存在或已停用 / no such valid ${field} code "${code}"`,
    );
  };
  if (v.channel) await check(clueChannels, v.channel, 'channel', '渠道');
  if (v.intention) await check(clueCustomerIntentions, v.intention, 'intention', '客户意向');
}

/** Inserts a clue and gives it its code ('XS' + 8 digits). A taken phone is a 409, also under a race. */
export async function insertClue(tx: DbOrTx, values: Omit<ClueInsert, 'cluecode'>): Promise<ClueRecord> {
  const holder = await activeHolder(tx, values.phone);
  if (holder) throw phoneTaken(holder);
  try {
    const { id, code } = await nextNumbered(tx, clues, { prefix: 'XS', digits: 8 });
    // A savepoint: a unique violation (a concurrent clue with the phone) leaves the transaction usable.
    const row = await tx.transaction(
      async (sp) =>
        (
          await sp
            .insert(clues)
            .values({ ...values, id, cluecode: code })
            .returning()
        )[0],
    );
    return must(row, 'new clue');
  } catch (e) {
    if (isUniqueViolation(e)) {
      const h = await activeHolder(tx, values.phone);
      if (h) throw phoneTaken(h);
      throw conflict('手机号已存在有效线索 / the phone is already held by an active clue', 'phone');
    }
    throw e;
  }
}

/**
 * A clue entering a campus's distribution pool: an automatic rule of the campus assigns it at once
 * (round_robin: the next consultant after the last one; least_loaded: the fewest working clues).
 */
export async function enterPool(tx: DbOrTx, c: ClueRecord, now: Date): Promise<ClueRecord> {
  if (!c.schoolItemCode || c.flowState !== 'pool') return c;
  const [rule] = await tx
    .select()
    .from(clueDistributionRules)
    .where(eq(clueDistributionRules.schoolItemCode, c.schoolItemCode));
  if (!rule || rule.mode === 'manual') return c;
  const list = await campusConsultants(tx, c.schoolItemCode);
  if (!list.length) return c;
  let pick = list[0];
  if (rule.mode === 'round_robin') pick = list.find((u) => u.id > (rule.lastUserId ?? 0)) ?? list[0];
  else pick = [...list].sort((a, b) => a.load - b.load || a.id - b.id)[0];
  const owner = must(pick, 'consultant');
  await tx
    .update(clueDistributionRules)
    .set({ lastUserId: owner.id })
    .where(eq(clueDistributionRules.schoolItemCode, c.schoolItemCode));
  await move(tx, c, {
    action: 'distribute',
    actor: null,
    now,
    patch: { ownerUserId: owner.id, assignedAt: now },
    detail: { rule: rule.mode, ownerUserId: owner.id },
  });
  return loadClue(tx, c.id);
}

export async function createClue(deps: AppDeps, u: AuthUser, b: Body<'clueSave'>, ip: string) {
  const now = deps.now();
  if (isAfterToday(b.birthDate, now)) throw badInput('body.birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  const campus = b.schoolItemCode || null;
  if (campus) {
    assertCampus(u, campus);
    if (!(await campusExists(deps.db, campus)))
      throw badInput('body.schoolItemCode', 'body.schoolItemCode: 校区不存在 / no such campus');
  } else if (!u.allScope)
    throw badInput('body.schoolItemCode', 'body.schoolItemCode: 请选择校区 / choose a campus');
  await assertSettingsCodes(deps.db, b);
  const id = await deps.db.transaction(async (tx) => {
    let owner: number | null = b.ownerUserId ?? null;
    if (owner === null && !isManager(u)) owner = u.id;
    if (owner !== null && owner !== u.id) {
      if (!isManager(u)) throw noPermission('只能为自己创建线索 / consultants create clues for themselves');
      await assertConsultantOf(tx, owner, campus, 'body.ownerUserId');
    }
    const state: ClueState = owner === null ? 'pool' : 'following';
    const c = await insertClue(tx, {
      childName: b.childName,
      gender: b.gender,
      birthDate: b.birthDate ?? null,
      parentName: b.parentName,
      phone: b.phone,
      relation: b.relation,
      schoolItemCode: campus,
      channelCode: b.channel ?? null,
      recommender: b.recommender ?? null,
      intention: b.intention ?? null,
      note: b.note,
      insurance: b.insurance,
      flowState: state,
      ownerUserId: owner,
      assignedAt: owner === null ? null : now,
      source: 'manual',
      createdBy: u.id,
      createdAt: now,
      updatedAt: now,
    });
    const tagIds = [...new Set(b.tagIds)];
    if (tagIds.length) {
      await assertClueTags(tx, tagIds);
      await tx
        .insert(clueTags)
        .values(tagIds.map((tagId) => ({ clueId: c.id, tagId })))
        .onConflictDoNothing();
    }
    await tx.insert(clueEvents).values({
      clueId: c.id,
      action: 'create',
      fromState: null,
      toState: state,
      userId: u.id,
      at: now,
      detail: { source: 'manual' } as never,
    });
    await writeAudit(tx, {
      action: 'clue.create',
      target: `clues:${c.cluecode}`,
      ...ctxAudit(u, ip),
      at: now,
    });
    await enterPool(tx, c, now);
    return c.id;
  });
  return loadRow(deps.db, id, now);
}

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
      await tx
        .update(clueDistributionRules)
        .set({ mode: b.mode, updatedBy: u.id, updatedAt: now, version: rule.version + 1 })
        .where(eq(clueDistributionRules.schoolItemCode, b.schoolItemCode));
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
      and(eq(clueEvents.action, 'claim'), eq(clueEvents.userId, userId), gte(clueEvents.at, dayStart(now))),
    );
  return r?.n ?? 0;
}

export async function claim(deps: AppDeps, u: AuthUser, b: Body<'receiveClue'>, ip: string) {
  const now = deps.now();
  const cap = deps.config.CLUE_CLAIM_DAILY_CAP;
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
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

export async function follow(deps: AppDeps, u: AuthUser, b: Body<'followSave'>) {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
    checkVersion(c, b.version);
    authorize(u, c, 'follow');
    const next = b.nextVisitAt ? new Date(b.nextVisitAt) : null;
    if (next && Number.isNaN(next.getTime()))
      throw badInput('body.nextVisitAt', 'body.nextVisitAt: not a date');
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
    const c = await loadClue(tx, b.clueId, true);
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
    const c = await loadClue(tx, b.clueId, true);
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
    const c = await loadClue(tx, b.clueId, true);
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
    const c = await loadClue(tx, b.clueId, true);
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
  if (Number.isNaN(at.getTime())) throw badInput('body.visitAt', 'body.visitAt: not a date');
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
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
  if (Number.isNaN(at.getTime())) throw badInput('body.visitedAt', 'body.visitedAt: not a date');
  if (at.getTime() > now.getTime() + 60_000)
    throw badInput(
      'body.visitedAt',
      'body.visitedAt: 到访时间不能晚于现在 / the visit cannot be in the future',
    );
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
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

export async function createStudent(deps: AppDeps, u: AuthUser, b: Body<'studentCreate'>, ip: string) {
  const now = deps.now();
  if (isAfterToday(b.birthDate, now)) throw badInput('body.birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
    authorize(u, c, 'convert');
    if (!(await campusExists(tx, b.schoolItemCode)))
      throw badInput('body.schoolItemCode', 'body.schoolItemCode: 校区不存在 / no such campus');
    // The students slice creates the row (phone rule, campus, dates); the clue keeps the code.
    const s = await newStudent(
      tx,
      {
        name: b.name,
        gender: b.gender,
        birthDate: b.birthDate ?? null,
        parentName: b.parentName,
        relation: c.relation,
        phone: b.phone,
        schoolItemCode: b.schoolItemCode,
        sourceClueId: c.id,
        insurance: b.insurance ?? c.insurance,
      },
      { userId: u.id, at: now },
    );
    const st = must(s, 'student');
    await move(tx, c, {
      action: 'convert',
      actor: u,
      now,
      patch: { studentCode: st.code, convertedAt: now, nextVisitAt: null },
      detail: { studentCode: st.code },
    });
    await writeAudit(tx, {
      action: 'clue.convert',
      target: `clues:${c.cluecode}`,
      detail: { studentCode: st.code },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { studentId: st.id, studentCode: st.code };
  });
}

export async function bindStudent(deps: AppDeps, u: AuthUser, b: Body<'bindingStudent'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
    authorize(u, c, 'convert');
    const [s] = await tx.select().from(students).where(eq(students.code, b.studentCode));
    if (!s) throw notFound('学员 / student');
    assertCampus(u, s.schoolItemCode);
    await move(tx, c, {
      action: 'convert',
      actor: u,
      now,
      patch: { studentCode: s.code, convertedAt: now, nextVisitAt: null },
      detail: { studentCode: s.code, bound: true },
    });
    await writeAudit(tx, {
      action: 'clue.bindStudent',
      target: `clues:${c.cluecode}`,
      detail: { studentCode: s.code },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}

export async function correctState(deps: AppDeps, u: AuthUser, b: Body<'updateClueFlowState'>, ip: string) {
  if (!u.isAdmin)
    throw noPermission(
      '只有超级管理员可以修改线索状态 / only a super administrator may correct a clue state',
    );
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true);
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
  const keep = await loadClue(db, b.keepClueId, lock);
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

export { STATE_NAMES };
