// Demo course authorities (deterministic): the demo teacher and a few more teachers by employee code.
import type { SeedContext } from '../../seed/context.js';
import { must } from '../../shared/must.js';
import { courseAuthorities, courseAuthorityRanks } from './tables.js';

/** Employee code → course rank codes (the courses slice's ranks: <category><level>, e.g. YY1 语言训练初级). */
export const DEMO_AUTHORITIES: { employeeCode: string; ranks: string[]; remark: string | null }[] = [
  { employeeCode: 'E0005', ranks: ['KF1', 'KF2', 'YY1', 'YY2', 'YY3'], remark: '语言与康复方向' },
  { employeeCode: 'E0101', ranks: ['GT1', 'GT2', 'ZJ1'], remark: '感统训练方向' },
  { employeeCode: 'E0102', ranks: ['KF2', 'KF3', 'YY3', 'PG1', 'PG2'], remark: '高级教师，可做评估' },
  { employeeCode: 'E0103', ranks: ['ZJ1'], remark: '新入职教师，试用期' },
];

export async function seedCourseAuthority({ db }: SeedContext) {
  for (const d of DEMO_AUTHORITIES) {
    const [row] = await db.insert(courseAuthorities).values({ employeeCode: d.employeeCode, remark: d.remark }).returning({ id: courseAuthorities.id });
    const id = must(row, 'authority').id;
    await db.insert(courseAuthorityRanks).values(d.ranks.map((courseRankCode) => ({ authorityId: id, courseRankCode })));
  }
}
