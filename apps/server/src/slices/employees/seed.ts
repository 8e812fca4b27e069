// Demo HR master data and ~60 employees across the demo campuses (deterministic; dates relative to the seed's today).
import type { SeedContext } from '../../seed/context.js';
import { DEMO_CAMPUSES } from '../organisation/index.js';
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

export const DEMO_EMPLOYEE_TYPES = [
  { code: 'FT', name: '全职' },
  { code: 'PT', name: '兼职' },
  { code: 'INTERN', name: '实习' },
  { code: 'EXPERT', name: '外聘专家' },
];
export const DEMO_POSTS = [
  { code: 'TEACHER', name: '康复教师', postRole: 'teacher', familyCode: 'TEACH' },
  { code: 'SUPERVISOR', name: '教学督导', postRole: 'supervisor', familyCode: 'TEACH' },
  { code: 'ASSESSOR', name: '评估师', postRole: 'assessor', familyCode: 'TEACH' },
  { code: 'CONSULTANT', name: '课程顾问', postRole: 'consultant', familyCode: 'SALES' },
  { code: 'GROWTH', name: '成长顾问', postRole: 'growth', familyCode: 'SALES' },
  { code: 'ESALES', name: '电销专员', postRole: 'other', familyCode: 'SALES' },
  { code: 'SALESMGR', name: '销售主管', postRole: 'other', familyCode: 'SALES' },
  { code: 'LEADER', name: '中心主任', postRole: 'leader', familyCode: 'MANAGE' },
  { code: 'DIRECTOR', name: '区域总监', postRole: 'other', familyCode: 'MANAGE' },
  { code: 'ACADEMIC', name: '教务专员', postRole: 'other', familyCode: 'SUPPORT' },
  { code: 'FINANCE', name: '财务专员', postRole: 'other', familyCode: 'SUPPORT' },
  { code: 'HR', name: '人事专员', postRole: 'other', familyCode: 'SUPPORT' },
];
export const DEMO_SKILL_RANK_TYPES = [
  { code: 'TEACHER', name: '教师职级' },
  { code: 'CONSULTANT', name: '顾问职级' },
];
export const DEMO_SKILL_RANKS = [
  { code: 'TR1', name: '初级教师', typeCode: 'TEACHER', level: 1 },
  { code: 'TR2', name: '中级教师', typeCode: 'TEACHER', level: 2 },
  { code: 'TR3', name: '高级教师', typeCode: 'TEACHER', level: 3 },
  { code: 'TR4', name: '资深教师', typeCode: 'TEACHER', level: 4 },
  { code: 'TR5', name: '专家教师', typeCode: 'TEACHER', level: 5 },
  { code: 'CR1', name: '初级顾问', typeCode: 'CONSULTANT', level: 1 },
  { code: 'CR2', name: '中级顾问', typeCode: 'CONSULTANT', level: 2 },
  { code: 'CR3', name: '高级顾问', typeCode: 'CONSULTANT', level: 3 },
];
export const DEMO_SUBJECTS = [
  '语言',
  '认知',
  '感觉统合',
  '精细动作',
  '大运动',
  '社交沟通',
  '行为干预',
  '口肌训练',
];

interface DemoEmployee {
  code: string;
  name: string;
  gender: number;
  schoolItemCode: string;
  campuses: string[];
  postCode: string;
  employeeTypeCode: string;
  skillRankCode: string | null;
  subjects: number[];
}

/** The employees the demo accounts belong to (slices/system/seed.ts), plus a centre leader E0001. */
export const NAMED_EMPLOYEES: DemoEmployee[] = [
  {
    code: 'E0001',
    name: '赵明辉',
    gender: 1,
    schoolItemCode: 'SH01',
    campuses: ['SH01'],
    postCode: 'LEADER',
    employeeTypeCode: 'FT',
    skillRankCode: null,
    subjects: [],
  },
  {
    code: 'E0002',
    name: '王建国',
    gender: 1,
    schoolItemCode: 'SH01',
    campuses: ['SH01', 'SH02', 'HZ01', 'NJ01'],
    postCode: 'DIRECTOR',
    employeeTypeCode: 'FT',
    skillRankCode: null,
    subjects: [],
  },
  {
    code: 'E0003',
    name: '李晓燕',
    gender: 2,
    schoolItemCode: 'SH01',
    campuses: ['SH01'],
    postCode: 'CONSULTANT',
    employeeTypeCode: 'FT',
    skillRankCode: 'CR2',
    subjects: [],
  },
  {
    code: 'E0004',
    name: '张丽华',
    gender: 2,
    schoolItemCode: 'SH01',
    campuses: ['SH01'],
    postCode: 'FINANCE',
    employeeTypeCode: 'FT',
    skillRankCode: null,
    subjects: [],
  },
  {
    code: 'E0005',
    name: '陈思远',
    gender: 1,
    schoolItemCode: 'SH01',
    campuses: ['SH01'],
    postCode: 'TEACHER',
    employeeTypeCode: 'FT',
    skillRankCode: 'TR3',
    subjects: [1, 2],
  },
  {
    code: 'E0006',
    name: '刘芳',
    gender: 2,
    schoolItemCode: 'SH01',
    campuses: ['SH01'],
    postCode: 'HR',
    employeeTypeCode: 'FT',
    skillRankCode: null,
    subjects: [],
  },
];

const SURNAMES = [
  '张',
  '王',
  '李',
  '赵',
  '刘',
  '陈',
  '杨',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
  '梁',
  '宋',
  '郑',
  '谢',
];
const GIVEN_F = [
  '雅婷',
  '欣怡',
  '思琪',
  '佳慧',
  '梦瑶',
  '静怡',
  '晓彤',
  '雨萱',
  '诗涵',
  '婉清',
  '可馨',
  '若琳',
];
const GIVEN_M = [
  '浩然',
  '子轩',
  '宇航',
  '俊杰',
  '博文',
  '志强',
  '明轩',
  '天宇',
  '建华',
  '嘉豪',
  '文博',
  '振宇',
];

/** Deterministic staff per campus: consultant, growth consultant, two teachers (ranks 1–5), a leader; per region a supervisor and an assessor. */
export function demoStaff(): DemoEmployee[] {
  const out: DemoEmployee[] = [...NAMED_EMPLOYEES];
  let n = 7;
  const add = (
    campus: string,
    postCode: string,
    rank: string | null,
    subjects: number[],
    campuses: string[] = [campus],
  ) => {
    const i = n - 7;
    const female = i % 3 !== 0;
    const givens = female ? GIVEN_F : GIVEN_M;
    // A real name, never a padded one: walk the surname × given-name grid from this person's
    // starting point to the first combination not yet taken.
    let name = '';
    for (let k = 0; k < SURNAMES.length * givens.length; k += 1) {
      const surname = SURNAMES[(i + Math.floor(k / givens.length)) % SURNAMES.length] ?? '张';
      const candidate = `${surname}${givens[(i * 5 + k) % givens.length] ?? '晓'}`;
      if (!out.some((e) => e.name === candidate)) {
        name = candidate;
        break;
      }
    }
    out.push({
      code: `E${String(n).padStart(4, '0')}`,
      name,
      gender: female ? 2 : 1,
      schoolItemCode: campus,
      campuses,
      postCode,
      employeeTypeCode: i % 11 === 5 ? 'PT' : 'FT',
      skillRankCode: rank,
      subjects,
    });
    n += 1;
  };
  const regions = new Map<string, string[]>();
  for (const [ci, c] of DEMO_CAMPUSES.entries()) {
    regions.set(c.provinceTypeCode, [...(regions.get(c.provinceTypeCode) ?? []), c.code]);
    if (c.code !== 'SH01') add(c.code, 'LEADER', null, []);
    add(c.code, 'CONSULTANT', `CR${String((ci % 3) + 1)}`, []);
    add(c.code, 'GROWTH', `CR${String(((ci + 1) % 3) + 1)}`, []);
    add(c.code, 'TEACHER', `TR${String((ci % 5) + 1)}`, [(ci % 8) + 1, ((ci + 3) % 8) + 1]);
    add(c.code, 'TEACHER', `TR${String(((ci + 2) % 5) + 1)}`, [((ci + 1) % 8) + 1]);
  }
  for (const [, campuses] of regions) {
    const first = campuses[0] ?? 'SH01';
    add(first, 'SUPERVISOR', 'TR5', [1, 7], campuses);
    add(first, 'ASSESSOR', 'TR4', [2], campuses);
  }
  return out;
}

const pad = (x: number) => String(x).padStart(2, '0');

export async function seedEmployeesDemo({ db, now }: SeedContext) {
  await db.insert(employeeTypes).values(DEMO_EMPLOYEE_TYPES.map((t, i) => ({ ...t, sort: i + 1 })));
  await db.insert(posts).values(DEMO_POSTS.map((p, i) => ({ ...p, sort: i + 1 })));
  await db.insert(skillRankTypes).values(DEMO_SKILL_RANK_TYPES.map((t, i) => ({ ...t, sort: i + 1 })));
  await db.insert(skillRanks).values(DEMO_SKILL_RANKS.map((r) => ({ ...r, sort: r.level })));
  await db.insert(subjects).values(DEMO_SUBJECTS.map((name, i) => ({ name, sort: i + 1 })));
  const staff = demoStaff();
  const year = now.getUTCFullYear();
  await db.insert(employees).values(
    staff.map((e, i) => ({
      code: e.code,
      name: e.name,
      mobile: `139${String(10000000 + i * 7919).slice(-8)}`,
      gender: e.gender,
      schoolItemCode: e.schoolItemCode,
      postCode: e.postCode,
      employeeTypeCode: e.employeeTypeCode,
      skillRankCode: e.skillRankCode,
      entryDate: `${String(year - 1 - (i % 6))}-${pad((i % 12) + 1)}-${pad((i % 27) + 1)}`,
    })),
  );
  await db
    .insert(employeeCampuses)
    .values(
      staff.flatMap((e) => e.campuses.map((schoolItemCode) => ({ employeeCode: e.code, schoolItemCode }))),
    );
  const subjectLinks = staff.flatMap((e) =>
    [...new Set(e.subjects)].map((subjectId) => ({ employeeCode: e.code, subjectId })),
  );
  if (subjectLinks.length) await db.insert(employeeSubjects).values(subjectLinks);
  // The last twelve salary months; all but the last two are closed.
  const periods = [];
  for (let k = 12; k >= 1; k--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k + 1, 1));
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    periods.push({
      year: y,
      month: m,
      startDate: `${String(y)}-${pad(m)}-01`,
      endDate: `${String(y)}-${pad(m)}-${pad(last)}`,
      status: k <= 2 ? 1 : 0,
    });
  }
  await db.insert(salaryPeriods).values(periods);
}
