// Clue creation: settings codes, the one insert that numbers a clue, entering the high-sea pool,
// and /clue/cluesave.
import { eq, sql } from 'drizzle-orm';
import { FUTURE_BIRTH_DATE_MESSAGE, isAfterToday } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { clueChannels, clueCustomerIntentions } from '../../db/schema.js';
import { clueDistributionRules, clueEvents, clueTags, clues } from './tables.js';
import { assertClueTags } from './tags.js';
import { activeHolder, campusConsultants, phoneTaken } from './people.js';
import { isManager } from './access.js';
import { isUniqueViolation } from '../../db/pgErrors.js';
import { loadClue, move } from './record.js';
import { loadRow } from './rows.js';
import { type ClueInsert, type ClueRecord } from './common.js';
import type { ClueState } from './states.js';
import { type Body, ctxAudit, campusExists, assertConsultantOf } from './commandKit.js';

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
