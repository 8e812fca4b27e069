// Demo course catalogue: categories → ranks → courses, buy types and adjust-cost reasons (deterministic).
import type { SeedContext } from '../../seed/context.js';
import { adjustCostReasons, courseBuyTypes, courseCategories, courseRanks, courses } from './tables.js';

export const DEMO_COURSE_CATEGORIES = [
  { code: 'KF', name: '康复训练' },
  { code: 'YY', name: '语言训练' },
  { code: 'GT', name: '感觉统合' },
  { code: 'ZJ', name: '早期教育' },
  { code: 'PG', name: '评估服务' },
];
const LEVELS = [
  [1, '初级'],
  [2, '中级'],
  [3, '高级'],
] as const;
export const DEMO_BUY_TYPES = [
  { name: '按课时购买', incomeTypeCode: 'COURSE' },
  { name: '按月购买', incomeTypeCode: 'COURSE' },
  { name: '体验课', incomeTypeCode: 'TRIAL' },
  { name: '评估服务', incomeTypeCode: 'ASSESS' },
];
export const DEMO_ADJUST_REASONS = ['课程调价', '赠课补偿', '系统录入错误', '退费差额调整', '转课折算'];

/** [category, mode, name suffix, base price, minutes, unit] */
const COURSE_KINDS: Array<[string, number, string, number, number, number]> = [
  ['KF', 1, '一对一个训', 380, 45, 1],
  ['KF', 2, '小组课', 220, 60, 1],
  ['YY', 1, '一对一语言训练', 400, 45, 1],
  ['YY', 2, '语言小组课', 240, 60, 1],
  ['GT', 2, '感统小组课', 200, 60, 1],
  ['GT', 3, '感统集体课', 150, 60, 1],
  ['ZJ', 3, '亲子早教课', 180, 60, 1],
  ['ZJ', 3, '全日制托班', 350, 480, 2],
];

export async function seedCoursesDemo({ db }: SeedContext) {
  await db.insert(courseCategories).values(DEMO_COURSE_CATEGORIES.map((c, i) => ({ ...c, sort: i + 1 })));
  const ranks = DEMO_COURSE_CATEGORIES.flatMap((c) =>
    LEVELS.map(([level, label]) => ({
      code: `${c.code}${level}`,
      name: `${c.name}${label}`,
      categoryCode: c.code,
      level,
      sort: level,
    })),
  );
  await db.insert(courseRanks).values(ranks);
  const bt = await db
    .insert(courseBuyTypes)
    .values(DEMO_BUY_TYPES.map((b, i) => ({ ...b, sort: i + 1 })))
    .returning({ id: courseBuyTypes.id });
  const byHour = bt[0]?.id ?? null;
  const byMonth = bt[1]?.id ?? null;
  const assess = bt[3]?.id ?? null;
  const rows: Array<typeof courses.$inferInsert> = [];
  for (const [cat, mode, suffix, base, minutes, unit] of COURSE_KINDS) {
    for (const [level, label] of LEVELS) {
      const n = rows.length + 1;
      rows.push({
        code: `C${String(n).padStart(3, '0')}`,
        name: `${label}${suffix}`,
        categoryCode: cat,
        rankCode: `${cat}${level}`,
        teachingMode: mode,
        buyTypeId: unit === 2 ? byMonth : byHour,
        purchaseUnit: unit,
        price: (base + (level - 1) * 40).toFixed(2),
        lessonMinutes: minutes,
        sort: n,
      });
    }
  }
  rows.push(
    {
      code: 'PG001',
      name: '入学综合评估',
      categoryCode: 'PG',
      rankCode: 'PG1',
      teachingMode: 1,
      buyTypeId: assess,
      purchaseUnit: 1,
      price: '600.00',
      lessonMinutes: 90,
      sort: 100,
    },
    {
      code: 'PG002',
      name: '阶段发育评估',
      categoryCode: 'PG',
      rankCode: 'PG2',
      teachingMode: 1,
      buyTypeId: assess,
      purchaseUnit: 1,
      price: '450.00',
      lessonMinutes: 60,
      sort: 101,
    },
  );
  await db.insert(courses).values(rows);
  await db.insert(adjustCostReasons).values(DEMO_ADJUST_REASONS.map((name, i) => ({ name, sort: i + 1 })));
}
