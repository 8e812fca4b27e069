// Demo leave, make-up and suspension (temporary absence) requests at SH01 (deterministic), so the
// request and approval screens open on every state they filter on: awaiting approval, in approval
// (suspension: the campus head passed, finance to go), approved, rejected, revoked and withdrawn.
// The consultant (sales) files them for the demo teacher's pupils; the centre leader (leader01) or
// the director decides, finance takes a suspension's second step. Every step goes through the
// slice's own commands and the approval engine on a clock set to when it would have happened
// (make-ups name the pupils' missed lessons of teaching/historySeed.ts and, once approved, are
// booked with the missed lesson's teacher on the timetable by the teaching seam).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { attendances, studentLedger, students, users } from '../../db/schema.js';
import { decide } from '../approvals/index.js';
import { fileLeave, fileMakeup, fileTemporaryAbsence, withdrawOrRevoke } from './service.js';

const CAMPUS = 'SH01';
const IP = '127.0.0.1';
const DAY = 86_400_000;

const dayOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function seedAbsencesDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['sales', 'director', 'finance', 'leader01']));
  const id = (name: string) => people.find((p) => p.username === name)?.id;
  const [salesId, directorId, financeId, leaderId] = [
    id('sales'),
    id('director'),
    id('finance'),
    id('leader01'),
  ];
  if (!salesId || !directorId || !financeId || !leaderId) return;
  const sales = seedActor(salesId, 'sales', [ROLE.consultant]);
  const director = seedActor(directorId, 'director', [ROLE.director]);
  const finance = seedActor(financeId, 'finance', [ROLE.finance]);
  const leader = seedActor(leaderId, 'leader01', [ROLE.centreLeader]);
  const at = (daysFromNow: number) => seedDeps(wiring, db, new Date(now.getTime() + daysFromNow * DAY));
  const day = (daysFromNow: number) => dayOf(new Date(now.getTime() + daysFromNow * DAY));
  const pass = async (u: typeof leader, approvalId: number, when: number, comment = '同意') =>
    decide(at(when), u, { id: approvalId, pass: true, comment }, IP);
  const reject = async (u: typeof leader, approvalId: number, when: number, comment: string) =>
    decide(at(when), u, { id: approvalId, pass: false, comment }, IP);

  // The demo teacher's pupils missed these lessons (absent, hours consumed): newest first.
  const missed = await db
    .select({ id: studentLedger.id, studentId: studentLedger.studentId })
    .from(studentLedger)
    .innerJoin(attendances, eq(attendances.id, studentLedger.sourceId))
    .where(
      and(
        eq(studentLedger.kind, 'consume'),
        eq(studentLedger.schoolItemCode, CAMPUS),
        eq(studentLedger.sourceType, 'attendance'),
        eq(attendances.status, 'absent'),
      ),
    )
    .orderBy(asc(studentLedger.id));
  const pupilIds = [...new Set(missed.map((m) => m.studentId))];
  const others = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolItemCode, CAMPUS), eq(students.status, STUDENT_STATUS.reading)))
    .orderBy(asc(students.id));
  // Pupils first, then the campus's other students.
  const kids = [...pupilIds, ...others.map((o) => o.id).filter((x) => !pupilIds.includes(x))];
  const kid = (i: number) => kids[i % Math.max(kids.length, 1)];
  if (!kids.length) return;

  // ---- leave ----
  const leave = async (i: number, from: number, to: number, reason: string, filed: number) =>
    fileLeave(at(filed), sales, {
      studentId: kid(i) as number,
      fromDate: day(from),
      toDate: day(to),
      reason,
    });
  await leave(0, 4, 5, '家中老人生病，需回老家两天', -1);
  const l1 = await leave(1, -9, -8, '孩子发烧，医生建议居家休息', -11);
  await pass(leader, l1.approvalId, -10, '同意，注意休息');
  const l2 = await leave(2, 12, 16, '全家外出旅游一周', -3);
  await reject(director, l2.approvalId, -2, '康复训练期间不建议连续停课一周，请调整为两三天');
  const l3 = await leave(3, 20, 21, '参加幼儿园入园面试', -4);
  await withdrawOrRevoke(at(-3), sales, 'leave', l3.id, '面试改期，不再请假', IP);
  const l4 = await leave(0, -6, -6, '外地复诊', -8);
  await pass(director, l4.approvalId, -7);
  const l5 = await leave(1, 30, 31, '家长出差无人接送', -6);
  await pass(leader, l5.approvalId, -5);
  await withdrawOrRevoke(at(-1), leader, 'leave', l5.id, '家长出差取消，恢复上课', IP);

  // ---- make-up (one missed lesson each) ----
  const makeup = async (m: number, date: number, span: string, reason: string, filed: number) => {
    const missedLesson = missed[m];
    if (!missedLesson) return null;
    return fileMakeup(at(filed), sales, {
      missedId: missedLesson.id,
      makeupDate: day(date),
      timeSpan: span,
      reason,
    });
  };
  // Pending (a future day), approved (booked on a past free day), rejected, withdrawn, revoked.
  await makeup(0, 3, '17:00-18:00', '缺课当天孩子生病，申请补课', -1);
  const m1 = await makeup(1, -4, '11:00-12:00', '家长临时加班未能送课，申请补课', -6);
  if (m1) await pass(leader, m1.approvalId, -5);
  const m2 = await makeup(2, 5, '17:00-18:00', '孩子情绪不佳未上课，申请补课', -2);
  if (m2) await reject(director, m2.approvalId, -1, '未到课且未提前请假，按规定不予补课');
  const m3 = await makeup(3, 6, '17:00-18:00', '缺课补课', -2);
  if (m3) await withdrawOrRevoke(at(-1), sales, 'makeup', m3.id, '与家长重新沟通补课时间后再申请', IP);
  const m4 = await makeup(4, -2, '11:00-12:00', '交通堵塞迟到未上课，申请补课', -4);
  if (m4) {
    await pass(director, m4.approvalId, -3);
    await withdrawOrRevoke(at(-2), director, 'makeup', m4.id, '家长当天未到，补课取消', IP);
  }

  // ---- suspension (temporary absence): campus head, then finance ----
  const suspend = async (i: number, from: number, to: number, reason: string, filed: number) =>
    fileTemporaryAbsence(at(filed), sales, {
      studentId: kid(i) as number,
      fromDate: day(from),
      toDate: day(to),
      reason,
    });
  await suspend(2, 45, 120, '孩子需做手术，术后居家休养三个月', -2);
  const t1 = await suspend(3, 60, 150, '随父母外派海外半年', -5);
  await pass(leader, t1.approvalId, -4, '情况属实，同意休学');
  const t2 = await suspend(0, -200, -120, '家庭搬迁，暂停上课', -205);
  await pass(director, t2.approvalId, -204);
  await pass(finance, t2.approvalId, -203, '剩余课时保留，复课后继续使用');
  const t3 = await suspend(1, 40, 70, '假期回老家', -8);
  await pass(leader, t3.approvalId, -7);
  await reject(finance, t3.approvalId, -6, '假期请假请走请假申请，休学需一个月以上的正当理由');
  const t4 = await suspend(kids.length > 4 ? 4 : 1, 90, 180, '考虑转到离家更近的机构', -9);
  await withdrawOrRevoke(at(-8), sales, 'temporaryAbsence', t4.id, '家长决定继续在本中心上课', IP);
}
