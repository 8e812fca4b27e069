// The CLI batch import of case files (sdk-cli import students): every row checked first, nothing
// written on any error; a phone already held (student or active clue) is a duplicate, not created,
// so running the same file again creates nothing twice.
import { BirthDate, MOBILE_MESSAGE, isMobile, type contract } from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { schoolItems, users } from '../../db/schema.js';
import { assertAdviserAt, createStudent, DELETED } from './service.js';
import { students } from './tables.js';

type Body = z.output<NonNullable<(typeof contract.students)['importRows']['body']>>;
type RowError = { row: number; column: string; reason: string };

const GENDERS: Record<string, number> = { '': 0, '0': 0, '1': 1, '2': 2, 男: 1, 女: 2, 未知: 0 };
const YES = ['1', '是', 'true', 'yes', 'y'];
const NO = ['', '0', '否', 'false', 'no', 'n'];

export async function importRows(deps: AppDeps, u: AuthUser, b: Body, ip: string) {
  const now = deps.now();
  const errors: RowError[] = [];
  const duplicates: Array<{ row: number; phone: string; owner: string }> = [];
  const campuses = new Set(
    (await deps.db.select({ code: schoolItems.code }).from(schoolItems)).map((r) => r.code),
  );
  const checked = [];
  for (const [i, r] of b.rows.entries()) {
    const row = i + 1;
    const err = (column: string, reason: string) => errors.push({ row, column, reason });
    const name = String(r.name ?? '').trim();
    const parentName = String(r.parentName ?? '').trim();
    const phone = String(r.phone ?? '').trim();
    const campus = String(r.schoolItemCode ?? '').trim();
    if (!name) err('name', '必填 / required');
    else if (name.length > 50) err('name', '最多50字 / at most 50 characters');
    if (!parentName) err('parentName', '必填 / required');
    else if (parentName.length > 50) err('parentName', '最多50字 / at most 50 characters');
    if (!isMobile(phone)) err('phone', MOBILE_MESSAGE);
    const gender = GENDERS[String(r.gender ?? '').trim()];
    if (gender === undefined) err('gender', '0, 1 (男) or 2 (女)');
    const bd = r.birthDate ? String(r.birthDate).trim() : null;
    if (bd && (!BirthDate.safeParse(bd).success || isAfterToday(bd, now)))
      err('birthDate', 'YYYY-MM-DD, not in the future');
    if (!campus) err('schoolItemCode', '必填 / required');
    else if (!campuses.has(campus)) err('schoolItemCode', '校区不存在 / no such campus');
    else if (!u.allScope && !u.schoolItems.includes(campus))
      err('schoolItemCode', '校区不在您的范围内 / campus outside your scope');
    const ins = String(r.insurance ?? '')
      .trim()
      .toLowerCase();
    const insurance = YES.includes(ins) ? true : NO.includes(ins) ? false : null;
    if (insurance === null) err('insurance', '是/否 or 1/0');
    let adviserId: number | null = null;
    const adviserName = String(r.adviserUsername ?? '').trim();
    if (adviserName && campuses.has(campus)) {
      const [a] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, adviserName));
      if (!a) err('adviserUsername', '用户不存在 / no such user');
      else
        try {
          await assertAdviserAt(deps.db, a.id, campus, 'adviserUsername');
          adviserId = a.id;
        } catch (e) {
          err('adviserUsername', e instanceof AppError ? e.message : String(e));
        }
    }
    const diagnosis = String(r.diagnosis ?? '')
      .trim()
      .slice(0, 200);
    const remark = String(r.remark ?? '')
      .trim()
      .slice(0, 500);
    const relation = String(r.relation ?? '')
      .trim()
      .slice(0, 20);
    checked.push({
      row,
      name,
      parentName,
      phone,
      campus,
      gender: gender ?? 0,
      bd,
      insurance,
      adviserId,
      diagnosis,
      remark,
      relation,
    });
  }
  const seen = new Map<string, number>();
  const fresh: typeof checked = [];
  for (const x of checked) {
    if (errors.some((e) => e.row === x.row)) continue;
    const [s] = await deps.db
      .select({ code: students.code, name: students.name })
      .from(students)
      .where(and(eq(students.phone, x.phone), ne(students.status, DELETED)))
      .limit(1);
    const h = s ? null : await deps.ports.phoneHolder(deps.db, x.phone);
    const earlier = seen.get(x.phone);
    if (s) duplicates.push({ row: x.row, phone: x.phone, owner: `${s.code} ${s.name}` });
    else if (h && h.studentCode === null)
      duplicates.push({
        row: x.row,
        phone: x.phone,
        owner: `${h.clueCode} ${h.ownerLabel}`.trim(),
      });
    else if (earlier) duplicates.push({ row: x.row, phone: x.phone, owner: `row ${earlier}` });
    else {
      seen.set(x.phone, x.row);
      fresh.push(x);
    }
  }
  const result = {
    total: b.rows.length,
    created: 0,
    skipped: b.rows.length - fresh.length,
    errors,
    duplicates,
  };
  if (errors.length) return { ...result, skipped: b.rows.length };
  if (b.dryRun) return { ...result, created: fresh.length };
  await deps.db.transaction(async (tx) => {
    for (const x of fresh)
      await createStudent(
        deps.ports.phoneHolder,
        tx,
        {
          name: x.name,
          gender: x.gender,
          birthDate: x.bd,
          parentName: x.parentName,
          relation: x.relation,
          phone: x.phone,
          schoolItemCode: x.campus,
          insurance: x.insurance ?? false,
          adviserId: x.adviserId,
          diagnosis: x.diagnosis,
          remark: x.remark,
        },
        { userId: u.id, at: now },
      );
    await writeAudit(tx, {
      action: 'student.import',
      target: 'students',
      detail: { created: fresh.length, duplicates: duplicates.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
  return { ...result, created: fresh.length };
}
