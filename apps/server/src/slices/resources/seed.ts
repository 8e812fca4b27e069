// Demo e-sales resources: two e-sales specialists (esales, esales2; role 5, region HD) and about forty
// resources in every state, with follow records. Deterministic relative to the seed's "today".
import { eq, inArray } from 'drizzle-orm';
import type { SeedContext } from '../../seed/context.js';
import { hashPassword } from '../../shared/password.js';
import { clueEvents, userCampuses, userRegions, userRoles, users } from '../../db/schema.js';
import { DEMO_PASSWORD } from '../system/index.js';
import { activeHolder, insertClue } from '../clues/index.js';
import { resourceFlows, resources } from './tables.js';
import { insertResource } from './service.js';
import type { ResourceStatus } from './states.js';

/** The demo e-sales specialists (created here unless another seed already did). */
export const ESALES_USERS = [
  { username: 'esales', name: '赵敏', employeeCode: 'E0007' },
  { username: 'esales2', name: '孙磊', employeeCode: 'E0008' },
];
const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01'];

const SURNAMES = [
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
  '高',
  '林',
  '罗',
];
const CHILD = [
  '子涵',
  '欣怡',
  '浩然',
  '梓萱',
  '宇轩',
  '一诺',
  '铭泽',
  '诗涵',
  '俊熙',
  '可馨',
  '沐阳',
  '若曦',
];
const CHANNELS = ['BAIDU', 'DOUYIN', 'XHS', 'WECHAT_MP', 'H5', 'PHONE', null];
const FOLLOWS = [
  '电话沟通，家长关注孩子语言发育，约下周再联系',
  '已加微信，发送了课程介绍和校区地址',
  '家长表示需要和家人商量，三天后回访',
  '孩子3岁半，说话晚，家长比较焦虑，意向较强',
  '未接通，短信告知回电',
  '家长询问评估费用，已说明首次评估免费',
];

/** (status, owner index: 0 esales, 1 esales2, -1 none) for each of the 40 resources. */
function plan(i: number): { status: ResourceStatus; owner: number } {
  if (i < 8) return { status: 'new', owner: -1 };
  if (i < 18) return { status: 'assigned', owner: i % 2 };
  if (i < 30) return { status: 'following', owner: i % 2 };
  if (i < 33) return { status: 'sent', owner: i % 2 };
  if (i < 36) return { status: 'invalid', owner: i % 2 };
  return { status: 'abandoned', owner: -1 };
}

async function ensureEsalesUsers(c: SeedContext): Promise<number[]> {
  const db = c.db;
  const existing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        ESALES_USERS.map((u) => u.username),
      ),
    );
  const hash =
    existing.length === ESALES_USERS.length ? '' : await hashPassword(DEMO_PASSWORD, c.passwordCost);
  const ids: number[] = [];
  for (const u of ESALES_USERS) {
    const found = existing.find((e) => e.username === u.username);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const [row] = await db
      .insert(users)
      .values({ username: u.username, name: u.name, passwordHash: hash, employeeCode: u.employeeCode })
      .returning({ id: users.id });
    const id = row?.id ?? 0;
    await db.insert(userRoles).values({ userId: id, roleCode: 5 });
    await db.insert(userRegions).values({ userId: id, provinceTypeCode: 'HD' });
    await db.insert(userCampuses).values(CAMPUSES.map((schoolItemCode) => ({ userId: id, schoolItemCode })));
    ids.push(id);
  }
  return ids;
}

export async function seedResourcesDemo(c: SeedContext) {
  const db = c.db;
  const specialists = await ensureEsalesUsers(c);
  const [director] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'director'));
  const today = c.now.getTime();
  const total = 40 * c.scale;
  for (let i = 0; i < total; i += 1) {
    const k = i % 40;
    const { status, owner } = plan(k);
    const ownerId = owner >= 0 ? (specialists[owner] ?? null) : null;
    const surname = SURNAMES[i % SURNAMES.length] ?? '王';
    const createdAt = new Date(today - (40 - k) * 86_400_000 * 0.7 - (i % 7) * 3600_000);
    const phone = `135${String(71_000_000 + i * 7_331).slice(-8)}`;
    if (await activeHolder(db, phone)) continue;
    const campus = k % 5 === 4 ? null : (CAMPUSES[k % CAMPUSES.length] ?? 'SH01');
    const r = await insertResource(db, {
      name: `${surname}${i % 3 === 0 ? '先生' : '女士'}`,
      childName: `${surname}${CHILD[i % CHILD.length] ?? ''}`,
      gender: (i % 3) as 0 | 1 | 2,
      birthDate: `${2019 + (i % 5)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      phone,
      provinceTypeCode: 'HD',
      schoolItemCode: campus,
      channelCode: CHANNELS[i % CHANNELS.length] ?? null,
      level: status === 'new' ? null : (['A', 'B', 'C', 'D'][i % 4] ?? null),
      status: status === 'sent' ? 'following' : status,
      ownerUserId: ownerId,
      assignedAt: ownerId ? new Date(createdAt.getTime() + 3600_000) : null,
      invalidReason: status === 'invalid' ? '空号或号码错误' : null,
      abandonReason: status === 'abandoned' ? '多次联系不上' : null,
      source: i % 3 === 0 ? 'import' : 'manual',
      note: i % 6 === 0 ? '家长希望周末上课' : '',
      createdBy: director?.id ?? null,
      createdAt,
      updatedAt: createdAt,
    });
    await db.insert(resourceFlows).values({
      resourceId: r.id,
      action: 'create',
      toStatus: 'new',
      userId: director?.id ?? null,
      createdAt,
    });
    if (ownerId)
      await db.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'dist',
        fromStatus: 'new',
        toStatus: 'assigned',
        content: `→ ${ownerId}`,
        userId: director?.id ?? null,
        createdAt: new Date(createdAt.getTime() + 3600_000),
      });
    const follows = status === 'following' || status === 'sent' ? 1 + (i % 3) : 0;
    let last: Date | null = null;
    for (let f = 0; f < follows; f += 1) {
      last = new Date(createdAt.getTime() + (f + 1) * 86_400_000 * 0.5);
      await db.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'follow',
        fromStatus: f === 0 ? 'assigned' : 'following',
        toStatus: 'following',
        content: FOLLOWS[(i + f) % FOLLOWS.length] ?? '',
        level: ['A', 'B', 'C', 'D'][i % 4] ?? null,
        userId: ownerId,
        createdAt: last,
      });
    }
    const patch: Record<string, unknown> = {};
    if (last) {
      patch.lastFollowAt = last;
      patch.nextFollowAt = status === 'following' ? new Date(today + ((i % 4) - 1) * 86_400_000) : null;
    }
    if (status === 'sent' && ownerId) {
      const sentCampus = campus ?? 'SH01';
      const clue = await insertClue(db, {
        childName: r.childName || '未知',
        gender: r.gender,
        birthDate: r.birthDate,
        parentName: r.name,
        phone: r.phone,
        schoolItemCode: sentCampus,
        channelCode: r.channelCode,
        note: `电销资源 ${r.rescode}`,
        flowState: 'pool',
        source: 'manual',
        createdBy: ownerId,
        createdAt: new Date(today - 86_400_000),
        updatedAt: new Date(today - 86_400_000),
      });
      await db.insert(clueEvents).values({
        clueId: clue.id,
        action: 'create',
        toState: 'pool',
        userId: ownerId,
        at: new Date(today - 86_400_000),
        detail: { source: 'resource', resourceId: r.id } as never,
      });
      Object.assign(patch, {
        status: 'sent',
        clueId: clue.id,
        sentAt: new Date(today - 86_400_000),
        sendOutcome: 'created',
        schoolItemCode: sentCampus,
        nextFollowAt: null,
      });
      await db.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'send',
        fromStatus: 'following',
        toStatus: 'sent',
        content: `${sentCampus} ${clue.cluecode} created`,
        userId: ownerId,
        createdAt: new Date(today - 86_400_000),
      });
    }
    if (status === 'invalid')
      await db.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'invalid',
        fromStatus: 'assigned',
        toStatus: 'invalid',
        content: '空号或号码错误',
        userId: ownerId,
        createdAt: new Date(createdAt.getTime() + 2 * 3600_000),
      });
    if (status === 'abandoned')
      await db.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'abandon',
        fromStatus: 'following',
        toStatus: 'abandoned',
        content: '多次联系不上',
        userId: specialists[i % 2] ?? null,
        createdAt: new Date(createdAt.getTime() + 2 * 86_400_000),
      });
    if (Object.keys(patch).length) await db.update(resources).set(patch).where(eq(resources.id, r.id));
  }
}
