// Demo clues (deterministic): 60 across SH01/SH02/HZ01/BJ01 in every state, with follow records,
// approvals, ad-platform leads, converted students, channel signs and calendar entries.
import { and, eq, inArray } from 'drizzle-orm';
import { students, tags, users } from '../../db/schema.js';
import type { SeedContext } from '../../seed/context.js';
import {
  clueCalendarDays,
  clueCalendarSchools,
  clueChannelSigns,
  clueContacts,
  clueEvents,
  clueFollows,
  clueLeadsBaidu,
  clueLeadsDouyin,
  clueLeadsH5,
  clueMatriculations,
  clues,
  clueTags,
} from './tables.js';
import { fileRequest } from '../approvals/index.js';
import { CLUE_KINDS } from './approvalKinds.js';
// The clue kinds register on the engine when this module loads; a seed files requests of them.
import './approvals.js';
import { shanghaiDate, shanghaiDayStart } from '@bo/domain';
import { insertClue } from './creation.js';
import { nextNumbered } from '../../db/numbering.js';
import type { ClueState } from './states.js';

export const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
];
export const CHILD = [
  '子涵',
  '梓萱',
  '浩宇',
  '一诺',
  '欣怡',
  '宇轩',
  '诗涵',
  '俊熙',
  '雨桐',
  '皓轩',
  '思彤',
  '沐阳',
  '可馨',
  '嘉懿',
  '若曦',
  '奕辰',
  '语嫣',
  '博文',
  '佳琪',
  '天佑',
];
/** Parents' given names with the relation they fit: a mother is never listed as 父亲. */
export const PARENT: readonly (readonly [string, '父亲' | '母亲'])[] = [
  ['丽', '母亲'],
  ['静', '母亲'],
  ['敏', '母亲'],
  ['伟', '父亲'],
  ['强', '父亲'],
  ['芳', '母亲'],
  ['娜', '母亲'],
  ['磊', '父亲'],
  ['洋', '父亲'],
  ['艳', '母亲'],
  ['军', '父亲'],
  ['杰', '父亲'],
  ['婷', '母亲'],
  ['勇', '父亲'],
  ['霞', '母亲'],
];
/** Channel codes of the clue settings' demo channels. */
const CHANNELS = ['REFER_OLD', 'WALKIN', 'WECHAT_MP', 'BAIDU', 'DOUYIN', 'H5', 'MEITUAN'];
const FOLLOWS = [
  '电话沟通，家长关注孩子语言发育情况，约了周末到校参观。',
  '家长反馈孩子注意力不集中，介绍了感统训练课程，家长有兴趣。',
  '微信发送了课程介绍和评估流程，家长表示考虑一下。',
  '家长询问医保报销与康复补贴政策，已说明需提供诊断证明。',
  '未接通，稍后再联系。',
  '家长对比了两家机构，担心距离太远，已说明校区交通和接送时间。',
  '确认了到访时间，提醒家长带上既往评估报告。',
];
/** The states of the 60 demo clues, in order. */
const PLAN: Array<[ClueState, number]> = [
  ['pool', 6],
  ['following', 14],
  ['visit_scheduled', 6],
  ['visited', 5],
  ['assessed', 4],
  ['converted', 5],
  ['transfer_pending', 3],
  ['abandon_pending', 3],
  ['invalid_pending', 3],
  ['high_sea', 7],
  ['invalid', 4],
];
const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'BJ01'];
const OWNED: readonly ClueState[] = [
  'following',
  'visit_scheduled',
  'visited',
  'assessed',
  'converted',
  'transfer_pending',
  'abandon_pending',
  'invalid_pending',
  'invalid',
];
const DAY = 86_400_000;

export async function seedClues({ db, now, scale }: SeedContext) {
  const us = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'director', 'sales']));
  const id = (n: string) => us.find((u) => u.username === n)?.id ?? null;
  const ownerOf: Record<string, number | null> = {
    SH01: id('sales'),
    SH02: id('director'),
    HZ01: id('director'),
    BJ01: id('admin'),
  };
  const approver = id('director');
  // The demo clue tags of the dictionaries seed (seeded before clues), by name.
  const tagRows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.tagType, 1), inArray(tags.name, ['高意向', '周末可约', '价格敏感'])));
  const tagId = (n: string) => tagRows.find((r) => r.name === n)?.id;
  const states = PLAN.flatMap(([s, n]) => Array.from({ length: n * scale }, () => s));
  const today = shanghaiDayStart(now).getTime();

  for (const [i, state] of states.entries()) {
    // Requests wait for the director: they sit in SH01 where the sales consultant asked.
    const campus = ['transfer_pending', 'abandon_pending', 'invalid_pending'].includes(state)
      ? 'SH01'
      : (CAMPUSES[i % 4] ?? 'SH01');
    const owner = OWNED.includes(state) ? (ownerOf[campus] ?? null) : null;
    const surname = SURNAMES[i % SURNAMES.length] ?? '王';
    const ageYears = 2 + (i % 7);
    const birth = new Date(now.getTime() - ageYears * 365 * DAY - ((i * 37) % 300) * DAY);
    const createdAt = new Date(today - ((i * 7) % 40) * DAY - 3 * DAY + ((i * 53) % 600) * 60_000);
    const channel = CHANNELS[i % CHANNELS.length] ?? 'WALKIN';
    const source =
      channel === 'BAIDU' ? 'baidu' : channel === 'DOUYIN' ? 'douyin' : channel === 'H5' ? 'h5' : 'manual';
    const lastFollow = owner ? new Date(today - ((i % 9) + 1) * DAY + 10 * 3600_000) : null;
    const c = await insertClue(db, {
      childName: surname + (CHILD[(i * 3) % CHILD.length] ?? '小宝'),
      gender: (i % 2) + 1,
      birthDate: shanghaiDate(birth),
      parentName: surname + (PARENT[i % PARENT.length]?.[0] ?? '芳'),
      phone: `138${String(10_000_000 + i * 104_729).slice(-8)}`,
      relation: PARENT[i % PARENT.length]?.[1] ?? '母亲',
      schoolItemCode: campus,
      channelCode: channel,
      intention: ['A', 'B', 'C', 'D'][i % 4] ?? 'B',
      intentionLevel: owner ? (['A', 'B', 'C', 'D'][i % 4] ?? 'B') : null,
      flowState: state,
      ownerUserId: owner,
      assignedAt: owner ? new Date(createdAt.getTime() + 3600_000) : null,
      source,
      note: i % 5 === 0 ? '家长希望周末上课' : '',
      insurance: i % 9 === 0,
      lastFollowAt: lastFollow,
      nextVisitAt: state === 'following' ? new Date(today + ((i % 3) - 1) * DAY + 15 * 3600_000) : null,
      visitAt: ['visit_scheduled', 'visited', 'assessed', 'converted'].includes(state)
        ? new Date(today + (state === 'visit_scheduled' ? (i % 3) * DAY : -2 * DAY) + 14 * 3600_000)
        : null,
      visitedAt: ['visited', 'assessed', 'converted'].includes(state)
        ? new Date(today - 2 * DAY + 14 * 3600_000)
        : null,
      assessedAt: ['assessed', 'converted'].includes(state) ? new Date(today - DAY + 10 * 3600_000) : null,
      invalidReason: state === 'invalid' ? '空号 / number does not exist' : null,
      createdBy: owner,
      createdAt,
      updatedAt: createdAt,
    });
    await db.insert(clueEvents).values({
      clueId: c.id,
      action: 'create',
      fromState: null,
      toState: state === 'pool' || state === 'high_sea' ? state : 'following',
      userId: owner,
      at: createdAt,
      detail: { source } as never,
    });
    if (owner) {
      const n = 1 + (i % 3);
      await db.insert(clueFollows).values(
        Array.from({ length: n }, (_, k) => ({
          clueId: c.id,
          content: FOLLOWS[(i + k) % FOLLOWS.length] ?? '',
          intentionLevel: ['A', 'B', 'C', 'D'][(i + k) % 4] ?? null,
          userId: owner,
          createdAt: new Date((lastFollow ?? createdAt).getTime() - (n - 1 - k) * DAY),
        })),
      );
    }
    if (state !== 'pool' && state !== 'high_sea' && state !== 'following') {
      await db.insert(clueEvents).values({
        clueId: c.id,
        action: 'seed',
        fromState: 'following',
        toState: state,
        userId: owner,
        at: new Date(today - DAY),
      });
    }
    const carried = i % 6 === 0 ? [tagId('高意向'), tagId(i % 12 === 0 ? '价格敏感' : '周末可约')] : [];
    const tagIds = carried.filter((x): x is number => x !== undefined);
    if (tagIds.length) await db.insert(clueTags).values(tagIds.map((t) => ({ clueId: c.id, tagId: t })));
    if (i % 10 === 3)
      await db.insert(clueContacts).values({
        clueId: c.id,
        name: surname + '爷爷',
        relation: '祖父',
        phone: `137${String(20_000_000 + i * 7_919).slice(-8)}`,
        note: '白天可联系',
        createdAt,
      });
    if (state === 'transfer_pending' || state === 'abandon_pending' || state === 'invalid_pending') {
      const kind =
        state === 'transfer_pending' ? 'transfer' : state === 'abandon_pending' ? 'abandon' : 'invalid';
      const reason =
        kind === 'transfer'
          ? '家长搬家到浦东，转给浦东校区跟进'
          : kind === 'abandon'
            ? '家长明确表示暂不考虑'
            : '号码为空号';
      const a = await fileRequest(
        db,
        owner,
        {
          kind: CLUE_KINDS[kind],
          subjectId: c.id,
          subjectCode: c.cluecode,
          subjectName: c.childName,
          schoolItemCode: campus,
          toSchoolItemCode: kind === 'transfer' ? 'SH02' : campus,
          reason,
          payload: {
            fromState: 'following',
            fromUserId: owner,
            toUserId: kind === 'transfer' ? approver : null,
            toPool: false,
            reasonCode: null,
          },
        },
        new Date(today - 3600_000),
      );
      await db
        .update(clues)
        .set({ pendingFrom: 'following', pendingApprovalId: a })
        .where(eq(clues.id, c.id));
    }
    if (state === 'assessed' || state === 'converted') {
      await db.insert(clueMatriculations).values({
        clueId: c.id,
        uuid: `seed-${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
        matriculationType: '语言能力评估',
        conclusion: '语言表达落后同龄约6个月，建议每周两次语言训练。',
        score: 60 + (i % 30),
        suggestion: '一对一语言训练 + 感统小组课',
        assessorName: '陈思远',
        createdBy: owner,
        createdAt: new Date(today - DAY + 10 * 3600_000),
      });
    }
    if (state === 'converted') {
      const { id: sid, code } = await nextNumbered(db, students, { prefix: 'S', digits: 8 });
      await db.insert(students).values({
        id: sid,
        code,
        name: c.childName,
        gender: c.gender,
        birthDate: c.birthDate,
        parentName: c.parentName,
        phone: c.phone,
        schoolItemCode: campus,
        sourceClueId: c.id,
        insurance: c.insurance,
        createdBy: owner,
        createdAt: new Date(today - 12 * 3600_000),
      });
      await db
        .update(clues)
        .set({ studentCode: code, convertedAt: new Date(today - 12 * 3600_000) })
        .where(eq(clues.id, c.id));
    }
    if (source !== 'manual') {
      const table = source === 'baidu' ? clueLeadsBaidu : source === 'douyin' ? clueLeadsDouyin : clueLeadsH5;
      await db.insert(table).values({
        leadId: `${source}-${String(100_000 + i)}`,
        phone: c.phone,
        parentName: c.parentName,
        childName: c.childName,
        schoolItemCode: campus,
        campaignName: source === 'h5' ? '暑期语言评估H5' : '儿童语言康复-品牌词',
        adAccountName:
          source === 'douyin'
            ? i % 2
              ? '抖音-华东康复01'
              : '抖音-华北康复02'
            : source === 'baidu'
              ? '百度-康复推广'
              : '',
        city: campus.slice(0, 2),
        payload: { seeded: true } as never,
        outcome: 'created',
        clueId: c.id,
        receivedAt: createdAt,
      });
    }
  }
  await db.insert(clueChannelSigns).values([
    {
      name: '地推-徐汇社区',
      channelCode: 'GROUND',
      schoolItemCode: 'SH01',
      remark: '社区义诊活动',
      createdAt: now,
    },
    {
      name: '转介绍-老学员',
      channelCode: 'REFER_OLD',
      schoolItemCode: null,
      remark: '老带新赠课',
      createdAt: now,
    },
    { name: '抖音-暑期投放', channelCode: 'DOUYIN', schoolItemCode: null, remark: '', createdAt: now },
  ]);
  const month = shanghaiDate(now).slice(0, 7);
  await db.insert(clueCalendarDays).values([
    { dateStr: `${month}-01`, typeCalendar: 1, isOpen: true, note: '开学日' },
    { dateStr: `${month}-15`, typeCalendar: 1, isOpen: false, note: '全员培训，暂停到访' },
  ]);
  await db
    .insert(clueCalendarSchools)
    .values([{ dateStr: `${month}-15`, schoolItemCode: 'SH01', isOpen: true, note: '徐汇校区照常接待' }]);
}
