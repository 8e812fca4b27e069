import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let director: Sdk;
let seq = 0;
const phone = () => `135${String(++seq).padStart(8, '0')}`;

beforeAll(async () => {
  t = await startTestServer();
  [admin, sales, director] = await Promise.all([t.as('admin'), t.as('sales'), t.as('director')]);
});
afterAll(async () => t?.close());

describe('workbench', () => {
  it('lists today’s follow-ups, today’s visits, my approvals and my month’s numbers', async () => {
    // Later today in Shanghai (a fixed 30 minutes fell on tomorrow after 23:30 Shanghai time).
    const laterToday = t.clock.laterToday;
    const c = await sales.clues.clueSave({
      body: { childName: '马思彤', parentName: '马丽', phone: phone(), schoolItemCode: 'SH01' },
    });
    await sales.clues.followSave({
      body: { clueId: c.clueId, content: '今天再联系', nextVisitAt: laterToday(60_000).toISOString() },
    });
    const follows = await sales.workbench.workList({ query: { type: 1 } });
    expect(follows.items.some((x) => x.clueId === c.clueId)).toBe(true);

    const v = await sales.clues.clueSave({
      body: { childName: '朱沐阳', parentName: '朱强', phone: phone(), schoolItemCode: 'SH01' },
    });
    await sales.clues.intoSchoolSave({
      body: { clueId: v.clueId, visitAt: laterToday(30 * 60_000).toISOString() },
    });
    expect(
      (await sales.workbench.workList({ query: { type: 2 } })).items.some((x) => x.clueId === v.clueId),
    ).toBe(true);
    expect(
      (await director.workbench.workList({ query: { type: 2 } })).items.some((x) => x.clueId === v.clueId),
    ).toBe(true);

    const r = await sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '重复留资' } });
    const mine = await director.workbench.workList({ query: { type: 3 } });
    expect(mine.items.find((x) => x.approvalId === r.id)?.title).toBe('无效审批');
    // Nobody decides their own request: the consultant's panel leaves it out (it lists only what
    // she may decide: the demo's abandon flow names her, docs/demo.md).
    expect(
      (await sales.workbench.workList({ query: { type: 3 } })).items.some((x) => x.approvalId === r.id),
    ).toBe(false);

    const targets = await sales.workbench.workList({ query: { type: 4 } });
    expect(targets.targets.find((x) => x.key === 'follows')?.actual).toBeGreaterThanOrEqual(1);
    expect(targets.targets.find((x) => x.key === 'newClues')?.actual).toBeGreaterThanOrEqual(2);
    // The demo consultant (employee E0003) has a monthly target in the clue settings.
    expect(targets.targets.find((x) => x.key === 'conversions')?.target).toBeGreaterThan(0);
  });

  it('shows transfer approvals to the director only', async () => {
    const users = await admin.system.allUsers({ query: { name: 'director' } });
    const directorId = users.find((u) => u.username === 'director')?.id ?? 0;
    const c = await sales.clues.clueSave({
      body: { childName: '罗奕辰', parentName: '罗婷', phone: phone(), schoolItemCode: 'SH01' },
    });
    const r = await sales.clues.transferSave({
      body: { clueId: c.clueId, toUserId: directorId, reason: '顾问调整' },
    });
    expect((await director.workbench.selectApproveClue({ query: {} })).some((a) => a.id === r.id)).toBe(true);
    await expectApiError(sales.workbench.selectApproveClue({ query: {} }), ErrorCode.noPermission);
    await expectApiError(
      director.workbench.selectApproveClue({ query: { empId: 1 } }),
      ErrorCode.noPermission,
    );
  });

  it('lists in a consultant’s panel the requests a flow names her for, and she decides them there', async () => {
    const people = await admin.system.allUsers({ query: {} });
    const idOf = (n: string) => people.find((u) => u.username === n)?.id ?? 0;
    const saved = (await admin.approvals.policyList()).find((p) => p.kind === 'clueAbandon');
    await admin.approvals.policySave({
      body: {
        kind: 'clueAbandon',
        version: saved?.version ?? 0,
        steps: [
          {
            name: '主管或顾问审批',
            roles: [1, 76, 72],
            userIds: [idOf('sales')],
            mode: 'any',
            aboveCents: null,
          },
        ],
      },
    });
    // The director's own clue at the consultant's campus, its abandon asked by the director.
    const c = await director.clues.clueSave({
      body: {
        childName: '袁若曦',
        parentName: '袁娜',
        phone: phone(),
        schoolItemCode: 'SH01',
        ownerUserId: idOf('director'),
      },
    });
    const r = await director.clues.abandonSave({ body: { clueId: c.clueId, reason: '家长暂不考虑' } });
    const panel = async () => (await sales.workbench.workList({ query: { type: 3 } })).items;
    expect((await panel()).find((x) => x.approvalId === r.id)).toMatchObject({
      clueId: c.clueId,
      title: '放弃审批',
    });
    await sales.clues.abandonApprove({ body: { id: r.id ?? 0, pass: true, comment: '同意' } });
    expect((await panel()).some((x) => x.approvalId === r.id)).toBe(false);
    expect((await admin.clues.detail({ query: { clueId: c.clueId } })).flowState).toBe('high_sea');
  });

  it('lists converted students of the caller’s campuses until the family signs an order, and again once it is revoked', async () => {
    const c = await sales.clues.clueSave({
      body: { childName: '沈可欣', parentName: '沈洁', phone: phone(), schoolItemCode: 'SH01' },
    });
    const o = await sales.orders.clueCreate({
      body: {
        clueId: c.clueId,
        orderType: 4,
        items: [{ courseCode: 'C001', quantity: 2 }],
        student: { name: '沈可欣', gender: 2, parentName: '沈洁' },
      },
    });
    const listed = async () =>
      (await director.workbench.parentNoSign({ query: { schoolItemCode: 'SH01', pageSize: 50 } })).list.some(
        (s) => s.studentCode === o.studentCode,
      );
    expect(await listed()).toBe(false);
    await sales.orders.revoke({ params: { id: o.id }, body: { reason: '家长取消' } });
    expect(await listed()).toBe(true);
    const all = await director.workbench.parentNoSign({ query: {} });
    expect(all.list.every((s) => ['SH01', 'SH02', 'HZ01', 'NJ01'].includes(s.schoolItemCode))).toBe(true);
  });

  it('the demo data has clues in every state for the screens', async () => {
    const s = await admin.clues.list2Summary({ query: {} });
    for (const x of s) expect(x.count, x.flowState).toBeGreaterThan(0);
    const invalid = await admin.clues.list({ query: { flowState: 'invalid' } });
    expect(invalid.total).toBeGreaterThan(0);
    expect((await admin.clues.list4Douyin({ query: {} })).total).toBeGreaterThan(0);
    expect((await admin.clues.douyinAdUcName()).length).toBeGreaterThan(0);
  });
});
