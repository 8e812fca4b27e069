// Course authority on the master-data engine: one record per teacher, its course ranks in a link table.
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AuthorityInput, type AuthorityRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { codeNames, defineRecordType, eqFilter, type MdCtx } from '../../shared/masterdata/index.js';
import { courseRanks, employees } from '../../db/schema.js';
import { courseRankUsageCheckers } from '../courses/index.js';
import { courseAuthorities as a, courseAuthorityRanks as r } from './tables.js';

type TRow = z.output<typeof AuthorityRow>;
type TInput = z.output<typeof AuthorityInput>;

export const authorities = defineRecordType<TRow, TInput>({
  name: 'courseAuthority',
  label: '授课权限 / course authority',
  table: a,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: a.id,
    employeeCode: a.employeeCode,
    remark: a.remark,
    validstatus: a.validStatus,
    version: a.version,
  },
  input: AuthorityInput,
  filters: { employeeCode: eqFilter(a.employeeCode), validstatus: eqFilter(a.validStatus) },
  where: (q) =>
    typeof q.courseRankCode === 'string' && q.courseRankCode
      ? exists(
          sql`(select 1 from ${r} where ${r.authorityId} = ${a.id} and ${r.courseRankCode} = ${q.courseRankCode})`,
        )
      : undefined,
  sort: [asc(a.employeeCode)],
  unique: [{ field: 'employeeCode', label: '教师 / teacher' }],
  parents: [
    {
      field: 'employeeCode',
      table: employees,
      key: employees.code,
      status: employees.status,
      label: '员工 / employee',
    },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: a.updatedAt,
  deletable: true,
  unused:
    'no record names an authority: its course ranks (course_authority_ranks) are its own and go with it',
  prepare: async (tx, { input, existing }) => {
    if (existing && input.employeeCode !== existing.employeeCode)
      throw badInput(
        'employeeCode',
        '授权记录的老师不能更改 / the teacher of an authority record cannot change',
      );
    // Every course rank must exist; a newly added one must be enabled.
    const found = await tx
      .select({ code: courseRanks.code, valid: courseRanks.validStatus })
      .from(courseRanks)
      .where(inArray(courseRanks.code, input.courseRankCodes));
    const byCode = new Map(found.map((f) => [f.code, f.valid]));
    const held = existing
      ? await tx.select({ code: r.courseRankCode }).from(r).where(eq(r.authorityId, existing.id))
      : [];
    const before = new Set(held.map((h) => h.code));
    for (const code of input.courseRankCodes) {
      const v = byCode.get(code);
      if (v === undefined)
        throw badInput('courseRankCodes', `课程级别「${code}」不存在 / course rank "${code}" does not exist`);
      if (v !== 1 && !before.has(code))
        throw badInput('courseRankCodes', `课程级别「${code}」已停用 / course rank "${code}" is disabled`);
    }
  },
  afterWrite: async (tx, { input, saved }) => {
    await tx.delete(r).where(eq(r.authorityId, saved.id));
    await tx
      .insert(r)
      .values(input.courseRankCodes.map((courseRankCode) => ({ authorityId: saved.id, courseRankCode })));
  },
  decorate: async (tx, rows) => {
    const ids = rows.map((x) => x.id);
    const links = ids.length
      ? await tx.select().from(r).where(inArray(r.authorityId, ids)).orderBy(asc(r.courseRankCode))
      : [];
    const names = await codeNames(
      tx,
      employees,
      rows.map((x) => x.employeeCode),
    );
    const rankName = await codeNames(
      tx,
      courseRanks,
      links.map((l) => l.courseRankCode),
    );
    return rows.map((x) => {
      const codes = links.filter((l) => l.authorityId === x.id).map((l) => l.courseRankCode);
      return {
        ...x,
        employeeName: names.get(x.employeeCode) ?? null,
        courseRankCodes: codes,
        courseRanks: codes.map((c) => ({ courseRankCode: c, courseRankName: rankName.get(c) ?? null })),
      };
    });
  },
});

/** The course ranks a teacher may teach (enabled record). */
export async function teacherCourseLevels(ctx: MdCtx, employeeCode: string | undefined) {
  const code = employeeCode || ctx.user.employeeCode;
  if (!code) return [];
  const rows = await ctx.deps.db
    .select({ courseRankCode: r.courseRankCode })
    .from(r)
    .innerJoin(a, eq(a.id, r.authorityId))
    .where(and(eq(a.employeeCode, code), eq(a.validStatus, 1)))
    .orderBy(asc(r.courseRankCode));
  const names = await codeNames(
    ctx.deps.db,
    courseRanks,
    rows.map((x) => x.courseRankCode),
  );
  return rows.map((x) => ({
    courseRankCode: x.courseRankCode,
    courseRankName: names.get(x.courseRankCode) ?? null,
  }));
}

/** The teachers with an enabled authority for a course rank. */
export async function teachersOfRank(ctx: MdCtx, courseRankCode: string) {
  const rows = await ctx.deps.db
    .select({ employeeCode: a.employeeCode })
    .from(a)
    .innerJoin(r, eq(a.id, r.authorityId))
    .where(and(eq(r.courseRankCode, courseRankCode), eq(a.validStatus, 1)))
    .orderBy(asc(a.employeeCode));
  const names = await codeNames(
    ctx.deps.db,
    employees,
    rows.map((x) => x.employeeCode),
  );
  return rows.map((x) => ({ employeeCode: x.employeeCode, employeeName: names.get(x.employeeCode) ?? null }));
}

/** How many enabled authority records name a course rank (for the courses slice's usage check). */
export async function courseRankUsage(tx: DbOrTx, courseRankCode: string): Promise<number> {
  const [c] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .innerJoin(a, eq(a.id, r.authorityId))
    .where(and(eq(r.courseRankCode, courseRankCode), eq(a.validStatus, 1)));
  return Number(c?.n ?? 0);
}

// A course rank named by an enabled authority cannot be disabled or deleted.
courseRankUsageCheckers.register('courseAuthority', async (tx, code) => {
  const n = await courseRankUsage(tx, code);
  return n
    ? `有${n}位教师的授课权限包含该课程级别 / ${n} teacher authorit${n === 1 ? 'y names' : 'ies name'} this course rank`
    : null;
});
