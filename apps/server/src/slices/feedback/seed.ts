// Demo feedback (deterministic): what the demo staff told the product team over the last weeks,
// some handled with a reply, so /operation/feedback opens on both states. Written through the
// slice's own commands on a clock set to when each was sent and answered.
import { inArray } from 'drizzle-orm';
import { ROLE } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { createFeedback, updateFeedback } from './service.js';

const IP = '127.0.0.1';
const DAY = 86_400_000;

/** [who, days ago, what they wrote, the reply (handled) or null (open)]. */
const NOTES: Array<[string, number, string, string | null]> = [
  [
    'teacher',
    26,
    '课表页面希望能按周打印，方便贴在教室门口。',
    '已支持：课表页右上角“打印本周”，按教室或教师打印。',
  ],
  [
    'sales',
    19,
    '新建学员时手机号重复的提示不够明显，建议直接显示已有学员的姓名和校区。',
    '已改为在手机号下方显示已有学员的姓名、校区和顾问。',
  ],
  ['director', 12, '审批列表希望能一键查看本周所有待审批的请假和补课申请。', null],
  ['scheduler', 8, '一对一排课时，希望能看到老师本周已排满的时段，避免反复试排。', null],
  [
    'finance',
    5,
    '收款记录导出的日期格式希望统一为北京时间，方便和银行流水核对。',
    '已修复：导出的日期均为北京时间。',
  ],
  ['teacher', 2, '补课申请通过后，希望教师能收到提醒。', null],
];

export async function seedFeedbackDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, ['admin', ...NOTES.map(([who]) => who)]));
  const actor = (username: string) => {
    const p = people.find((x) => x.username === username);
    return p
      ? { ...seedActor(p.id, p.username, p.username === 'admin' ? [ROLE.admin] : []), name: p.name }
      : null;
  };
  const admin = actor('admin');
  if (!admin) return;
  for (const [who, back, content, reply] of NOTES) {
    const u = actor(who);
    if (!u) continue;
    const sent = new Date(now.getTime() - back * DAY);
    const { code } = await createFeedback(seedDeps(wiring, db, sent), u, IP, {
      content,
      filelist: [],
      sourcecode: 3,
    });
    if (reply)
      await updateFeedback(seedDeps(wiring, db, new Date(sent.getTime() + DAY)), admin, IP, {
        code,
        status: 'handled',
        reply,
        version: 1,
      });
  }
}
