// Demo todos (deterministic) of the consultant (sales, 李晓燕), added and completed through the task
// centre's own commands: one overdue, two coming, two done, so the workbench's 我的待办 and the task
// centre open on her own list.
import { eq } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { addTodo, markTodo } from './service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** [title, content, added days ago, due in days from today (null: no date), completed] */
const TODOS: ReadonlyArray<readonly [string, string, number, number | null, boolean]> = [
  ['给王爸爸发评估报告', '评估报告PDF和训练建议一起发微信', 3, -1, false],
  ['准备周六家长讲座的资料', '语言发育里程碑讲义，打印30份', 2, 5, false],
  ['回访本月新签约家庭', '询问首周上课感受，记录到跟进记录', 1, 2, false],
  ['整理上月转介绍名单', '核对推荐人和赠课是否已登记', 12, -8, true],
  ['确认陈可馨的续费意向', '家长说月底前答复', 9, -3, true],
];

export async function seedTodosDemo({ db, now, wiring }: SeedContext) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'sales'));
  if (!row) return;
  const sales = seedActor(row.id, 'sales', [ROLE.consultant]);
  for (const [title, content, added, due, done] of TODOS) {
    const at = new Date(now.getTime() - added * DAY);
    const t = await addTodo(seedDeps(wiring, db, at), sales, {
      title,
      content,
      dueAt: due === null ? null : new Date(now.getTime() + due * DAY + 2 * HOUR).toISOString(),
    });
    if (done) await markTodo(seedDeps(wiring, db, new Date(at.getTime() + DAY)), sales, t.id, 1);
  }
}
