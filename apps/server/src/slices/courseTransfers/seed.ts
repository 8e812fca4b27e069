// A demo course transfer (deterministic): one of the demo teacher's pupils (orders/pupilSeed.ts)
// moves ten unused paid hours to another course a week ago, so the order lists show a
// transfer order beside the purchases. Written through the slice's own command on a clock set to
// that day: the hours leave the old item and arrive in a new effective order on the ledger.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { ROLE, STUDENT_STATUS } from '@bo/domain';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { courses, orderItems, orders, students, users } from '../../db/schema.js';
import { transferCreate } from './service.js';
import { ORDER_STATUS_CODE } from '../orders/index.js';

const CAMPUS = 'SH01';
const DAY = 86_400_000;

export async function seedCourseTransfersDemo({ db, now, wiring }: SeedContext) {
  const [salesRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'sales'));
  if (!salesRow) return;
  const sales = seedActor(salesRow.id, 'sales', [ROLE.consultant]);
  // The newest effective SH01 order of a pupil (the pupils' orders are the campus's latest).
  const [item] = await db
    .select({ id: orderItems.id, courseCode: orderItems.courseCode })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(
      and(
        eq(orders.schoolItemCode, CAMPUS),
        eq(orders.status, ORDER_STATUS_CODE.effective),
        eq(students.status, STUDENT_STATUS.reading),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (!item) return;
  const [target] = await db
    .select({ code: courses.code })
    .from(courses)
    .where(and(eq(courses.validStatus, 1), eq(courses.purchaseUnit, 1), ne(courses.code, item.courseCode)))
    .orderBy(asc(courses.code))
    .limit(1);
  if (!target) return;
  const at = new Date(now.getTime() - 7 * DAY);
  await transferCreate(
    { db, ...wiring, now: () => at },
    sales,
    {
      orderItemId: item.id,
      targetCourseCode: target.code,
      hours: 10,
      remark: '家长希望调整训练内容，转出部分课时到另一门课程',
    },
    '127.0.0.1',
  );
}
