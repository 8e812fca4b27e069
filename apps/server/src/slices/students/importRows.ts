// The CLI batch import of case files (sdk-cli import students) on the set-based import engine
// (shared/setImport.ts): every row checked first, nothing written on any error; a phone already held
// (student or active clue) is a duplicate, not created, so running the same file again creates
// nothing twice.
import { BirthDate, MOBILE_MESSAGE, isMobile, type contract } from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { PhoneHoldersSource } from './service.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import { campusCheck, runSetImport, slices, type SetImportKind } from '../../shared/setImport.js';
import { schoolItems, users } from '../../db/schema.js';
import { assertAdviserAt, createStudents, DELETED } from './service.js';
import { students } from './tables.js';

type Body = z.output<NonNullable<(typeof contract.students)['importRows']['body']>>;
type Row = Body['rows'][number];

const GENDERS: Record<string, number> = { '': 0, '0': 0, '1': 1, '2': 2, 男: 1, 女: 2, 未知: 0 };
const YES = ['1', '是', 'true', 'yes', 'y'];
const NO = ['', '0', '否', 'false', 'no', 'n'];

interface Student {
  name: string;
  parentName: string;
  phone: string;
  campus: string;
  gender: number;
  bd: string | null;
  insurance: boolean | null;
  adviserName: string;
  adviserId: number | null;
  diagnosis: string;
  remark: string;
  relation: string;
}

/** Phones held by a student (not deleted) or by an active clue not yet a student: phone → the holder. */
async function holders(clueHolders: PhoneHoldersSource, db: DbOrTx, phones: string[]) {
  const held = new Map<string, string>();
  for (const part of slices(phones, 5000)) {
    const rows = await db
      .select({ phone: students.phone, code: students.code, name: students.name })
      .from(students)
      .where(and(inArray(students.phone, part), ne(students.status, DELETED)))
      .orderBy(students.id);
    for (const s of rows) if (!held.has(s.phone)) held.set(s.phone, `${s.code} ${s.name}`);
  }
  const rest = phones.filter((p) => !held.has(p));
  for (const [p, h] of await clueHolders(db, rest))
    if (h.studentCode === null) held.set(p, `${h.clueCode} ${h.ownerLabel}`.trim());
  return held;
}

/** The student kind of the import engine; the clues holding phones come through the app's port. */
const studentKind = (clueHolders: PhoneHoldersSource): SetImportKind<Row, Student, { phone: string }> => ({
  audit: { action: 'student.import', target: 'students' },
  check(r, err, { now }) {
    const name = String(r.name ?? '').trim();
    const parentName = String(r.parentName ?? '').trim();
    const phone = String(r.phone ?? '').trim();
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
    const ins = String(r.insurance ?? '')
      .trim()
      .toLowerCase();
    const insurance = YES.includes(ins) ? true : NO.includes(ins) ? false : null;
    if (insurance === null) err('insurance', '是/否 or 1/0');
    return {
      name,
      parentName,
      phone,
      campus: String(r.schoolItemCode ?? '').trim(),
      gender: gender ?? 0,
      bd,
      insurance,
      adviserName: String(r.adviserUsername ?? '').trim(),
      adviserId: null,
      diagnosis: String(r.diagnosis ?? '')
        .trim()
        .slice(0, 200),
      remark: String(r.remark ?? '')
        .trim()
        .slice(0, 500),
      relation: String(r.relation ?? '')
        .trim()
        .slice(0, 20),
    };
  },
  setChecks: [
    campusCheck((v) => v.campus, { required: 'always' }),
    // Advisers: the users named, in one statement; each (adviser, campus) pair checked once.
    async (db, rows, err) => {
      const named = rows.filter((r) => r.v.adviserName && r.v.campus);
      if (!named.length) return;
      const names = [...new Set(named.map((r) => r.v.adviserName))];
      const campuses = [...new Set(named.map((r) => r.v.campus))];
      const ids = new Map(
        (
          await db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.username, names))
        ).map((u) => [u.username, u.id]),
      );
      const known = new Set(
        (
          await db
            .select({ code: schoolItems.code })
            .from(schoolItems)
            .where(inArray(schoolItems.code, campuses))
        ).map((c) => c.code),
      );
      const verdicts = new Map<string, string | null>();
      for (const { row, v } of named) {
        if (!known.has(v.campus)) continue;
        const id = ids.get(v.adviserName);
        if (id === undefined) {
          err(row, 'adviserUsername', '用户不存在 / no such user');
          continue;
        }
        const pair = `${id}\u0001${v.campus}`;
        if (!verdicts.has(pair))
          verdicts.set(
            pair,
            await assertAdviserAt(db, id, v.campus, 'adviserUsername').then(
              () => null,
              (e: unknown) => {
                if (e instanceof AppError) return e.message;
                throw e;
              },
            ),
          );
        const refused = verdicts.get(pair);
        if (refused) err(row, 'adviserUsername', refused);
        else v.adviserId = id;
      }
    },
  ],
  key: {
    of: (v) => v.phone,
    column: 'phone',
    repeated: 'duplicate',
    extra: (phone) => ({ phone }),
    held: (db, phones) => holders(clueHolders, db, phones),
  },
  async write(tx, rows, { user, now }) {
    // Serialises with a concurrent creation of one of the phones (as createStudent does), then checks again.
    const phones = rows.map((r) => r.v.phone);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('student-phone:' || p)) from unnest(array[${sql.join(
        phones.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) as p`,
    );
    const taken = await holders(clueHolders, tx, phones);
    if (taken.size) {
      const [p, owner] = [...taken][0] ?? ['', ''];
      throw conflict(`手机号 ${p} 已被占用：${owner} / the phone ${p} is already held: ${owner}`, 'phone');
    }
    await createStudents(
      tx,
      rows.map(({ v }) => ({
        name: v.name,
        gender: v.gender,
        birthDate: v.bd,
        parentName: v.parentName,
        relation: v.relation,
        phone: v.phone,
        schoolItemCode: v.campus,
        insurance: v.insurance ?? false,
        adviserId: v.adviserId,
        diagnosis: v.diagnosis,
        remark: v.remark,
      })),
      { userId: user.id, at: now },
    );
  },
});

export const importRows = (deps: AppDeps, u: AuthUser, b: Body, ip: string) =>
  runSetImport(deps, u, b, ip, studentKind(deps.ports.phoneHolders));
