// Demo course authorities (deterministic): every demo teacher may teach two course categories up to a
// level that follows the teacher's skill rank; senior teachers may also run assessments.
import type { SeedContext } from '../../seed/context.js';
import { must } from '../../shared/must.js';
import { demoStaff } from '../employees/index.js';
import { courseAuthorities, courseAuthorityRanks } from './tables.js';

const CATEGORIES = ['KF', 'YY', 'GT', 'ZJ'];

/** Course rank codes (the courses slice's <category><level>, e.g. YY1 语言训练初级) of the k-th teacher with skill rank TRn. */
export function demoTeacherRanks(k: number, skillRank: string | null): string[] {
  const n = Number((skillRank ?? 'TR1').replace(/\D/g, '')) || 1;
  const levels = n >= 5 ? [1, 2, 3] : n >= 3 ? [1, 2] : [1];
  const cats = [CATEGORIES[k % 4] ?? 'KF', CATEGORIES[(k + 1) % 4] ?? 'YY'];
  const ranks = cats.flatMap((c) => levels.map((l) => `${c}${l}`));
  if (n >= 4) ranks.push('PG1');
  return ranks.sort();
}

export async function seedCourseAuthority({ db }: SeedContext) {
  const teachers = demoStaff().filter((e) => e.postCode === 'TEACHER');
  for (const [k, t] of teachers.entries()) {
    const [row] = await db
      .insert(courseAuthorities)
      .values({ employeeCode: t.code, remark: k === 0 ? '语言与康复方向' : null })
      .returning({ id: courseAuthorities.id });
    const id = must(row, 'authority').id;
    await db
      .insert(courseAuthorityRanks)
      .values(
        demoTeacherRanks(k, t.skillRankCode).map((courseRankCode) => ({ authorityId: id, courseRankCode })),
      );
  }
}
