// The employee import reads the cells of SHEETS.employees as staff type them: a campus, post, type or
// rank by its name (or code), the campuses and subjects as names in one cell (、，,；; between them),
// 男/女, 在职/离职. Rows already in the API's form (codes, arrays, numbers: the HR sync, older callers)
// pass as they are. docs/decisions.md "Employees on SHEETS".
import { listCell, type TImportResult, type TImportRowError } from '@bo/api-sdk';
import { inArray } from 'drizzle-orm';
import { schoolItems } from '../../db/schema.js';
import type { MdCtx, MdRecord } from '../../shared/masterdata/index.js';
import { employeeType } from './service.js';
import {
  employeeCampuses,
  employeeSubjects,
  employees,
  employeeTypes,
  posts,
  skillRanks,
  subjects,
} from './tables.js';

type Key = string | number;
interface Named {
  key: Key;
  name: string;
}

/**
 * A record named in a cell: its code (or id) first, else its name. A name several records share is
 * read as the one the employee already has, else refused (the code tells them apart).
 */
function resolve(
  records: readonly Named[],
  text: string,
  current: readonly Key[],
): { key: Key } | { error: 'unknown' | 'ambiguous' } {
  const byKey = records.find((r) => String(r.key) === text);
  if (byKey) return { key: byKey.key };
  const named = records.filter((r) => r.name === text);
  const mine = named.find((r) => current.includes(r.key));
  if (mine) return { key: mine.key };
  if (named.length === 1 && named[0]) return { key: named[0].key };
  return { error: named.length ? 'ambiguous' : 'unknown' };
}

const GENDER: Record<string, number> = { 男: 1, 女: 2, male: 1, female: 2, m: 1, f: 2 };
const STATUS: Record<string, number> = {
  在职: 1,
  离职: 0,
  是: 1,
  否: 0,
  有效: 1,
  无效: 0,
  employed: 1,
  left: 0,
  valid: 1,
  invalid: 0,
};

/** The single references of a row: field, records, label (Chinese / English). */
type RefField = 'schoolItemCode' | 'postCode' | 'employeeTypeCode' | 'skillRankCode';

export async function importEmployees(
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
): Promise<TImportResult> {
  const first = o.firstRow ?? 1;
  const db = ctx.deps.db;
  const codeName = (list: Array<{ code: string; name: string }>): Named[] =>
    list.map((r) => ({ key: r.code, name: r.name }));
  const campuses = codeName(
    await db.select({ code: schoolItems.code, name: schoolItems.name }).from(schoolItems),
  );
  const refs: Record<RefField, { records: Named[]; label: [string, string] }> = {
    schoolItemCode: { records: campuses, label: ['校区', 'campus'] },
    postCode: {
      records: codeName(await db.select({ code: posts.code, name: posts.name }).from(posts)),
      label: ['岗位', 'post'],
    },
    employeeTypeCode: {
      records: codeName(
        await db.select({ code: employeeTypes.code, name: employeeTypes.name }).from(employeeTypes),
      ),
      label: ['员工类型', 'employee type'],
    },
    skillRankCode: {
      records: codeName(await db.select({ code: skillRanks.code, name: skillRanks.name }).from(skillRanks)),
      label: ['职级', 'skill rank'],
    },
  };
  const subjectRecords: Named[] = (
    await db.select({ id: subjects.id, name: subjects.name }).from(subjects)
  ).map((r) => ({ key: r.id, name: r.name }));

  // The employees the file names, with what they have now (a name shared by several records reads as theirs).
  const codes = [
    ...new Set(rows.map((r) => (typeof r.code === 'string' ? r.code.trim() : '')).filter(Boolean)),
  ];
  const now = new Map<string, Record<RefField, string | null> & { campuses: string[]; subjects: number[] }>();
  if (codes.length) {
    const found = await db
      .select({
        code: employees.code,
        schoolItemCode: employees.schoolItemCode,
        postCode: employees.postCode,
        employeeTypeCode: employees.employeeTypeCode,
        skillRankCode: employees.skillRankCode,
      })
      .from(employees)
      .where(inArray(employees.code, codes));
    const links = await db
      .select()
      .from(employeeCampuses)
      .where(inArray(employeeCampuses.employeeCode, codes));
    const taught = await db
      .select()
      .from(employeeSubjects)
      .where(inArray(employeeSubjects.employeeCode, codes));
    for (const e of found)
      now.set(e.code, {
        ...e,
        campuses: links.filter((l) => l.employeeCode === e.code).map((l) => l.schoolItemCode),
        subjects: taught.filter((l) => l.employeeCode === e.code).map((l) => l.subjectId),
      });
  }

  const pre: TImportRowError[] = [];
  const read = rows.map((raw, i): MdRecord => {
    const row: MdRecord = { ...raw };
    const fail = (column: string, reason: string) => pre.push({ row: first + i, column, reason });
    const mine = now.get(typeof row.code === 'string' ? row.code.trim() : '');

    for (const field of Object.keys(refs) as RefField[]) {
      const v = row[field];
      if (typeof v !== 'string' || !v.trim()) continue;
      const { records, label } = refs[field];
      const r = resolve(records, v.trim(), mine?.[field] ? [mine[field]] : []);
      if ('key' in r) row[field] = r.key;
      else if (r.error === 'ambiguous')
        fail(
          field,
          `${label[0]}名称「${v.trim()}」不唯一，请填编码 / the ${label[1]} name "${v.trim()}" is not unique: give the code`,
        );
      // An unknown one is left as typed: the save's check names it.
    }

    const list = (
      field: 'schoolItemCodes' | 'subjectIds',
      records: readonly Named[],
      current: readonly Key[] | undefined,
      label: [string, string],
    ) => {
      const v = row[field];
      if (v === undefined || v === null || v === '') {
        // An empty cell keeps what the employee has, as every other column of an import does.
        if (current) row[field] = [...current];
        return;
      }
      const keys: Key[] = [];
      const unknown: string[] = [];
      const ambiguous: string[] = [];
      for (const text of listCell(v)) {
        const r = resolve(records, text, current ?? []);
        if ('key' in r) keys.push(r.key);
        else (r.error === 'ambiguous' ? ambiguous : unknown).push(text);
      }
      row[field] = [...new Set(keys)];
      if (unknown.length)
        fail(field, `未知的${label[0]}：${unknown.join('、')} / unknown ${label[1]}: ${unknown.join(', ')}`);
      if (ambiguous.length)
        fail(
          field,
          `${label[0]}名称不唯一，请填编码：${ambiguous.join('、')} / ${label[1]} names that are not unique (give the code): ${ambiguous.join(', ')}`,
        );
    };
    list('schoolItemCodes', campuses, mine?.campuses, ['校区', 'campuses']);
    list('subjectIds', subjectRecords, mine?.subjects, ['科目', 'subjects']);

    if (typeof row.gender === 'string') {
      const g = GENDER[row.gender.trim().toLowerCase()];
      if (g !== undefined) row.gender = g;
    }
    if (typeof row.status === 'string') {
      const s = STATUS[row.status.trim().toLowerCase()];
      if (s !== undefined) row.status = s;
    }
    return row;
  });

  const res = await employeeType.importRows(ctx, read, {
    dryRun: o.dryRun || pre.length > 0,
    firstRow: first,
  });
  if (!pre.length) return res;
  // Every error of a row at once: the reader's, then the save's on other columns.
  const said = new Set(pre.map((e) => `${e.row}\u0001${e.column}`));
  const errors = [...pre, ...res.errors.filter((e) => !said.has(`${e.row}\u0001${e.column}`))].sort(
    (a, b) => a.row - b.row,
  );
  return { ...res, errors, dryRun: o.dryRun, written: false };
}
