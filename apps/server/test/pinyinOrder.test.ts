// on both engines: the pinyin keys and their order must be identical on both.
// Chinese names in pinyin order, identical on PGlite and PostgreSQL (the suite runs on both):
// the trigger-kept key columns of migration 0004 and the byPinyin order over them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { byPinyin } from '../src/shared/pinyinOrder.js';
import { clues } from '../src/slices/clues/tables.js';
import { employees } from '../src/slices/employees/tables.js';
import { schoolItems } from '../src/slices/organisation/tables.js';
import { students } from '../src/slices/students/tables.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

// In code-point order these would come 张 曾 王 阿 Zoe; in pinyin: a, wang, zeng, zhang li, zhang li yun, zoe.
const PEOPLE = ['张丽云', 'Zoe', '曾晓', '王芳', '阿明', '张力'];
const PINYIN_ORDER = ['阿明', '王芳', '曾晓', '张力', '张丽云', 'Zoe'];

describe('pinyin sort keys', () => {
  it('spell each hanzi as a syllable, read a first character as a surname, lower-case the rest', async () => {
    const key = async (name: string, person: boolean) => {
      // Any one row gives the function a FROM to run in.
      const [r] = await t.deps.db
        .select({ k: sql<string>`pinyin_key(${name}, ${person})` })
        .from(schoolItems)
        .limit(1);
      return r?.k;
    };
    expect(await key('张丽云', true)).toBe('zhang li yun ');
    expect(await key('曾晓', true)).toBe('zeng xiao ');
    expect(await key('单田', true)).toBe('shan tian ');
    expect(await key('单田', false)).toBe('dan tian ');
    expect(await key(' Amy王 ', true)).toBe('amywang ');
  });

  it('orders employees by the pinyin of their names, and follows a rename', async () => {
    const db = t.deps.db;
    const codes = PEOPLE.map((_, i) => `PY${i}`);
    await db
      .insert(employees)
      .values(PEOPLE.map((name, i) => ({ code: `PY${i}`, name, schoolItemCode: 'SH01', postCode: 'P01' })));
    const ordered = async () =>
      (
        await db
          .select({ name: employees.name })
          .from(employees)
          .where(inArray(employees.code, codes))
          .orderBy(...byPinyin(employees.namePy, employees.name))
      ).map((r) => r.name);
    expect(await ordered()).toEqual(PINYIN_ORDER);
    // 阿明 renamed 周明 moves from first to last but one (zhou < zoe).
    await db.update(employees).set({ name: '周明' }).where(eq(employees.code, 'PY4'));
    expect(await ordered()).toEqual(['王芳', '曾晓', '张力', '张丽云', '周明', 'Zoe']);
  });

  it('orders students and clue children the same way', async () => {
    const db = t.deps.db;
    const rows = await db
      .insert(students)
      .values(
        PEOPLE.map((name, i) => ({ code: `SPY${i}`, name, phone: `1390000000${i}`, schoolItemCode: 'SH01' })),
      )
      .returning({ id: students.id });
    const byKey = await db
      .select({ name: students.name })
      .from(students)
      .where(
        inArray(
          students.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(...byPinyin(students.namePy, students.name));
    expect(byKey.map((r) => r.name)).toEqual(PINYIN_ORDER);

    const some = await db.select({ id: clues.id }).from(clues).orderBy(clues.id).limit(PEOPLE.length);
    expect(some).toHaveLength(PEOPLE.length);
    for (const [i, c] of some.entries())
      await db
        .update(clues)
        .set({ childName: PEOPLE[i] ?? '' })
        .where(eq(clues.id, c.id));
    const children = await db
      .select({ name: clues.childName })
      .from(clues)
      .where(
        inArray(
          clues.id,
          some.map((c) => c.id),
        ),
      )
      .orderBy(...byPinyin(clues.childNamePy, clues.childName));
    expect(children.map((r) => r.name)).toEqual(PINYIN_ORDER);
  });

  it('lists campuses of equal sort in the pinyin order of their names (the campus selector)', async () => {
    const admin = await t.as('admin');
    const names = ['杭州西湖拼音校区', '北京朝阳拼音校区', '成都武侯拼音校区'];
    await t.deps.db
      .insert(schoolItems)
      .values(names.map((name, i) => ({ code: `PYC${i}`, name, provinceTypeCode: 'HD' })));
    const all = await admin.organisation.allSchoolItems({ query: {} });
    expect(all.map((c) => c.name).filter((n) => names.includes(n))).toEqual([
      '北京朝阳拼音校区',
      '成都武侯拼音校区',
      '杭州西湖拼音校区',
    ]);
  });
});
