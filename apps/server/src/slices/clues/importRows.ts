// The CLI batch import of clues (sdk-cli import clues) on the set-based import engine
// (shared/setImport.ts): every row checked first, nothing written on any error; a phone held by an
// active clue is a duplicate, not created, so a re-run creates nothing twice.
import { BirthDate, MOBILE_MESSAGE, isMobile, type contract } from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextIds, businessCode } from '../../db/numbering.js';
import { type AuthUser } from '../../http/auth.js';
import { campusCheck, runSetImport, slices, type SetImportKind } from '../../shared/setImport.js';
import { clueChannels, clueCustomerIntentions, schoolItems, users } from '../../db/schema.js';
import { clueDistributionRules, clueEvents, clues } from './tables.js';
import { campusConsultants } from './people.js';
import { must } from '../../shared/must.js';
import { ACTIVE } from './states.js';
import type { ClueRecord } from './common.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;
type Row = Body<'importRows'>['rows'][number];

interface Clue {
  r: Row;
  phone: string;
  gender: number;
  birthDate: string | null;
  campus: string | null;
  channel: string | null;
  intention: string | null;
}

/** Active clues holding any of `phones`: phone → their owner text (code, owner or state, campus). */
export async function activeHolders(db: DbOrTx, phones: string[]) {
  const held = new Map<
    string,
    { cluecode: string; owner: string; campus: string | null; studentCode: string | null }
  >();
  for (const part of slices(phones, 5000)) {
    const rows = await db
      .select({
        phone: clues.phone,
        cluecode: clues.cluecode,
        flowState: clues.flowState,
        studentCode: clues.studentCode,
        ownerName: users.name,
        campus: schoolItems.name,
      })
      .from(clues)
      .leftJoin(users, eq(users.id, clues.ownerUserId))
      .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
      .where(and(inArray(clues.phone, part), inArray(clues.flowState, [...ACTIVE])));
    for (const h of rows)
      held.set(h.phone, {
        cluecode: h.cluecode,
        owner: h.ownerName ?? h.flowState,
        campus: h.campus,
        studentCode: h.studentCode,
      });
  }
  return held;
}

/** The valid codes of a settings table; null when the table is empty (then any code is taken as given). */
async function validCodes(db: DbOrTx, table: typeof clueChannels | typeof clueCustomerIntentions) {
  const rows = await db.select({ code: table.code, validStatus: table.validStatus }).from(table);
  return rows.length ? new Set(rows.filter((r) => r.validStatus === 1).map((r) => r.code)) : null;
}

const clueKind: SetImportKind<Row, Clue, { phone: string }> = {
  audit: { action: 'clue.import', target: 'clues' },
  check(r, err, { now }) {
    const phone = String(r.phone ?? '').trim();
    if (!isMobile(phone)) err('phone', MOBILE_MESSAGE);
    if (!String(r.childName ?? '').trim()) err('childName', '必填 / required');
    if (!String(r.parentName ?? '').trim()) err('parentName', '必填 / required');
    const g =
      r.gender === undefined || r.gender === ''
        ? 0
        : r.gender === '男'
          ? 1
          : r.gender === '女'
            ? 2
            : Number(r.gender);
    if (![0, 1, 2].includes(g)) err('gender', '0, 1 (男) or 2 (女)');
    const bd = r.birthDate ? String(r.birthDate).trim() : null;
    if (bd && (!BirthDate.safeParse(bd).success || isAfterToday(bd, now)))
      err('birthDate', 'YYYY-MM-DD, not in the future');
    return {
      r,
      phone,
      gender: g,
      birthDate: bd,
      campus: r.schoolItemCode ? String(r.schoolItemCode).trim() : null,
      channel: r.channel?.trim() || null,
      intention: r.intention?.trim() || null,
    };
  },
  setChecks: [
    campusCheck((v) => v.campus, { required: 'scoped' }),
    async (db, rows, err) => {
      const channels = rows.some((r) => r.v.channel) ? await validCodes(db, clueChannels) : null;
      const intentions = rows.some((r) => r.v.intention)
        ? await validCodes(db, clueCustomerIntentions)
        : null;
      for (const { row, v } of rows) {
        if (v.channel && channels && !channels.has(v.channel))
          err(row, 'channel', '代码不存在或已停用 / no such valid code');
        if (v.intention && intentions && !intentions.has(v.intention))
          err(row, 'intention', '代码不存在或已停用 / no such valid code');
      }
    },
  ],
  key: {
    of: (v) => v.phone,
    column: 'phone',
    repeated: 'duplicate',
    extra: (phone) => ({ phone }),
    async held(db, phones) {
      const held = await activeHolders(db, phones);
      return new Map([...held].map(([p, h]) => [p, `${h.cluecode} ${h.owner} ${h.campus ?? ''}`.trim()]));
    },
  },
  async write(tx, rows, { user, now }) {
    // A concurrent clue with one of the phones fails the unique index: the call is refused whole.
    const ids = await nextIds(tx, clues, rows.length);
    const made: ClueRecord[] = [];
    for (const part of slices(
      rows.map((x, i) => ({ ...x, id: ids[i] ?? 0 })),
      1000,
    )) {
      made.push(
        ...(await tx
          .insert(clues)
          .values(
            part.map(({ v, id }) => ({
              id,
              cluecode: businessCode('XS', id, 8),
              childName: v.r.childName.trim(),
              gender: v.gender,
              birthDate: v.birthDate,
              parentName: v.r.parentName.trim(),
              phone: v.phone,
              relation: v.r.relation?.trim() ?? '',
              schoolItemCode: v.campus,
              channelCode: v.channel,
              intention: v.intention,
              note: v.r.note?.trim() ?? '',
              flowState: 'pool',
              source: 'import',
              createdBy: user.id,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning()),
      );
      await tx.insert(clueEvents).values(
        part.map(({ id }) => ({
          clueId: id,
          action: 'create',
          fromState: null,
          toState: 'pool',
          userId: user.id,
          at: now,
          detail: { source: 'import' } as never,
        })),
      );
    }
    await distribute(tx, made, now);
  },
};

/**
 * The new clues of campuses that distribute automatically, assigned as `enterPool` assigns one clue
 * at a time (round_robin: the next consultant after the last one; least_loaded: the fewest working
 * clues, each assignment counting), computed in memory from one read of each campus's rule and
 * consultants, then written as sets: the clues, their 'distribute' events, the rule's last consultant.
 */
async function distribute(tx: DbOrTx, made: ClueRecord[], now: Date) {
  const campuses = [...new Set(made.map((c) => c.schoolItemCode).filter((c): c is string => !!c))];
  if (!campuses.length) return;
  const rules = await tx
    .select()
    .from(clueDistributionRules)
    .where(
      and(inArray(clueDistributionRules.schoolItemCode, campuses), ne(clueDistributionRules.mode, 'manual')),
    );
  const moves: Array<{ id: number; owner: number; mode: string }> = [];
  for (const rule of rules) {
    const list = await campusConsultants(tx, rule.schoolItemCode);
    if (!list.length) continue;
    let last = rule.lastUserId ?? 0;
    for (const c of made) {
      if (c.schoolItemCode !== rule.schoolItemCode) continue;
      const pick =
        rule.mode === 'round_robin'
          ? (list.find((u) => u.id > last) ?? list[0])
          : [...list].sort((x, y) => x.load - y.load || x.id - y.id)[0];
      const owner = must(pick, 'consultant');
      owner.load += 1;
      last = owner.id;
      moves.push({ id: c.id, owner: owner.id, mode: rule.mode });
    }
    await tx
      .update(clueDistributionRules)
      .set({ lastUserId: last })
      .where(eq(clueDistributionRules.schoolItemCode, rule.schoolItemCode));
  }
  for (const part of slices(moves, 1000)) {
    const values = sql.join(
      part.map((m) => sql`(${m.id}::int, ${m.owner}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${clues} set owner_user_id = v.owner, assigned_at = ${now.toISOString()}::timestamptz, flow_state = 'following', updated_at = ${now.toISOString()}::timestamptz, version = ${clues.version} + 1 from (values ${values}) as v(id, owner) where ${clues.id} = v.id`,
    );
    await tx.insert(clueEvents).values(
      part.map((m) => ({
        clueId: m.id,
        action: 'distribute',
        fromState: 'pool',
        toState: 'following',
        userId: null,
        at: now,
        detail: { rule: m.mode, ownerUserId: m.owner } as never,
      })),
    );
  }
}

export const importRows = (deps: AppDeps, u: AuthUser, b: Body<'importRows'>, ip: string) =>
  runSetImport(deps, u, b, ip, clueKind);
