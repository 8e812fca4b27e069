// Administration of roles, privileges and accounts (spec §6 "Administration covers ..."), audited.
import { createHash, randomInt } from 'node:crypto';
import { and, asc, count, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthInfoInput, AuthInfoQuery, PrivilegeInput, RoleInput, TPrivilegeNode } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, assertRegion, type AuthUser } from '../../http/auth.js';
import { authChanged } from '../../http/authEvents.js';
import {
  badInput,
  conflict,
  noPermission,
  notFound,
  ruleViolation,
  staleVersion,
} from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { provinceTypes, schoolItems } from '../../db/schema.js';
import { privileges, rolePrivileges, roles, userCampuses, userRegions, userRoles, users } from './tables.js';
import { revokeUserSessions } from './sessions.js';
import { preparedRead } from '../../db/prepared.js';
import { authCachedRead } from '../../http/authCachedRead.js';
import { updateVersioned } from '../../shared/versioned.js';

type Actor = AuthUser;
const audit = (
  deps: AppDeps,
  tx: DbOrTx,
  actor: Actor,
  ip: string,
  action: string,
  target: string,
  detail: unknown,
) =>
  writeAudit(tx, { action, target, detail, userId: actor.id, username: actor.username, ip, at: deps.now() });

// ---------------- roles ----------------

const ROLE_COLUMNS = {
  code: roles.code,
  name: roles.name,
  description: roles.description,
  status: roles.status,
  isAdmin: roles.isAdmin,
  allScope: roles.allScope,
  version: roles.version,
  userCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleCode} = ${roles.code})`,
};

async function roleRows(db: DbOrTx, where?: SQL) {
  const rows = await db.select(ROLE_COLUMNS).from(roles).where(where).orderBy(asc(roles.code));
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
}

/** The role list as one prepared statement: a part of the name and the status, each null for any. */
const roleList = preparedRead('system_roles', (db, name) =>
  db
    .select(ROLE_COLUMNS)
    .from(roles)
    .where(
      and(
        sql`(${sql.placeholder('name')}::text is null or ${roles.name} ilike '%' || ${sql.placeholder('name')}::text || '%')`,
        sql`(${sql.placeholder('status')}::int is null or ${roles.status} = ${sql.placeholder('status')}::int)`,
      ),
    )
    .orderBy(asc(roles.code))
    .prepare(name),
);

export async function listRoles(db: DbOrTx, q: { name?: string | undefined; status?: 0 | 1 | undefined }) {
  const rows = await roleList(db, { name: q.name || null, status: q.status ?? null });
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
}

/** The role list as the screens read it: from the access-data cache until a role or an account's roles change. */
export const cachedRoles = authCachedRead(listRoles, (q) => `${q.name ?? ''}\u0000${q.status ?? ''}`);

export async function roleDetail(db: DbOrTx, code: number) {
  const [r] = await roleRows(db, eq(roles.code, code));
  if (!r) throw notFound('角色 / role');
  const p = await db
    .select({ code: rolePrivileges.privilegeCode })
    .from(rolePrivileges)
    .where(eq(rolePrivileges.roleCode, code))
    .orderBy(asc(rolePrivileges.privilegeCode));
  return { ...r, privilegeCodes: p.map((x) => x.code) };
}

/** New roles are numbered from here up: the numbers below are the roles the product knows by number. */
export const FIRST_ASSIGNED_ROLE_CODE = 1001;

export async function saveRole(deps: AppDeps, actor: Actor, ip: string, input: z.output<typeof RoleInput>) {
  const code = await deps.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      description: input.description,
      allScope: input.allScope,
      status: input.status,
    };
    if (input.version === undefined) {
      let code = input.code;
      if (code === undefined) {
        // Serialised with other creations: the number is the next after the highest assigned one.
        await tx.execute(sql`lock table ${roles} in share row exclusive mode`);
        const [m] = await tx
          .select({ max: sql<number | null>`max(${roles.code})` })
          .from(roles)
          .where(gte(roles.code, FIRST_ASSIGNED_ROLE_CODE));
        code = Math.max(Number(m?.max ?? 0) + 1, FIRST_ASSIGNED_ROLE_CODE);
        if (code > 9999) throw ruleViolation('角色数量已达上限 / no role number is left to assign', 'code');
      } else {
        const [taken] = await tx.select({ code: roles.code }).from(roles).where(eq(roles.code, code));
        if (taken) throw conflict(`角色编码${code}已存在 / role code ${code} is taken`, 'code');
      }
      await tx.insert(roles).values({ code, ...values });
      await audit(deps, tx, actor, ip, 'role.create', `roles:${code}`, { after: values });
      return code;
    }
    if (input.code === undefined) throw badInput('code', '请指定要修改的角色 / name the role to update');
    const [before] = await tx.select().from(roles).where(eq(roles.code, input.code));
    if (!before) throw notFound('角色 / role');
    if (before.version !== input.version) throw staleVersion();
    if (before.isAdmin && input.status === 0)
      throw ruleViolation('超级管理员角色不能停用 / the administrator role cannot be disabled', 'status');
    await updateVersioned(tx, roles, {
      where: eq(roles.code, input.code),
      version: undefined,
      set: { ...values },
    });
    await audit(deps, tx, actor, ip, 'role.update', `roles:${input.code}`, {
      before: {
        name: before.name,
        description: before.description,
        allScope: before.allScope,
        status: before.status,
      },
      after: values,
    });
    return input.code;
  });
  authChanged({ kind: 'all' });
  const [r] = await roleRows(deps.db, eq(roles.code, code));
  return must(r, 'saved role');
}

export async function roleUpdateStatus(deps: AppDeps, actor: Actor, ip: string, code: number, status: 0 | 1) {
  await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(roles).where(eq(roles.code, code));
    if (!r) throw notFound('角色 / role');
    if (r.isAdmin && status === 0)
      throw ruleViolation('超级管理员角色不能停用 / the administrator role cannot be disabled', 'status');
    if (r.status === status) return;
    await updateVersioned(tx, roles, { where: eq(roles.code, code), version: undefined, set: { status } });
    await audit(deps, tx, actor, ip, 'role.status', `roles:${code}`, { before: r.status, after: status });
  });
  authChanged({ kind: 'all' });
}

export async function saveRolePrivileges(
  deps: AppDeps,
  actor: Actor,
  ip: string,
  code: number,
  codes: string[],
) {
  const wanted = [...new Set(codes)];
  await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(roles).where(eq(roles.code, code));
    if (!r) throw notFound('角色 / role');
    if (wanted.length) {
      const known = await tx
        .select({ code: privileges.code })
        .from(privileges)
        .where(inArray(privileges.code, wanted));
      const knownSet = new Set(known.map((k) => k.code));
      const unknown = wanted.filter((c) => !knownSet.has(c));
      if (unknown.length)
        throw badInput(
          'body.privilegeCodes',
          `未知的权限 / unknown privileges: ${unknown.slice(0, 5).join(', ')}`,
        );
    }
    const before = (
      await tx
        .select({ code: rolePrivileges.privilegeCode })
        .from(rolePrivileges)
        .where(eq(rolePrivileges.roleCode, code))
    ).map((x) => x.code);
    await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleCode, code));
    if (wanted.length)
      await tx
        .insert(rolePrivileges)
        .values(wanted.map((privilegeCode) => ({ roleCode: code, privilegeCode })));
    const beforeSet = new Set(before);
    const afterSet = new Set(wanted);
    await audit(deps, tx, actor, ip, 'role.privileges', `roles:${code}`, {
      added: wanted.filter((c) => !beforeSet.has(c)).sort(),
      removed: before.filter((c) => !afterSet.has(c)).sort(),
    });
  });
  authChanged({ kind: 'all' });
}

// ---------------- privileges ----------------

/** Every privilege in the screens' order, as one prepared statement. */
const allPrivileges = preparedRead('system_privileges', (db, name) =>
  db.select().from(privileges).orderBy(asc(privileges.sort), asc(privileges.code)).prepare(name),
);

export async function privilegeTree(db: DbOrTx): Promise<TPrivilegeNode[]> {
  const all = await allPrivileges(db);
  const node = (p: (typeof all)[number]): TPrivilegeNode => ({
    code: p.code,
    name: p.name,
    nameEn: p.nameEn,
    type: p.type as TPrivilegeNode['type'],
    groupCode: p.groupCode,
    navigateUrl: p.navigateUrl,
    cssName: p.cssName,
    sort: p.sort,
    status: p.status,
    version: p.version,
    children: [],
  });
  const groups = all.filter((p) => p.type === 'group').map(node);
  const byKey = new Map(groups.map((g) => [g.groupCode ?? g.code, g]));
  const loose: TPrivilegeNode[] = [];
  for (const p of all) {
    if (p.type === 'group') continue;
    const g = p.groupCode ? byKey.get(p.groupCode) : undefined;
    (g ? g.children : loose).push(node(p));
  }
  return [...groups, ...loose];
}

/** The privilege tree from the access-data cache until a privilege changes. */
export const cachedPrivilegeTree = authCachedRead(
  (db: DbOrTx, _: null) => privilegeTree(db),
  () => '',
);

export async function savePrivilege(
  deps: AppDeps,
  actor: Actor,
  ip: string,
  input: z.output<typeof PrivilegeInput>,
) {
  if (input.type === 'group' && !input.groupCode)
    throw badInput('body.groupCode', '菜单分组须填写分组标识 / a menu group needs its group key');
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(privileges).where(eq(privileges.code, input.code));
    const { version, code, ...values } = input;
    if (version === undefined) {
      if (before) throw conflict(`权限编码已存在 / privilege ${code} exists`, 'code');
      await tx.insert(privileges).values({ code, ...values });
      await audit(deps, tx, actor, ip, 'privilege.create', `privileges:${code}`, { after: values });
      return;
    }
    if (!before) throw notFound('权限 / privilege');
    if (before.version !== version) throw staleVersion();
    await updateVersioned(tx, privileges, {
      where: eq(privileges.code, code),
      version: undefined,
      set: { ...values },
    });
    const { version: _v, code: _c, ...old } = before;
    await audit(deps, tx, actor, ip, 'privilege.update', `privileges:${code}`, {
      before: old,
      after: values,
    });
  });
  authChanged({ kind: 'all' });
}

export async function privilegeUpdateStatus(
  deps: AppDeps,
  actor: Actor,
  ip: string,
  code: string,
  status: 0 | 1,
) {
  await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(privileges).where(eq(privileges.code, code));
    if (!p) throw notFound('权限 / privilege');
    if (p.status === status) return;
    await updateVersioned(tx, privileges, {
      where: eq(privileges.code, code),
      version: undefined,
      set: { status },
    });
    await audit(deps, tx, actor, ip, 'privilege.status', `privileges:${code}`, {
      before: p.status,
      after: status,
    });
  });
  authChanged({ kind: 'all' });
}

// ---------------- accounts ----------------

/**
 * An account's roles (code order), regions and campuses as columns of its row: one statement for a
 * page of accounts instead of one per kind.
 */
const scopeColumns = {
  roles: sql<
    { code: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('code', r.code, 'name', r.name) order by r.code)
    from ${userRoles} ur join ${roles} r on r.code = ur.role_code where ur.user_id = ${users.id}), '[]'::json)`,
  regions: sql<string[]>`coalesce((select json_agg(g.province_type_code order by g.province_type_code)
    from ${userRegions} g where g.user_id = ${users.id}), '[]'::json)`,
  campuses: sql<string[]>`coalesce((select json_agg(c.school_item_code order by c.school_item_code)
    from ${userCampuses} c where c.user_id = ${users.id}), '[]'::json)`,
};

/**
 * The accounts list's filter with its values as placeholders, each null for "any": a part of the
 * name or user name, a part of the user name, the status, a role, and the campuses (a JSON array; null
 * for an all-scope administrator) — so the page and its count are two prepared statements.
 */
const P = (k: string) => sql.placeholder(k);
const accountFilter = and(
  sql`(${P('name')}::text is null or ${users.name} ilike '%' || ${P('name')}::text || '%'
    or ${users.username} ilike '%' || ${P('name')}::text || '%')`,
  sql`(${P('username')}::text is null or ${users.username} ilike '%' || ${P('username')}::text || '%')`,
  sql`(${P('status')}::int is null or ${users.status} = ${P('status')}::int)`,
  sql`(${P('roleCode')}::int is null or ${users.id} in (select ${userRoles.userId} from ${userRoles}
    where ${userRoles.roleCode} = ${P('roleCode')}::int))`,
  // A scoped administrator sees the accounts working in their campuses.
  sql`(${P('campuses')}::jsonb is null or ${users.id} in (select ${userCampuses.userId} from ${userCampuses}
    where ${userCampuses.schoolItemCode} in (select jsonb_array_elements_text(${P('campuses')}::jsonb))))`,
);
const accountCount = preparedRead('system_accounts_count', (db, name) =>
  db.select({ n: count() }).from(users).where(accountFilter).prepare(name),
);
const accountPage = preparedRead('system_accounts_page', (db, name) =>
  db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      mobile: users.mobile,
      status: users.status,
      ...scopeColumns,
      employeeCode: users.employeeCode,
      mustChangePassword: users.mustChangePassword,
      version: users.version,
    })
    .from(users)
    .where(accountFilter)
    .orderBy(asc(users.id))
    .limit(P('limit'))
    .offset(P('offset'))
    .prepare(name),
);

export async function listAccounts(db: DbOrTx, actor: Actor, q: z.output<typeof AuthInfoQuery>) {
  const values = {
    name: q.name || null,
    username: q.username || null,
    status: q.status ?? null,
    roleCode: q.roleCode ?? null,
    campuses: actor.allScope ? null : JSON.stringify(actor.schoolItems),
  };
  const [total] = await accountCount(db, values);
  const list = await accountPage(db, { ...values, limit: q.pageSize, offset: (q.pageIdx - 1) * q.pageSize });
  return {
    list,
    total: Number(total?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

/** A scoped administrator may act only on accounts whose every campus is within their own. */
async function assertAccountInScope(db: DbOrTx, actor: Actor, userId: number) {
  if (actor.allScope) return;
  const c = await db
    .select({ code: userCampuses.schoolItemCode })
    .from(userCampuses)
    .where(eq(userCampuses.userId, userId));
  if (!c.length || c.some((x) => !actor.schoolItems.includes(x.code)))
    throw noPermission('该账号不在您的管辖范围内 / this account is outside your scope');
}

const TEMP_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A 12-character temporary password with letters and digits (no look-alike characters). */
export function temporaryPassword(): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < 12; i++) s += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
    if (/[A-Za-z]/.test(s) && /\d/.test(s)) return s;
  }
}

export async function saveAccount(
  deps: AppDeps,
  actor: Actor,
  ip: string,
  input: z.output<typeof AuthInfoInput>,
) {
  const roleCodes = [...new Set(input.roles)];
  const regions = [...new Set(input.regions)];
  const campuses = [...new Set(input.campuses)];
  const db = deps.db;
  const roleRowsFound = await db.select().from(roles).where(inArray(roles.code, roleCodes));
  const missingRoles = roleCodes.filter((c) => !roleRowsFound.some((r) => r.code === c));
  if (missingRoles.length)
    throw badInput('body.roles', `未知的角色 / unknown roles: ${missingRoles.join(', ')}`);
  if (!actor.isAdmin && roleRowsFound.some((r) => r.isAdmin))
    throw noPermission(
      '只有超级管理员可以授予管理员角色 / only an administrator may grant the administrator role',
    );
  if (!actor.allScope && roleRowsFound.some((r) => r.allScope))
    throw noPermission('不能授予全局角色 / you may not grant a role that sees every campus');
  if (regions.length) {
    const found = await db
      .select({ code: provinceTypes.code })
      .from(provinceTypes)
      .where(inArray(provinceTypes.code, regions));
    const missing = regions.filter((c) => !found.some((f) => f.code === c));
    if (missing.length) throw badInput('body.regions', `未知的区域 / unknown regions: ${missing.join(', ')}`);
  }
  if (campuses.length) {
    const found = await db
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(inArray(schoolItems.code, campuses));
    const missing = campuses.filter((c) => !found.some((f) => f.code === c));
    if (missing.length)
      throw badInput('body.campuses', `未知的校区 / unknown campuses: ${missing.join(', ')}`);
  }
  for (const r of regions) assertRegion(actor, r);
  for (const c of campuses) assertCampus(actor, c);
  if (!actor.allScope && !campuses.length)
    throw badInput('body.campuses', '请至少选择一个您所管辖的校区 / choose at least one of your campuses');

  const temp = input.id === undefined ? temporaryPassword() : null;
  const hash = temp ? await deps.passwords.hashInLine(temp, ip) : null;
  const now = deps.now();
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, input.username));
    if (taken && taken.id !== input.id)
      throw conflict(`用户名${input.username}已存在 / username ${input.username} is taken`, 'body.username');
    const values = {
      username: input.username,
      name: input.name,
      mobile: input.mobile ?? null,
      employeeCode: input.employeeCode ?? null,
      status: input.status,
      updatedAt: now,
    };
    let userId: number;
    let before: unknown = null;
    if (input.id === undefined) {
      const [row] = await tx
        .insert(users)
        .values({ ...values, passwordHash: must(hash, 'hash'), mustChangePassword: true, createdAt: now })
        .returning({ id: users.id });
      userId = must(row, 'new account').id;
    } else {
      const [u] = await tx.select().from(users).where(eq(users.id, input.id));
      if (!u) throw notFound('账号 / account');
      await assertAccountInScope(tx, actor, u.id);
      if (input.version === undefined)
        throw badInput(
          'body.version',
          '缺少读取时的版本号，无法更新 / the version read is required to update',
        );
      if (u.version !== input.version) throw staleVersion();
      if (u.id === actor.id && input.status === 0)
        throw ruleViolation('不能停用自己的账号 / you cannot disable your own account', 'status');
      const [s] = await tx.select(scopeColumns).from(users).where(eq(users.id, u.id));
      before = {
        username: u.username,
        name: u.name,
        mobile: u.mobile,
        employeeCode: u.employeeCode,
        status: u.status,
        roles: (s?.roles ?? []).map((r) => r.code),
        regions: s?.regions ?? [],
        campuses: s?.campuses ?? [],
      };
      await updateVersioned(tx, users, { where: eq(users.id, u.id), version: undefined, set: { ...values } });
      if (input.status === 0 && u.status !== 0) await revokeUserSessions(tx, u.id, now);
      userId = u.id;
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      await tx.delete(userRegions).where(eq(userRegions.userId, userId));
      await tx.delete(userCampuses).where(eq(userCampuses.userId, userId));
    }
    await tx.insert(userRoles).values(roleCodes.map((roleCode) => ({ userId, roleCode })));
    if (regions.length)
      await tx.insert(userRegions).values(regions.map((provinceTypeCode) => ({ userId, provinceTypeCode })));
    if (campuses.length)
      await tx.insert(userCampuses).values(campuses.map((schoolItemCode) => ({ userId, schoolItemCode })));
    const { updatedAt: _u, ...shown } = values;
    await audit(
      deps,
      tx,
      actor,
      ip,
      input.id === undefined ? 'account.create' : 'account.update',
      `users:${input.username}`,
      { before, after: { ...shown, roles: roleCodes, regions, campuses } },
    );
    return userId;
  });
  authChanged({ kind: 'user', id });
  return { id, username: input.username, temporaryPassword: temp };
}

async function accountByCode(db: DbOrTx, code: string) {
  const [u] = await db.select().from(users).where(eq(users.username, code));
  if (!u) throw notFound('账号 / account');
  return u;
}

export async function accountUpdateStatus(
  deps: AppDeps,
  actor: Actor,
  ip: string,
  code: string,
  status: 0 | 1,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const u = await accountByCode(tx, code);
    await assertAccountInScope(tx, actor, u.id);
    if (u.id === actor.id && status === 0)
      throw ruleViolation('不能停用自己的账号 / you cannot disable your own account', 'status');
    if (u.status === status) return;
    await updateVersioned(tx, users, {
      where: eq(users.id, u.id),
      version: undefined,
      set: { status },
      at: now,
    });
    if (status === 0) await revokeUserSessions(tx, u.id, now);
    await audit(deps, tx, actor, ip, 'account.status', `users:${u.username}`, {
      before: u.status,
      after: status,
    });
  });
}

export async function resetPassword(deps: AppDeps, actor: Actor, ip: string, code: string) {
  const temp = temporaryPassword();
  const hash = await deps.passwords.hashInLine(temp, ip);
  const now = deps.now();
  const username = await deps.db.transaction(async (tx) => {
    const u = await accountByCode(tx, code);
    await assertAccountInScope(tx, actor, u.id);
    await updateVersioned(tx, users, {
      where: eq(users.id, u.id),
      version: undefined,
      set: { passwordHash: hash, mustChangePassword: true },
      at: now,
    });
    await revokeUserSessions(tx, u.id, now);
    await audit(deps, tx, actor, ip, 'auth.passwordReset', `users:${u.username}`, {
      mustChangePassword: true,
    });
    return u.username;
  });
  return { username, temporaryPassword: temp };
}

/** A stable id code: `<code>-<first 4 hex of sha1(name)>`, e.g. ('SH01', '张三') → 'SH01-…'. */
export const generateIdCode = (code: string, name: string) =>
  `${code}-${createHash('sha1').update(name, 'utf8').digest('hex').slice(0, 4)}`;

export async function pickUsers(db: DbOrTx, name: string | undefined, u: AuthUser) {
  const conds: SQL[] = [eq(users.status, 1)];
  // Outside all-campus scope, only the accounts that share one of the caller's campuses.
  if (!u.allScope) {
    if (!u.schoolItems.length) return [];
    conds.push(
      inArray(
        users.id,
        db
          .select({ id: userCampuses.userId })
          .from(userCampuses)
          .where(inArray(userCampuses.schoolItemCode, u.schoolItems)),
      ),
    );
  }
  if (name) conds.push(or(ilike(users.name, `%${name}%`), ilike(users.username, `%${name}%`)) as SQL);
  return db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(...conds))
    .orderBy(asc(users.id))
    .limit(50);
}
