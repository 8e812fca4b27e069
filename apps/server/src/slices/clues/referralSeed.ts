// Demo referrals and a consultant's approval (deterministic), through the clue slice's own commands:
// - Families of SH01's students recommend friends: the consultant (sales, 李晓燕) enters their
//   children as clues of the channel 老带新转介绍 naming the recommender, over the last seven weeks;
//   some visited. /clues/recommendStatic counts them per recommender.
// - SH01's abandon requests may also be decided by its senior consultant 李晓燕: the administrator
//   saved the flow of 线索放弃审批 (every campus's) as one step, the campus heads (and
//   administrators) or her; she holds SH01 only, so she decides SH01's. The
//   centre leader (leader01, 赵明辉) took a walk-in family's clue himself and asks to abandon it: it
//   waits in 李晓燕's approvals panel on the workbench (/workSurface/index).
import { contract } from '@bo/api-sdk';
import { APPROVER_ROLES, ROLE } from '@bo/domain';
import { inArray } from 'drizzle-orm';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { users } from '../../db/schema.js';
import { savePolicy } from '../approvals/index.js';
import { abandonRequest, confirmVisit, follow, scheduleVisit } from './actions.js';
import { CLUE_KINDS } from './approvalKinds.js';
import { createClue } from './creation.js';
import './approvals.js';

const CAMPUS = 'SH01';
const DAY = 86_400_000;
const IP = '127.0.0.1';
/** [child, parent, relation, recommender, days ago created, visited] */
const REFERRALS: ReadonlyArray<readonly [string, string, '母亲' | '父亲', string, number, boolean]> = [
  ['吴梓萱', '吴静', '母亲', '王丽（学员王子涵家长）', 48, true],
  ['郑浩宇', '郑磊', '父亲', '王丽（学员王子涵家长）', 30, false],
  ['冯一诺', '冯婷', '母亲', '王丽（学员王子涵家长）', 9, false],
  ['蒋宇轩', '蒋强', '父亲', '陈艳（学员陈可馨家长）', 41, true],
  ['沈欣怡', '沈娜', '母亲', '陈艳（学员陈可馨家长）', 16, false],
  ['韩俊熙', '韩伟', '父亲', '刘芳（学员刘沐阳家长）', 22, true],
];

export async function seedClueReferralsDemo({ db, now, wiring }: SeedContext) {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['sales', 'admin', 'leader01']));
  const idOf = (n: string) => people.find((p) => p.username === n)?.id;
  const [salesId, adminId, leaderId] = [idOf('sales'), idOf('admin'), idOf('leader01')];
  if (!salesId || !adminId) return;
  const sales = { ...seedActor(salesId, 'sales', [ROLE.consultant]), allScope: false, schoolItems: [CAMPUS] };
  for (const [i, [child, parent, relation, recommender, back, visited]] of REFERRALS.entries()) {
    const created = new Date(now.getTime() - back * DAY + (i % 3) * 3_600_000);
    const c = await createClue(
      seedDeps(wiring, db, created),
      sales,
      contract.clues.clueSave.body.parse({
        childName: child,
        parentName: parent,
        relation,
        phone: `136${String(52_000_000 + i * 7_331).slice(-8)}`,
        schoolItemCode: CAMPUS,
        channel: 'REFER_OLD',
        recommender,
        gender: (i % 2) + 1,
        note: '老学员家长推荐',
      }),
      IP,
    );
    await follow(
      seedDeps(wiring, db, new Date(created.getTime() + 2 * 3_600_000)),
      sales,
      contract.clues.followSave.body.parse({
        clueId: c.clueId,
        content: '推荐人已介绍过机构情况，家长希望先来校区看看，约了评估时间。',
      }),
    );
    if (visited) {
      const visitAt = new Date(created.getTime() + 3 * DAY);
      await scheduleVisit(
        seedDeps(wiring, db, new Date(created.getTime() + DAY)),
        sales,
        contract.clues.intoSchoolSave.body.parse({ clueId: c.clueId, visitAt: visitAt.toISOString() }),
      );
      await confirmVisit(
        seedDeps(wiring, db, new Date(visitAt.getTime() + 3_600_000)),
        sales,
        contract.clues.clueConfirmSave.body.parse({ clueId: c.clueId, visitedAt: visitAt.toISOString() }),
      );
    }
  }
  if (!leaderId) return;
  const admin = seedActor(adminId, 'admin', [ROLE.admin]);
  const flowAt = new Date(now.getTime() - 60 * DAY);
  await savePolicy(
    seedDeps(wiring, db, flowAt),
    admin,
    {
      kind: CLUE_KINDS.abandon,
      steps: [
        {
          name: '主管或资深顾问审批',
          roles: [ROLE.admin, ...APPROVER_ROLES],
          userIds: [salesId],
          mode: 'any',
          aboveCents: null,
        },
      ],
    },
    IP,
  );
  const leader = seedActor(leaderId, 'leader01', [ROLE.centreLeader]);
  const asked = new Date(now.getTime() - 2 * DAY);
  const created = new Date(asked.getTime() - 5 * DAY);
  const c = await createClue(
    seedDeps(wiring, db, created),
    leader,
    contract.clues.clueSave.body.parse({
      childName: '曹思彤',
      parentName: '曹丽',
      relation: '母亲',
      phone: '13652099001',
      schoolItemCode: CAMPUS,
      channel: 'WALKIN',
      ownerUserId: leaderId,
      gender: 2,
      note: '周末路过校区咨询',
    }),
    IP,
  );
  await abandonRequest(
    seedDeps(wiring, db, asked),
    leader,
    [c.clueId],
    null,
    '家长已选择离家近的机构，暂不考虑',
  );
}
