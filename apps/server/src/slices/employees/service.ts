// Employees and HR master data as master-data record types, plus the staff pickers.
import { and, asc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  EmployeeInput,
  EmployeeTypeInput,
  PostInput,
  SalaryPeriodInput,
  SkillRankInput,
  SkillRankTypeInput,
  SubjectInput,
  type TEmployeeInput,
  type TEmployeePick,
  type TEmployeeRow,
  type TEmployeeTypeInput,
  type TEmployeeTypeRow,
  type TPostInput,
  type TPostRow,
  type TSalaryPeriodInput,
  type TSalaryPeriodRow,
  type TSkillRankInput,
  type TSkillRankRow,
  type TSkillRankTypeInput,
  type TSkillRankTypeRow,
  type TSubjectInput,
  type TSubjectRow,
} from '@bo/api-sdk';
import { shanghaiMonth, EMPLOYEE_STATUS } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus } from '../../http/auth.js';
import { badInput, conflict, noPermission } from '../../http/errors.js';
import {
  defineRecordType,
  eqFilter,
  likeFilter,
  type MdCtx,
  type MdRecord,
} from '../../shared/masterdata/index.js';
import {
  provinceTypes,
  roles,
  schoolItems,
  sysDicts,
  userCampuses,
  userRegions,
  userRoles,
  users,
} from '../../db/schema.js';
import { revokeUserSessions, temporaryPassword } from '../system/index.js';
import {
  employeeCampuses,
  employeeSubjects,
  employeeTypes,
  employees,
  posts,
  salaryPeriods,
  skillRankTypes,
  skillRanks,
  subjects,
} from './tables.js';
import { byPinyin } from '../../shared/pinyinOrder.js';
import { SALARY_PERIOD, SALARY_PERIOD_MACHINE } from './states.js';
import { updateVersioned } from '../../shared/versioned.js';

/** The rank type whose ranks are teachers' levels 1–5. */
export const TEACHER_RANK_TYPE = 'TEACHER';

const employedWith = (
  column: typeof employees.postCode | typeof employees.employeeTypeCode | typeof employees.skillRankCode,
  label: string,
) => ({
  table: employees,
  column,
  status: employees.status,
  label,
});

export const employeeTypeType = defineRecordType<TEmployeeTypeRow, TEmployeeTypeInput>({
  name: 'employeeType',
  label: '员工类型 / employee type',
  table: employeeTypes,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: employeeTypes.code,
    name: employeeTypes.name,
    validstatus: employeeTypes.validStatus,
    sort: employeeTypes.sort,
    version: employeeTypes.version,
  },
  input: EmployeeTypeInput,
  filters: { status: eqFilter(employeeTypes.validStatus), name: likeFilter(employeeTypes.name) },
  sort: [asc(employeeTypes.sort), asc(employeeTypes.code)],
  unique: [{ field: 'name', label: '名称' }],
  children: [employedWith(employees.employeeTypeCode, '在职员工 / employed staff')],
  status: 'validstatus',
  version: 'version',
  updatedAt: employeeTypes.updatedAt,
});

export const postType = defineRecordType<TPostRow, TPostInput>({
  name: 'post',
  label: '岗位 / post',
  table: posts,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: posts.code,
    name: posts.name,
    postRole: posts.postRole,
    familyCode: posts.familyCode,
    validstatus: posts.validStatus,
    sort: posts.sort,
    version: posts.version,
  },
  input: PostInput,
  filters: {
    status: eqFilter(posts.validStatus),
    name: likeFilter(posts.name),
    postRole: eqFilter(posts.postRole),
    familyCode: eqFilter(posts.familyCode),
  },
  sort: [asc(posts.sort), asc(posts.code)],
  unique: [{ field: 'name', label: '名称' }],
  parents: [
    {
      field: 'familyCode',
      table: sysDicts,
      key: sysDicts.code,
      where: eq(sysDicts.dictType, 'post_family'),
      label: '岗位族 / post family',
    },
  ],
  children: [employedWith(employees.postCode, '在职员工 / employed staff')],
  status: 'validstatus',
  version: 'version',
  updatedAt: posts.updatedAt,
  decorate: async (db, rows) => {
    const fam = await db
      .select({ code: sysDicts.code, name: sysDicts.name })
      .from(sysDicts)
      .where(eq(sysDicts.dictType, 'post_family'));
    const m = new Map(fam.map((f) => [f.code, f.name]));
    return rows.map((r) => ({ ...r, familyName: r.familyCode ? (m.get(r.familyCode) ?? null) : null }));
  },
});

export const skillRankTypeType = defineRecordType<TSkillRankTypeRow, TSkillRankTypeInput>({
  name: 'skillRankType',
  label: '职级类型 / skill rank type',
  table: skillRankTypes,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: skillRankTypes.code,
    name: skillRankTypes.name,
    validstatus: skillRankTypes.validStatus,
    sort: skillRankTypes.sort,
    version: skillRankTypes.version,
  },
  input: SkillRankTypeInput,
  filters: { status: eqFilter(skillRankTypes.validStatus), name: likeFilter(skillRankTypes.name) },
  sort: [asc(skillRankTypes.sort), asc(skillRankTypes.code)],
  unique: [{ field: 'name', label: '名称' }],
  children: [
    {
      table: skillRanks,
      column: skillRanks.typeCode,
      status: skillRanks.validStatus,
      label: '职级 / skill rank',
    },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: skillRankTypes.updatedAt,
});

export const skillRankType = defineRecordType<TSkillRankRow, TSkillRankInput>({
  name: 'skillRank',
  label: '职级 / skill rank',
  table: skillRanks,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: skillRanks.code,
    name: skillRanks.name,
    typeCode: skillRanks.typeCode,
    level: skillRanks.level,
    validstatus: skillRanks.validStatus,
    sort: skillRanks.sort,
    version: skillRanks.version,
  },
  input: SkillRankInput,
  filters: {
    status: eqFilter(skillRanks.validStatus),
    name: likeFilter(skillRanks.name),
    typeCode: eqFilter(skillRanks.typeCode),
  },
  sort: [asc(skillRanks.typeCode), asc(skillRanks.level), asc(skillRanks.code)],
  unique: [
    { field: 'name', within: ['typeCode'], label: '名称' },
    { field: 'level', within: ['typeCode'], label: '等级' },
  ],
  parents: [
    {
      field: 'typeCode',
      table: skillRankTypes,
      key: skillRankTypes.code,
      status: skillRankTypes.validStatus,
      label: '职级类型 / skill rank type',
    },
  ],
  children: [employedWith(employees.skillRankCode, '在职员工 / employed staff')],
  status: 'validstatus',
  version: 'version',
  updatedAt: skillRanks.updatedAt,
  decorate: async (db, rows) => {
    const t = await db.select({ code: skillRankTypes.code, name: skillRankTypes.name }).from(skillRankTypes);
    const m = new Map(t.map((x) => [x.code, x.name]));
    return rows.map((r) => ({ ...r, typeName: m.get(r.typeCode) ?? null }));
  },
});

/** Subjects: disabling one is allowed — teachers keep it, pickers and new assignments no longer offer it. */
export const subjectType = defineRecordType<TSubjectRow, TSubjectInput>({
  name: 'subject',
  label: '科目 / subject',
  table: subjects,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: subjects.id,
    name: subjects.name,
    status: subjects.status,
    sort: subjects.sort,
    version: subjects.version,
  },
  input: SubjectInput,
  filters: { status: eqFilter(subjects.status), name: likeFilter(subjects.name) },
  sort: [asc(subjects.sort), asc(subjects.id)],
  unique: [{ field: 'name', label: '名称' }],
  status: 'status',
  version: 'version',
  updatedAt: subjects.updatedAt,
});

export const salaryPeriodType = defineRecordType<TSalaryPeriodRow, TSalaryPeriodInput>({
  name: 'salaryPeriod',
  label: '薪酬期间 / salary period',
  table: salaryPeriods,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: salaryPeriods.id,
    year: salaryPeriods.year,
    month: salaryPeriods.month,
    startDate: salaryPeriods.startDate,
    endDate: salaryPeriods.endDate,
    status: salaryPeriods.status,
    remark: salaryPeriods.remark,
    version: salaryPeriods.version,
  },
  input: SalaryPeriodInput,
  filters: { year: eqFilter(salaryPeriods.year), status: eqFilter(salaryPeriods.status) },
  sort: [sql`${salaryPeriods.year} desc`, sql`${salaryPeriods.month} desc`],
  unique: [{ field: 'month', within: ['year'], label: '月份' }],
  status: 'status',
  version: 'version',
  updatedAt: salaryPeriods.updatedAt,
  moveStatus: (from, to) =>
    SALARY_PERIOD_MACHINE.nextCode(to === SALARY_PERIOD.closed ? 'close' : 'reopen', from),
  prepare: async (_tx, { values }) => {
    const month = shanghaiMonth(Number(values.year), Number(values.month));
    return {
      startDate: values.startDate ?? month.startDate,
      endDate: values.endDate ?? month.endDate,
    };
  },
});

// ---- employees ----

/** Temporary passwords of accounts created by a save, answered once (keyed by the save's input). */
const createdPasswords = new WeakMap<object, string>();

async function linkedCampuses(tx: DbOrTx, ctx: MdCtx, input: TEmployeeInput): Promise<string[]> {
  const codes = [...new Set([input.schoolItemCode, ...input.schoolItemCodes])];
  const found = await tx
    .select({ code: schoolItems.code, status: schoolItems.validStatus })
    .from(schoolItems)
    .where(inArray(schoolItems.code, codes));
  const missing = codes.filter((c) => !found.some((f) => f.code === c));
  if (missing.length)
    throw badInput('schoolItemCodes', `未知的校区 / unknown campuses: ${missing.join(', ')}`);
  for (const c of codes) assertCampus(ctx.user, c);
  return codes;
}

export const employeeType = defineRecordType<TEmployeeRow, TEmployeeInput>({
  name: 'employee',
  label: '员工 / employee',
  table: employees,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: employees.id,
    code: employees.code,
    name: employees.name,
    mobile: employees.mobile,
    gender: employees.gender,
    schoolItemCode: employees.schoolItemCode,
    postCode: employees.postCode,
    employeeTypeCode: employees.employeeTypeCode,
    skillRankCode: employees.skillRankCode,
    entryDate: employees.entryDate,
    status: employees.status,
    remark: employees.remark,
    version: employees.version,
  },
  input: EmployeeInput,
  importKey: 'code',
  fixed: [{ field: 'code', label: '工号 / employee code' }],
  filters: {
    name: likeFilter(employees.name),
    postCode: eqFilter(employees.postCode),
    status: eqFilter(employees.status),
  },
  where: (q) => {
    const conds: SQL[] = [];
    if (typeof q.schoolItemCode === 'string' && q.schoolItemCode)
      conds.push(
        exists(
          sql`(select 1 from ${employeeCampuses} where ${employeeCampuses.employeeCode} = ${employees.code} and ${employeeCampuses.schoolItemCode} = ${q.schoolItemCode})`,
        ),
      );
    if (typeof q.roleCode === 'number')
      conds.push(
        exists(
          sql`(select 1 from ${users} join ${userRoles} on ${userRoles.userId} = ${users.id} where ${users.employeeCode} = ${employees.code} and ${userRoles.roleCode} = ${q.roleCode})`,
        ),
      );
    if (q.hasAccount === 1 || q.hasAccount === 0) {
      const has = exists(sql`(select 1 from ${users} where ${users.employeeCode} = ${employees.code})`);
      conds.push(q.hasAccount === 1 ? has : sql`not ${has}`);
    }
    return conds.length ? and(...conds) : undefined;
  },
  sort: [asc(employees.schoolItemCode), ...byPinyin(employees.namePy, employees.name), asc(employees.code)],
  unique: [
    { field: 'code', label: '工号' },
    { field: 'mobile', label: '手机号' },
  ],
  parents: [
    {
      field: 'schoolItemCode',
      table: schoolItems,
      key: schoolItems.code,
      status: schoolItems.validStatus,
      label: '校区 / campus',
    },
    { field: 'postCode', table: posts, key: posts.code, status: posts.validStatus, label: '岗位 / post' },
    {
      field: 'employeeTypeCode',
      table: employeeTypes,
      key: employeeTypes.code,
      status: employeeTypes.validStatus,
      label: '员工类型 / employee type',
    },
    {
      field: 'skillRankCode',
      table: skillRanks,
      key: skillRanks.code,
      status: skillRanks.validStatus,
      label: '职级 / skill rank',
    },
  ],
  scope: { kind: 'campus', field: 'schoolItemCode' },
  status: 'status',
  version: 'version',
  updatedAt: employees.updatedAt,
  prepare: async (tx, { input, ctx }) => {
    await linkedCampuses(tx, ctx, input);
    if (input.subjectIds.length) {
      const found = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(inArray(subjects.id, input.subjectIds));
      const missing = input.subjectIds.filter((id) => !found.some((f) => f.id === id));
      if (missing.length)
        throw badInput('subjectIds', `未知的科目 / unknown subjects: ${missing.join(', ')}`);
    }
    if (input.account) {
      const [linked] = await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.employeeCode, input.code))
        .limit(1);
      if (linked)
        throw conflict(
          `该员工已有账号 ${linked.username} / the employee already has the account ${linked.username}`,
          'account',
        );
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, input.account.username))
        .limit(1);
      if (taken)
        throw conflict(
          `用户名${input.account.username}已存在 / username ${input.account.username} is taken`,
          'account.username',
        );
      const found = await tx.select().from(roles).where(inArray(roles.code, input.account.roleCodes));
      const missing = input.account.roleCodes.filter((c) => !found.some((r) => r.code === c));
      if (missing.length)
        throw badInput('account.roleCodes', `未知的角色 / unknown roles: ${missing.join(', ')}`);
      if (!ctx.user.isAdmin && found.some((r) => r.isAdmin))
        throw noPermission(
          '只有超级管理员可以授予管理员角色 / only an administrator may grant the administrator role',
        );
      if (!ctx.user.allScope && found.some((r) => r.allScope))
        throw noPermission('不能授予全局角色 / you may not grant a role that sees every campus');
    }
  },
  afterWrite: async (tx, { input, saved, existing, ctx }) => {
    const campuses = [...new Set([input.schoolItemCode, ...input.schoolItemCodes])];
    await tx.delete(employeeCampuses).where(eq(employeeCampuses.employeeCode, saved.code));
    await tx
      .insert(employeeCampuses)
      .values(campuses.map((schoolItemCode) => ({ employeeCode: saved.code, schoolItemCode })));
    await tx.delete(employeeSubjects).where(eq(employeeSubjects.employeeCode, saved.code));
    const subjectIds = [...new Set(input.subjectIds)];
    if (subjectIds.length)
      await tx
        .insert(employeeSubjects)
        .values(subjectIds.map((subjectId) => ({ employeeCode: saved.code, subjectId })));
    const now = ctx.deps.now();
    // An employee who leaves loses the sign-in account's access (disabled, sessions revoked).
    if (existing && existing.status === EMPLOYEE_STATUS.employed && saved.status === EMPLOYEE_STATUS.left) {
      const linked = await tx.select({ id: users.id }).from(users).where(eq(users.employeeCode, saved.code));
      for (const u of linked) {
        await updateVersioned(tx, users, {
          where: eq(users.id, u.id),
          version: undefined,
          set: { status: 0 },
          at: now,
        });
        await revokeUserSessions(tx, u.id, now);
      }
    }
    if (input.account) {
      const temp = temporaryPassword();
      const [u] = await tx
        .insert(users)
        .values({
          username: input.account.username,
          name: saved.name,
          mobile: saved.mobile,
          employeeCode: saved.code,
          passwordHash: await ctx.deps.passwords.hashInLine(temp, ctx.ip ?? `user:${ctx.user.id}`),
          mustChangePassword: true,
          status: saved.status,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!u) throw new Error('expected the new account');
      await tx
        .insert(userRoles)
        .values([...new Set(input.account.roleCodes)].map((roleCode) => ({ userId: u.id, roleCode })));
      await tx
        .insert(userCampuses)
        .values(campuses.map((schoolItemCode) => ({ userId: u.id, schoolItemCode })));
      const regions = await tx
        .selectDistinct({ code: schoolItems.provinceTypeCode })
        .from(schoolItems)
        .where(inArray(schoolItems.code, campuses));
      if (regions.length)
        await tx.insert(userRegions).values(regions.map((r) => ({ userId: u.id, provinceTypeCode: r.code })));
      createdPasswords.set(input, temp);
    }
  },
  linkedChanges: async (tx, { input, existing }) => {
    const out: Record<string, [unknown, unknown]> = {};
    const campusRows = await tx
      .select({ code: employeeCampuses.schoolItemCode })
      .from(employeeCampuses)
      .where(eq(employeeCampuses.employeeCode, existing.code));
    const campusesBefore = campusRows.map((c) => c.code).sort();
    const campusesAfter = [...new Set([input.schoolItemCode, ...input.schoolItemCodes])].sort();
    if (campusesBefore.join('\u0001') !== campusesAfter.join('\u0001'))
      out.schoolItemCodes = [campusesBefore, campusesAfter];
    const subjectRows = await tx
      .select({ id: employeeSubjects.subjectId })
      .from(employeeSubjects)
      .where(eq(employeeSubjects.employeeCode, existing.code));
    const subjectsBefore = subjectRows.map((r) => r.id).sort((a, b) => a - b);
    const subjectsAfter = [...new Set(input.subjectIds)].sort((a, b) => a - b);
    if (subjectsBefore.join(',') !== subjectsAfter.join(','))
      out.subjectIds = [subjectsBefore, subjectsAfter];
    return out;
  },
  decorate: async (db, rows) => {
    const codes = rows.map((r) => r.code);
    // One after another: inside a transaction `db` is a single connection, which runs one query at a time.
    const campusRows = await db
      .select()
      .from(employeeCampuses)
      .where(inArray(employeeCampuses.employeeCode, codes));
    const subjectRows = await db
      .select({ code: employeeSubjects.employeeCode, id: subjects.id, name: subjects.name })
      .from(employeeSubjects)
      .innerJoin(subjects, eq(subjects.id, employeeSubjects.subjectId))
      .where(inArray(employeeSubjects.employeeCode, codes))
      .orderBy(asc(subjects.sort), asc(subjects.id));
    const accountRows = await db
      .select({ code: users.employeeCode, username: users.username, roleCode: userRoles.roleCode })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(inArray(users.employeeCode, codes));
    const postRows = await db
      .select({ code: posts.code, name: posts.name, role: posts.postRole })
      .from(posts);
    const rankRows = await db
      .select({ code: skillRanks.code, name: skillRanks.name, level: skillRanks.level })
      .from(skillRanks);
    const typeRows = await db
      .select({ code: employeeTypes.code, name: employeeTypes.name })
      .from(employeeTypes);
    const schoolRows = await db.select({ code: schoolItems.code, name: schoolItems.name }).from(schoolItems);
    const postM = new Map(postRows.map((p) => [p.code, p]));
    const rankM = new Map(rankRows.map((p) => [p.code, p]));
    const typeM = new Map(typeRows.map((p) => [p.code, p.name]));
    const schoolM = new Map(schoolRows.map((p) => [p.code, p.name]));
    return rows.map((r) => {
      const acc = accountRows.filter((a) => a.code === r.code);
      const campusCodes = campusRows
        .filter((c) => c.employeeCode === r.code)
        .map((c) => c.schoolItemCode)
        .sort();
      const post = postM.get(r.postCode);
      const rank = r.skillRankCode ? rankM.get(r.skillRankCode) : undefined;
      const subs = subjectRows.filter((s) => s.code === r.code);
      return {
        ...r,
        schoolItemName: schoolM.get(r.schoolItemCode) ?? null,
        schoolItemCodes: campusCodes,
        schoolItemNames: campusCodes.map((c) => schoolM.get(c) ?? c),
        postName: post?.name ?? null,
        postRole: (post?.role ?? null) as TEmployeeRow['postRole'],
        employeeTypeName: r.employeeTypeCode ? (typeM.get(r.employeeTypeCode) ?? null) : null,
        skillRankName: rank?.name ?? null,
        rankLevel: rank?.level ?? null,
        subjectIds: subs.map((s) => s.id),
        subjectNames: subs.map((s) => s.name),
        username: acc[0]?.username ?? null,
        roleCodes: acc.map((a) => a.roleCode).filter((c): c is number => c !== null),
      };
    });
  },
});

/** Saves an employee; the answer carries the temporary password once when the save created the account. */
export async function saveEmployee(ctx: MdCtx, input: TEmployeeInput): Promise<TEmployeeRow> {
  const row = await employeeType.save(ctx, input);
  return { ...row, temporaryPassword: createdPasswords.get(input) ?? null };
}

/** Employees with their sign-in accounts (/hr/authinfos). */
export async function authInfos(ctx: MdCtx, q: MdRecord & { pageIdx: number; pageSize: number }) {
  const p = await employeeType.page(ctx, { ...q, status: undefined });
  const names = p.list.map((r) => r.username).filter((u): u is string => Boolean(u));
  const acc = names.length
    ? await ctx.deps.db
        .select({ username: users.username, status: users.status })
        .from(users)
        .where(inArray(users.username, names))
    : [];
  const st = new Map(acc.map((a) => [a.username, a.status]));
  return {
    ...p,
    list: p.list.map((r) => ({
      code: r.code,
      name: r.name,
      schoolItemCode: r.schoolItemCode,
      postCode: r.postCode,
      status: r.status,
      username: r.username ?? null,
      accountStatus: r.username ? (st.get(r.username) ?? null) : null,
      roleCodes: r.roleCodes ?? [],
    })),
  };
}

// ---- pickers ----

type PostRoleName = TEmployeePick['postRole'];
export interface PickFilter {
  postRoles?: Exclude<PostRoleName, null>[];
  schoolItemCode?: string | undefined;
  name?: string | undefined;
  minLevel?: number | undefined;
  maxLevel?: number | undefined;
  subjectIds?: number[];
  /** The name filter matches the mobile too (the recommender picker). */
  byMobile?: boolean;
  limit?: number;
}

/** Employed staff for pickers, limited to the caller's campuses (a named campus outside them is refused). */
export async function pickEmployees(ctx: MdCtx, f: PickFilter): Promise<TEmployeePick[]> {
  const conds: SQL[] = [eq(employees.status, EMPLOYEE_STATUS.employed)];
  if (f.postRoles?.length) conds.push(inArray(posts.postRole, f.postRoles));
  if (f.schoolItemCode) {
    assertCampus(ctx.user, f.schoolItemCode);
    conds.push(
      exists(
        sql`(select 1 from ${employeeCampuses} where ${employeeCampuses.employeeCode} = ${employees.code} and ${employeeCampuses.schoolItemCode} = ${f.schoolItemCode})`,
      ),
    );
  } else if (!ctx.user.allScope) {
    const mine = ctx.user.schoolItems;
    if (!mine.length) return [];
    conds.push(
      exists(
        sql`(select 1 from ${employeeCampuses} where ${employeeCampuses.employeeCode} = ${employees.code} and ${inArray(employeeCampuses.schoolItemCode, mine)})`,
      ),
    );
  }
  if (f.name) {
    const like = `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byName = ilike(employees.name, like);
    conds.push(f.byMobile ? (or(byName, ilike(employees.mobile, like)) ?? byName) : byName);
  }
  if (f.minLevel !== undefined) conds.push(gte(skillRanks.level, f.minLevel));
  if (f.maxLevel !== undefined) conds.push(lte(skillRanks.level, f.maxLevel));
  if (f.subjectIds?.length)
    conds.push(
      exists(
        sql`(select 1 from ${employeeSubjects} where ${employeeSubjects.employeeCode} = ${employees.code} and ${inArray(employeeSubjects.subjectId, f.subjectIds)})`,
      ),
    );
  const q = ctx.deps.db
    .select({
      code: employees.code,
      name: employees.name,
      schoolItemCode: employees.schoolItemCode,
      postCode: employees.postCode,
      postRole: posts.postRole,
      skillRankCode: employees.skillRankCode,
      rankLevel: skillRanks.level,
      mobile: employees.mobile,
      userId: sql<
        number | null
      >`(select min(${users.id}) from ${users} where ${users.employeeCode} = ${employees.code})`,
    })
    .from(employees)
    .leftJoin(posts, eq(posts.code, employees.postCode))
    .leftJoin(skillRanks, eq(skillRanks.code, employees.skillRankCode))
    .where(and(...conds))
    .orderBy(...byPinyin(employees.namePy, employees.name), asc(employees.code))
    .limit(f.limit ?? 1000);
  const rows = await q;
  return rows.map((r) => ({
    ...r,
    postRole: (r.postRole ?? null) as PostRoleName,
  }));
}

/** Kinds of /hr/commissioners/{id}/{kind}: 1 (or none) consultants, 2 growth consultants, 3 supervisors, 4 centre leaders. */
export const COMMISSIONER_KINDS: Record<number, Exclude<PostRoleName, null>> = {
  1: 'consultant',
  2: 'growth',
  3: 'supervisor',
  4: 'leader',
};
export const commissioners = (ctx: MdCtx, campus: string, kind = 1) =>
  pickEmployees(ctx, { postRoles: [COMMISSIONER_KINDS[kind] ?? 'consultant'], schoolItemCode: campus });

async function levelOf(ctx: MdCtx, code: string | undefined, field: string): Promise<number | undefined> {
  if (!code) return undefined;
  const [r] = await ctx.deps.db
    .select({ level: skillRanks.level })
    .from(skillRanks)
    .where(eq(skillRanks.code, code))
    .limit(1);
  if (!r) throw badInput(field, `职级「${code}」不存在 / rank "${code}" does not exist`);
  return r.level;
}

/** Teachers whose rank level lies between the levels of two ranks (/teacher/list). */
export async function teachersBetween(
  ctx: MdCtx,
  q: { rankCode?: string | undefined; rankCodeEnd?: string | undefined; schoolItemCode?: string | undefined },
) {
  const min = await levelOf(ctx, q.rankCode, 'rankCode');
  const max = await levelOf(ctx, q.rankCodeEnd, 'rankCodeEnd');
  return pickEmployees(ctx, {
    postRoles: ['teacher'],
    schoolItemCode: q.schoolItemCode,
    minLevel: min,
    maxLevel: max,
  });
}

/** Post families (dictionary post_family) with their valid posts. */
export async function familyPosts(ctx: MdCtx) {
  const db = ctx.deps.db;
  const fams = await db
    .select({ code: sysDicts.code, name: sysDicts.name })
    .from(sysDicts)
    .where(and(eq(sysDicts.dictType, 'post_family'), eq(sysDicts.status, 1)))
    .orderBy(asc(sysDicts.sort), asc(sysDicts.id));
  const ps = await db
    .select({ code: posts.code, name: posts.name, family: posts.familyCode })
    .from(posts)
    .where(eq(posts.validStatus, 1))
    .orderBy(asc(posts.sort), asc(posts.code));
  return fams.map((f) => ({
    ...f,
    childs: ps.filter((p) => p.family === f.code).map((p) => ({ code: p.code, name: p.name })),
  }));
}

/** { code, name } of employed staff in scope (/hr/getCodeAndName). */
export async function codeAndName(
  ctx: MdCtx,
  q: { name?: string | undefined; schoolItemCode?: string | undefined },
) {
  const rows = await pickEmployees(ctx, { name: q.name, schoolItemCode: q.schoolItemCode, limit: 200 });
  return rows.map((r) => ({ code: r.code, name: r.name }));
}

/** Region codes (for seeds and tests): the regions of the given campuses. */
export async function regionsOf(db: DbOrTx, campuses: string[]) {
  if (!campuses.length) return [];
  const r = await db
    .selectDistinct({ code: provinceTypes.code })
    .from(provinceTypes)
    .innerJoin(schoolItems, eq(schoolItems.provinceTypeCode, provinceTypes.code))
    .where(inArray(schoolItems.code, campuses));
  return r.map((x) => x.code);
}

// ---- HR system links (the hrSync slice matches employees on the HR system's id) ----

/** Every employee's code with its HR system id (null: never linked). */
export async function hrLinks(db: DbOrTx): Promise<Array<{ code: string; hrId: string | null }>> {
  return db.select({ code: employees.code, hrId: employees.hrId }).from(employees);
}

/** Records the HR system's id on employees (a sync that created or matched them by code). */
export async function recordHrIds(db: DbOrTx, pairs: Array<{ code: string; hrId: string }>): Promise<void> {
  for (const p of pairs)
    await db
      .update(employees)
      .set({ hrId: p.hrId })
      .where(and(eq(employees.code, p.code), sql`${employees.hrId} is distinct from ${p.hrId}`));
}
