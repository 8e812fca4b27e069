// Demo teaching-plan library and one individual plan (deterministic): two course types of the
// dictionary assist_course_type (1 个训课, 2 小组课), four targets each with their strategies, a
// lesson plan, and the first SH01 student's plan with a few lessons of progress, so /setting/course
// and the student detail's 个训计划 tab open on real content.
import { and, asc, eq, ne } from 'drizzle-orm';
import { shanghaiDate, STUDENT_STATUS } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { students } from '../../db/schema.js';
import { must } from '../../shared/must.js';
import {
  lessonPlans,
  planObjects,
  planProgress,
  planStrategies,
  planTargets,
  studentPlanTargets,
} from './planTables.js';

type Lib = Record<
  string,
  {
    objects: Array<[string, 'behaviour' | 'skill']>;
    targets: Array<{
      code: string;
      name: string;
      domain: string;
      object: string;
      mastery: string;
      strategies: Array<[string, string, string]>;
    }>;
  }
>;

const LIBRARY: Lib = {
  '1': {
    objects: [
      ['模仿', 'skill'],
      ['主动语言', 'skill'],
      ['精细动作', 'skill'],
      ['问题行为', 'behaviour'],
    ],
    targets: [
      {
        code: 'IT-LANG-01',
        name: '仿说双音节词',
        domain: '语言',
        object: '主动语言',
        mastery: '连续3节课独立正确率≥80%',
        strategies: [
          ['口型示范', '1. 面对面坐好\n2. 夸张口型示范\n3. 等待3秒后给提示', '镜子、图卡'],
          ['强化物跟随', '1. 展示喜欢的物品\n2. 说出名称后给予', '强化物'],
        ],
      },
      {
        code: 'IT-IMIT-01',
        name: '动作模仿（拍手、挥手）',
        domain: '认知',
        object: '模仿',
        mastery: '连续3节课10次中8次独立完成',
        strategies: [['全辅助到独立', '1. 手把手辅助\n2. 逐步减少辅助', '']],
      },
      {
        code: 'IT-FINE-01',
        name: '三指捏取小物件',
        domain: '运动',
        object: '精细动作',
        mastery: '独立捏取10个小物件无掉落',
        strategies: [['分级难度', '1. 从大积木开始\n2. 换成小珠子', '积木、串珠']],
      },
      {
        code: 'IT-BEH-01',
        name: '等待5秒不哭闹',
        domain: '行为',
        object: '问题行为',
        mastery: '连续5节课每次等待均无哭闹',
        strategies: [['视觉计时器', '1. 展示计时器\n2. 时间到立即给予', '视觉计时器']],
      },
    ],
  },
  '2': {
    objects: [
      ['轮流', 'skill'],
      ['共同注意', 'skill'],
    ],
    targets: [
      {
        code: 'GR-SOC-01',
        name: '小组活动中轮流等待',
        domain: '社交',
        object: '轮流',
        mastery: '3次活动中均能等待轮次',
        strategies: [['轮流卡', '1. 发放轮流卡\n2. 持卡者操作', '轮流卡']],
      },
      {
        code: 'GR-SOC-02',
        name: '回应同伴呼名',
        domain: '社交',
        object: '共同注意',
        mastery: '10次呼名中8次转头回应',
        strategies: [['同伴示范', '1. 老师先示范回应\n2. 同伴呼名', '']],
      },
      {
        code: 'GR-COG-01',
        name: '按指令取物',
        domain: '认知',
        object: '共同注意',
        mastery: '两步指令正确率≥80%',
        strategies: [['从一步到两步指令', '1. 一步指令\n2. 两步指令', '日常物品']],
      },
      {
        code: 'GR-MOT-01',
        name: '跟随音乐做律动',
        domain: '运动',
        object: '轮流',
        mastery: '整首歌跟随动作不离开座位',
        strategies: [['儿歌律动', '1. 慢速示范\n2. 正常速度', '音响']],
      },
    ],
  },
};

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export async function seedTeachingPlanDemo({ db, now }: SeedContext) {
  const firstTargets: number[] = [];
  const firstStrategies: number[] = [];
  for (const [courseTypeCode, lib] of Object.entries(LIBRARY)) {
    const objects = new Map<string, number>();
    for (const [i, [name, kind]] of lib.objects.entries()) {
      const [o] = await db
        .insert(planObjects)
        .values({ courseTypeCode, name, kind, sort: i })
        .returning({ id: planObjects.id });
      objects.set(name, must(o, 'plan object').id);
    }
    const steps: Array<{ targetId: number; strategyId: number | null }> = [];
    for (const [i, t] of lib.targets.entries()) {
      const [row] = await db
        .insert(planTargets)
        .values({
          courseTypeCode,
          code: t.code,
          name: t.name,
          domain: t.domain,
          objectId: objects.get(t.object) ?? null,
          mastery: t.mastery,
          sort: i,
        })
        .returning({ id: planTargets.id });
      const targetId = must(row, 'plan target').id;
      let first: number | null = null;
      for (const [j, [name, stepsText, materials]] of t.strategies.entries()) {
        const [s] = await db
          .insert(planStrategies)
          .values({ targetId, courseTypeCode, name, steps: stepsText, materials: materials || null, sort: j })
          .returning({ id: planStrategies.id });
        first ??= must(s, 'plan strategy').id;
      }
      steps.push({ targetId, strategyId: first });
      if (courseTypeCode === '1' && i < 2) {
        firstTargets.push(targetId);
        firstStrategies.push(first ?? 0);
      }
    }
    await db.insert(lessonPlans).values({
      courseTypeCode,
      name: courseTypeCode === '1' ? '个训课标准课案' : '小组课标准课案',
      minutes: courseTypeCode === '1' ? 45 : 60,
      items: steps.slice(0, 3),
    });
  }
  const [s] = await db
    .select({ id: students.id, campus: students.schoolItemCode })
    .from(students)
    .where(and(eq(students.schoolItemCode, 'SH01'), ne(students.status, STUDENT_STATUS.deleted)))
    .orderBy(asc(students.id))
    .limit(1);
  if (!s) return;
  const today = shanghaiDate(now);
  const start = addDays(today, -42);
  const scores = [20, 35, 40, 55, 60, 72];
  for (const [i, targetId] of firstTargets.entries()) {
    const [pt] = await db
      .insert(studentPlanTargets)
      .values({
        studentId: s.id,
        schoolItemCode: s.campus,
        courseTypeCode: '1',
        targetId,
        strategyIds: [firstStrategies[i] ?? 0].filter((x) => x > 0),
        baseline: i === 0 ? '需全辅助，正确率约10%' : '需部分辅助',
        goal: i === 0 ? '独立仿说，正确率≥80%' : '10次中8次独立完成',
        startOn: start,
        expectedEndOn: addDays(start, 90),
        version: i === 0 ? scores.length + 1 : 1,
      })
      .returning({ id: studentPlanTargets.id });
    if (i !== 0) continue;
    await db.insert(planProgress).values(
      scores.map((score, k) => ({
        planTargetId: must(pt, 'student plan target').id,
        on: addDays(start, 7 * k + 1),
        score,
        note: '',
        recordedByName: '陈思远',
      })),
    );
  }
}
