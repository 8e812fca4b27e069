// Demo case files (deterministic): a handful of students at every demo campus, some with an
// adviser, some waiting for one, some whose service ends soon (renewal), with follow records.
// Created through createStudent, the one place a student is inserted.
import { STUDENT_FOLLOW_NODES } from '@bo/api-sdk';
import { shanghaiDate, STUDENT_STATUS } from '@bo/domain';
import { asc, inArray } from 'drizzle-orm';
import type { SeedContext } from '../../seed/context.js';
import { CHILD, PARENT, SURNAMES } from '../clues/index.js';
import { schoolItems, users } from '../../db/schema.js';
import { createStudent } from './service.js';
import { studentFollows, students } from './tables.js';
import { eq } from 'drizzle-orm';

const DIAGNOSES = [
  ['孤独症谱系障碍', '复旦大学附属儿科医院'],
  ['语言发育迟缓', '上海市儿童医院'],
  ['注意缺陷多动障碍', '浙江大学医学院附属儿童医院'],
  ['发育性协调障碍', '南京市儿童医院'],
  ['脑瘫（轻度）', '首都医科大学附属北京儿童医院'],
  ['感觉统合失调', '上海交通大学医学院附属新华医院'],
] as const;
const FOLLOW_TEXTS = [
  '家长反馈孩子在家主动开口次数增多，会用短句表达需求。',
  '本周请假一次，已约好补课时间。',
  '与家长沟通月度评估结果，语言理解进步明显，表达仍需加强。',
  '家长咨询剩余课时和续费优惠，已说明续费流程。',
  '孩子近期情绪稳定，课堂配合度提高。',
];
const PER_CAMPUS = 6;
const DAY = 86_400_000;

export async function seedStudentsDemo({ db, now, wiring }: SeedContext) {
  const campuses = (
    await db.select({ code: schoolItems.code }).from(schoolItems).orderBy(asc(schoolItems.code))
  ).map((r) => r.code);
  const staff = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'director', 'sales']));
  const idOf = (n: string) => staff.find((u) => u.username === n)?.id ?? null;
  // A student's adviser is a consultant of the campus (issue 33 §4): the demo has one, at SH01;
  // students of the other campuses wait for theirs (the "without adviser" list).
  const adviserAt = (campus: string) => (campus === 'SH01' ? idOf('sales') : null);
  let n = 0;
  for (const campus of campuses) {
    for (let k = 0; k < PER_CAMPUS; k++, n++) {
      const surname = SURNAMES[(n * 7 + 3) % SURNAMES.length] ?? '王';
      const [parentGiven, relation] = PARENT[(n * 5 + 1) % PARENT.length] ?? ['丽', '母亲'];
      const [diagnosis, hospital] = DIAGNOSES[n % DIAGNOSES.length] ?? DIAGNOSES[0];
      const ageYears = 3 + (n % 6);
      const born = new Date(now.getTime() - (ageYears * 365 + (n % 200)) * DAY);
      const createdAt = new Date(now.getTime() - (20 + n * 3) * DAY);
      const adviserId = k % 3 === 2 ? null : adviserAt(campus);
      const s = await createStudent(
        wiring.ports.phoneHolder,
        db,
        {
          name: surname + (CHILD[(n * 11 + 5) % CHILD.length] ?? '小宝'),
          gender: 1 + (n % 2),
          birthDate: shanghaiDate(born),
          parentName: surname + parentGiven,
          relation,
          phone: `136${String(30_000_000 + n * 7_877).slice(-8)}`,
          schoolItemCode: campus,
          insurance: n % 4 === 0,
          adviserId,
          diagnosis,
          diagnosisHospital: hospital,
          diagnosisDate: shanghaiDate(new Date(born.getTime() + 2 * 365 * DAY)),
          assessmentSummary: 'PEP-3 评估：语言理解与表达落后同龄约一年，精细动作接近同龄。',
          rehabHistory: n % 2 ? '曾在社区康复站接受半年语言训练。' : '',
          // Every third student's service ends within the coming weeks: the renewal list has rows.
          serviceEndDate: shanghaiDate(new Date(now.getTime() + (k % 3 === 0 ? 10 + k : 120 + n) * DAY)),
        },
        { userId: adviserId ?? idOf('admin'), at: createdAt },
      );
      if (k === PER_CAMPUS - 1)
        await db.update(students).set({ status: STUDENT_STATUS.suspended }).where(eq(students.id, s.id));
      for (let f = 0; f < k % 3; f++)
        await db.insert(studentFollows).values({
          studentId: s.id,
          schoolItemCode: campus,
          node: STUDENT_FOLLOW_NODES[(n + f) % STUDENT_FOLLOW_NODES.length]?.code ?? 'other',
          method: 1 + ((n + f) % 3),
          content: FOLLOW_TEXTS[(n + f) % FOLLOW_TEXTS.length] ?? '',
          createdBy: adviserId ?? idOf('admin') ?? 1,
          createdAt: new Date(createdAt.getTime() + (f + 1) * 5 * DAY),
        });
    }
  }
}
