// Demo school transfers (deterministic), so /financial/transferSchool opens on every state: awaiting
// approval, in approval (the campus head passed, finance to go), moved, rejected and withdrawn.
// Students who bought nothing move between the director's campuses (so no demo order or ledger row
// another seed or test reads changes campus); the engine's flow decides each through the slice's
// own commands on a clock set to when it would have happened.
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { orders, students, users } from '../../db/schema.js';
import { cancelRequest, decide } from '../approvals/index.js';
import { apply } from './service.js';

const IP = '127.0.0.1';
const DAY = 86_400_000;

export async function seedSchoolTransfersDemo({ db, now, wiring }: SeedContext) {
  const people = await db.select({ id: users.id, username: users.username }).from(users);
  const id = (name: string) => people.find((p) => p.username === name)?.id;
  const [adminId, salesId, directorId, financeId] = [id('admin'), id('sales'), id('director'), id('finance')];
  if (!adminId || !salesId || !directorId || !financeId) return;
  const admin = seedActor(adminId, 'admin', [ROLE.admin]);
  const sales = seedActor(salesId, 'sales', [ROLE.consultant]);
  const director = seedActor(directorId, 'director', [ROLE.director]);
  const finance = seedActor(financeId, 'finance', [ROLE.finance]);
  const at = (daysFromNow: number) => seedDeps(wiring, db, new Date(now.getTime() + daysFromNow * DAY));

  /** Active students of a campus who bought nothing, newest first. */
  const buyers = db.select({ id: orders.studentId }).from(orders);
  const free = async (campus: string) =>
    (
      await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.schoolItemCode, campus),
            eq(students.status, STUDENT_STATUS.reading),
            notInArray(students.id, buyers),
          ),
        )
        .orderBy(desc(students.id))
    ).map((s) => s.id);
  // One after another: the seed's transaction is one connection.
  const sh01 = await free('SH01');
  const sh02 = await free('SH02');
  const hz01 = await free('HZ01');
  const nj01 = await free('NJ01');

  const file = async (
    u: typeof admin,
    studentId: number | undefined,
    to: string,
    reason: string,
    d: number,
  ) => (studentId ? apply(at(d), u, { studentId, toSchoolItemCode: to, reason }) : null);

  await file(sales, sh01?.[0], 'SH02', '家庭搬家，新住址离转入校区更近', -2);
  const moved = await file(admin, sh02?.[0], 'SH01', '家长工作调动，希望在SH01继续训练', -30);
  if (moved) {
    await decide(at(-29), director, { id: moved.approvalId, pass: true, comment: '同意转校' }, IP);
    await decide(at(-28), finance, { id: moved.approvalId, pass: true, comment: '课时余额已核对' }, IP);
  }
  const halfway = await file(admin, sh02?.[1], 'SH01', '转入校区有合适的集体课', -5);
  if (halfway) await decide(at(-4), director, { id: halfway.approvalId, pass: true, comment: '同意' }, IP);
  const refused = await file(admin, hz01?.[0], 'SH01', '家长希望换到上海的校区', -12);
  if (refused)
    await decide(
      at(-11),
      director,
      { id: refused.approvalId, pass: false, comment: '转入校区本月排课已满，请下月再申请' },
      IP,
    );
  const withdrawn = await file(admin, nj01?.[0], 'SH01', '暑期在上海生活两个月', -20);
  if (withdrawn)
    await cancelRequest(at(-19), admin, { id: withdrawn.approvalId, comment: '家长改为暑期请假' }, IP);
}
