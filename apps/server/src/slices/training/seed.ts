// Demo trainings (issue 34 §5): a monthly in-house training at SH02, HZ01 and NJ01 over the last five
// months, its staff invited and signed in (one absent each time) through the slice's own commands,
// and next week's training invited but not yet held, so /staffsalary/trainingManagement opens on
// rows and the payroll history pays the training hours (it runs before the payroll seeds; SH01's
// payroll months are the journeys', so SH01 has none: docs/demo.md).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { employees, users } from '../../db/schema.js';
import { save, sign } from './service.js';

const CAMPUSES = ['SH02', 'HZ01', 'NJ01'];
const SUBJECTS = [
  '感觉统合训练方法进阶',
  '语言发育评估量表使用',
  '家长沟通与服务礼仪',
  '课堂行为管理实务',
  '个训计划目标撰写',
  '新学期安全与应急演练',
];
const TRAINERS = ['周教授', '教学督导', '中心主任'];

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function seedTrainingDemo({ db, now, wiring }: SeedContext) {
  const [hrRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
  if (!hrRow) return;
  const hr = seedActor(hrRow.id, 'hr', [ROLE.hr]);
  for (const [ci, campus] of CAMPUSES.entries()) {
    const staff = (
      await db
        .select({ code: employees.code })
        .from(employees)
        .where(
          and(
            eq(employees.schoolItemCode, campus),
            inArray(employees.postCode, ['TEACHER', 'CONSULTANT', 'GROWTH']),
          ),
        )
        .orderBy(asc(employees.code))
    ).map((e) => e.code);
    if (!staff.length) continue;
    for (let back = 5; back >= 0; back--) {
      // The second Saturday-ish of the month, 09:00 Beijing; back 0 is next week's, not yet held.
      const held = back > 0;
      const day = held
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 9 + ci, 1))
        : new Date(now.getTime() + 7 * 86_400_000);
      const filed = seedDeps(wiring, db, new Date(day.getTime() - (held ? 10 : 3) * 86_400_000));
      const row = await save(filed, hr, {
        schoolItemCode: campus,
        subject: SUBJECTS[(back + ci) % SUBJECTS.length] ?? '岗位培训',
        trainingDate: dayOf(day),
        hours: back % 2 === 0 ? 2 : 3,
        trainer: TRAINERS[(back + ci) % TRAINERS.length] ?? '中心主任',
        remark: '',
        attendeeCodes: staff,
      });
      if (!held) continue;
      await sign(seedDeps(wiring, db, new Date(day.getTime() + 4 * 3_600_000)), hr, {
        id: row.id,
        version: row.version,
        attendedCodes: staff.filter((_, i) => i !== back % staff.length),
      });
    }
  }
}
