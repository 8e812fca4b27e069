import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { fileRequest, registerApprovalKind, type StoredStep } from '../src/slices/approvals/index.js';
import { todos } from '../src/slices/tasks/tables.js';
import { ruleViolation } from '../src/http/errors.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

// A kind registered by the test the way a slice registers one: its effect is a todo of the
// requester ("refund granted"), which revoking removes again.
const Payload = z.object({ failRevoke: z.boolean().default(false) });
const step = (name: string, roles: number[], more: Partial<StoredStep> = {}): StoredStep => ({
  name,
  roles,
  userIds: [],
  mode: 'any',
  aboveCents: null,
  ...more,
});
const effectTitle = (id: number) => `退款已批准 #${id}`;
const kind = (name: string, defaultSteps: StoredStep[]) =>
  registerApprovalKind({
    kind: name,
    subjectType: 'testSubject',
    label: { 'zh-CN': `测试${name}`, en: `Test ${name}` },
    payload: Payload,
    defaultSteps,
    onPass: async (c) => {
      await c.tx.insert(todos).values({
        userId: c.request.requestedBy ?? 0,
        title: effectTitle(c.request.id),
        createdAt: c.now,
      });
    },
    onRevoke: async (c) => {
      await c.tx
        .delete(todos)
        .where(and(eq(todos.title, effectTitle(c.request.id)), eq(todos.userId, c.request.requestedBy ?? 0)));
      if (c.payload.failRevoke) throw ruleViolation('撤销失败 / revoke failed after undoing');
    },
  });
kind('testChain', [step('主任', [76]), step('财务', [20])]);
kind('testAll', [step('会签', [76, 20], { mode: 'all' })]);
kind('testAny', [step('或签', [76, 20])]);
kind('testAmount', [step('主任', [76])]);
kind('testTwoFinance', [step('财务', [20]), step('财务经理', [20])]);

let t: TestServer;
let admin: Sdk;
let director: Sdk;
let finance: Sdk;
let sales: Sdk;
const ids: Record<string, number> = {};
let seq = 1000;

async function file(
  k: string,
  by: string,
  o: { campus?: string; amountCents?: number; failRevoke?: boolean } = {},
) {
  return fileRequest(
    t.deps.db,
    ids[by] ?? null,
    {
      kind: k,
      subjectId: ++seq,
      subjectCode: `T${seq}`,
      subjectName: `测试申请${seq}`,
      schoolItemCode: o.campus ?? 'SH01',
      amountCents: o.amountCents ?? null,
      reason: '测试',
      payload: { failRevoke: o.failRevoke ?? false },
    },
    t.clock.now(),
  );
}
const effect = async (id: number) =>
  (
    await t.deps.db
      .select()
      .from(todos)
      .where(eq(todos.title, effectTitle(id)))
  ).length;

beforeAll(async () => {
  t = await startTestServer();
  [admin, director, finance, sales] = await Promise.all([
    t.as('admin'),
    t.as('director'),
    t.as('finance'),
    t.as('sales'),
  ]);
  for (const u of await admin.system.allUsers({ query: {} })) ids[u.username] = u.id;
});
afterAll(async () => t?.close());

describe('the approval engine', () => {
  it('a chain of two steps: the director passes, then finance; the kind’s hook runs only at the end', async () => {
    const id = await file('testChain', 'sales');
    const d1 = await director.approvals.detail({ params: { id } });
    expect(d1).toMatchObject({ status: 5, step: 0, stepName: '主任', stepCount: 2, canDecide: true });
    expect((await finance.approvals.pending({ query: {} })).list.some((r) => r.id === id)).toBe(false);
    expect(await director.approvals.pass({ body: { id, comment: '同意' } })).toMatchObject({
      status: 10,
      step: 1,
    });
    expect(await effect(id)).toBe(0);
    await expectApiError(director.approvals.pass({ body: { id } }), ErrorCode.noPermission);
    expect(
      (await finance.approvals.pending({ query: { kind: 'testChain' } })).list.map((r) => r.id),
    ).toContain(id);
    expect(await finance.approvals.pass({ body: { id } })).toMatchObject({ status: 20 });
    expect(await effect(id)).toBe(1);
    const d2 = await sales.approvals.detail({ params: { id } });
    expect(d2.history.map((h) => [h.step, h.decision, h.userName])).toEqual([
      [0, 'pass', '王建国'],
      [1, 'pass', '张丽华'],
    ]);
    await expectApiError(finance.approvals.pass({ body: { id } }), ErrorCode.conflict);
  });

  it('one person, one step: who passed a step may not decide the next one of the same request', async () => {
    const id = await file('testTwoFinance', 'sales');
    expect(await finance.approvals.pass({ body: { id } })).toMatchObject({ status: 10, step: 1 });
    // Finance holds the second step's role too, but passed the first: it waits for another person.
    const e = await expectApiError(finance.approvals.pass({ body: { id } }), ErrorCode.noPermission);
    expect(e.message).toContain('another approver');
    expect((await finance.approvals.detail({ params: { id } })).canDecide).toBe(false);
    expect((await finance.approvals.pending({ query: {} })).list.some((r) => r.id === id)).toBe(false);
    const manager = await t.as('fmanager');
    expect((await manager.approvals.pending({ query: {} })).list.some((r) => r.id === id)).toBe(true);
    expect((await manager.approvals.detail({ params: { id } })).canDecide).toBe(true);
    expect(await manager.approvals.pass({ body: { id } })).toMatchObject({ status: 20 });
    expect(await effect(id)).toBe(1);
    // A reject is a decision too, but only a pass binds: the first step's rejecter could not pass later
    // anyway, since a reject ends the request.
    const other = await file('testTwoFinance', 'sales');
    await manager.approvals.pass({ body: { id: other } });
    expect(await finance.approvals.pass({ body: { id: other } })).toMatchObject({ status: 20 });
  });

  it('a reject at any step ends the request, needs a comment, and runs no pass hook', async () => {
    const id = await file('testChain', 'sales');
    await director.approvals.pass({ body: { id } });
    await expectApiError(finance.approvals.reject({ body: { id, comment: ' ' } }), ErrorCode.validation);
    expect(await finance.approvals.reject({ body: { id, comment: '金额不符' } })).toMatchObject({
      status: 30,
    });
    expect(await effect(id)).toBe(0);
    expect((await sales.approvals.detail({ params: { id } })).comment).toBe('金额不符');
  });

  it('one-of passes with the first approver; all-of waits for every listed role', async () => {
    const any = await file('testAny', 'sales');
    expect(await finance.approvals.pass({ body: { id: any } })).toMatchObject({ status: 20 });
    const all = await file('testAll', 'sales');
    expect(await director.approvals.pass({ body: { id: all } })).toMatchObject({ status: 10, step: 0 });
    expect((await director.approvals.pending({ query: {} })).list.some((r) => r.id === all)).toBe(false);
    await expectApiError(director.approvals.pass({ body: { id: all } }), ErrorCode.noPermission);
    expect(await effect(all)).toBe(0);
    expect(await finance.approvals.pass({ body: { id: all } })).toMatchObject({ status: 20 });
    expect(await effect(all)).toBe(1);
  });

  it('an amount threshold saved by the administrator adds a step above it', async () => {
    const before = (await admin.approvals.policyList()).find((p) => p.kind === 'testAmount');
    expect(before).toMatchObject({ custom: false, version: 0 });
    await admin.approvals.policySave({
      body: {
        kind: 'testAmount',
        version: 0,
        steps: [
          { name: '主任', roles: [76], userIds: [], mode: 'any', aboveCents: null },
          { name: '财务经理', roles: [20], userIds: [], mode: 'any', aboveCents: 500_000 },
        ],
      },
    });
    const small = await file('testAmount', 'sales', { amountCents: 400_000 });
    const large = await file('testAmount', 'sales', { amountCents: 600_000 });
    expect(await director.approvals.pass({ body: { id: small } })).toMatchObject({ status: 20 });
    expect(await director.approvals.pass({ body: { id: large } })).toMatchObject({ status: 10, step: 1 });
    expect((await admin.approvals.detail({ params: { id: large } })).steps.map((s) => s.name)).toEqual([
      '主任',
      '财务经理',
    ]);
    await expectApiError(
      admin.approvals.policySave({ body: { kind: 'testAmount', version: 0, steps: [step('主任', [76])] } }),
      ErrorCode.conflict,
    );
  });

  it('refuses self-approval and an approver outside the request’s campus', async () => {
    const own = await file('testAny', 'director');
    await expectApiError(director.approvals.pass({ body: { id: own } }), ErrorCode.noPermission);
    const far = await file('testAny', 'sales', { campus: 'BJ01' });
    await expectApiError(director.approvals.pass({ body: { id: far } }), ErrorCode.noPermission);
    expect(
      (await director.approvals.pending({ query: {} })).list.some((r) => [own, far].includes(r.id)),
    ).toBe(false);
    expect(await finance.approvals.pass({ body: { id: far } })).toMatchObject({ status: 20 });
  });

  it('two approvers passing at once: exactly one 200, the other 409', async () => {
    const id = await file('testAny', 'sales');
    const rs = await Promise.allSettled([
      director.approvals.pass({ body: { id } }),
      finance.approvals.pass({ body: { id } }),
    ]);
    expect(rs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = rs.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' ? (lost.reason as { code: number }).code : 0).toBe(ErrorCode.conflict);
    expect(await effect(id)).toBe(1);
  });

  it('only the requester withdraws, while the request is open (also when it went stale at a later step)', async () => {
    const id = await file('testChain', 'sales');
    await expectApiError(director.approvals.cancel({ body: { id } }), ErrorCode.noPermission);
    expect(await sales.approvals.cancel({ body: { id, comment: '不需要了' } })).toMatchObject({ status: 50 });
    await expectApiError(director.approvals.pass({ body: { id } }), ErrorCode.conflict);
    // Passed by the director, then stuck at finance: the applicant withdraws it; nothing took effect.
    const started = await file('testChain', 'sales');
    await director.approvals.pass({ body: { id: started } });
    expect((await sales.approvals.detail({ params: { id: started } })).canCancel).toBe(true);
    expect((await director.approvals.detail({ params: { id: started } })).canCancel).toBe(false);
    await expectApiError(finance.approvals.cancel({ body: { id: started } }), ErrorCode.noPermission);
    expect(await sales.approvals.cancel({ body: { id: started, comment: '等太久了' } })).toMatchObject({
      status: 50,
    });
    expect(await effect(started)).toBe(0);
    const d = await sales.approvals.detail({ params: { id: started } });
    expect(d.history.map((h) => [h.step, h.decision])).toEqual([
      [0, 'pass'],
      [1, 'cancel'],
    ]);
    expect(d).toMatchObject({ canCancel: false, awaited: [], whyNot: null });
    expect((await finance.approvals.pending({ query: {} })).list.some((r) => r.id === started)).toBe(false);
    await expectApiError(finance.approvals.pass({ body: { id: started } }), ErrorCode.conflict);
    // A closed request cannot be withdrawn.
    const done = await file('testAny', 'sales');
    await finance.approvals.pass({ body: { id: done } });
    const e = await expectApiError(sales.approvals.cancel({ body: { id: done } }), ErrorCode.conflict);
    expect(e.message).toContain('closed');
  });

  it('whoever holds the current step rejects it; the detail names who each pending step awaits', async () => {
    const id = await file('testChain', 'sales');
    const d0 = await sales.approvals.detail({ params: { id } });
    expect(d0.awaited.map((a) => [a.step, a.stepName, a.current])).toEqual([
      [0, '主任', true],
      [1, '财务', false],
    ]);
    expect(d0.awaited[0]?.approvers.map((a) => a.name)).toContain('王建国');
    expect(d0.awaited[1]?.approvers.map((a) => a.name)).toEqual(expect.arrayContaining(['张丽华', '周敏']));
    expect(d0.awaited.flatMap((a) => a.approvers.map((x) => x.id))).not.toContain(ids.sales);
    // The requester cannot act, and is told why and whom it waits for.
    expect(d0.canDecide).toBe(false);
    expect(d0.whyNot).toContain('your own request');
    expect(d0.whyNot).toContain('awaiting 王建国');
    await director.approvals.pass({ body: { id } });
    const d1 = await finance.approvals.detail({ params: { id } });
    expect(d1).toMatchObject({ canDecide: true, whyNot: null });
    expect(d1.awaited.map((a) => a.stepName)).toEqual(['财务']);
    // The director passed step 0 and holds no finance role: told whom the step awaits.
    const dd = await director.approvals.detail({ params: { id } });
    expect(dd.canDecide).toBe(false);
    expect(dd.whyNot).toContain('"财务"');
    expect(dd.whyNot).toContain('张丽华');
    const e = await expectApiError(
      director.approvals.reject({ body: { id, comment: '不行' } }),
      ErrorCode.noPermission,
    );
    expect(e.message).toContain('not an approver of the current step "财务"');
    expect(e.message).toContain('awaiting');
    expect(e.message).toContain('张丽华');
    // The holder of the current step rejects it.
    expect(await finance.approvals.reject({ body: { id, comment: '材料不全' } })).toMatchObject({
      status: 30,
    });
    expect(await effect(id)).toBe(0);
    expect((await sales.approvals.detail({ params: { id } })).awaited).toEqual([]);
  });

  it('a rejection without a comment is refused naming the field in the user’s words', async () => {
    const id = await file('testAny', 'sales');
    for (const body of [{ id }, { id, comment: '' }, { id, comment: '   ' }]) {
      const e = await expectApiError(finance.approvals.reject({ body: body as never }), ErrorCode.validation);
      expect(e.field).toBe('body.comment');
      expect(e.message).toContain('请填写驳回意见');
      expect(e.message).toContain('enter a reason for rejecting');
    }
  });

  it('a step nobody at the campus may decide says so', async () => {
    const id = await fileRequest(
      t.deps.db,
      ids.sales ?? null,
      {
        kind: 'testAny',
        subjectId: ++seq,
        subjectName: `测试申请${seq}`,
        schoolItemCode: 'SH01',
        payload: { failRevoke: false },
      },
      t.clock.now(),
    );
    // The flow named only the requester: nobody else may decide it.
    await t.deps.db.execute(
      sql`update approval_requests set steps = ${JSON.stringify([step('指定人', [], { userIds: [ids.sales ?? 0] })])}::jsonb, awaiting = array[${`user:${ids.sales}`}]::text[] where id = ${id}`,
    );
    const d = await sales.approvals.detail({ params: { id } });
    expect(d.awaited[0]?.approvers).toEqual([]);
    expect(d.whyNot).toContain('nobody at the campus may decide the current step "指定人"');
  });

  it('revoke undoes the hook’s effect; a failing revoke changes nothing', async () => {
    const id = await file('testAny', 'sales');
    await director.approvals.pass({ body: { id } });
    await expectApiError(sales.approvals.revoke({ body: { id, comment: '撤销' } }), ErrorCode.noPermission);
    expect(await finance.approvals.revoke({ body: { id, comment: '重复退款' } })).toMatchObject({
      status: 40,
    });
    expect(await effect(id)).toBe(0);
    const bad = await file('testAny', 'sales', { failRevoke: true });
    await director.approvals.pass({ body: { id: bad } });
    await expectApiError(director.approvals.revoke({ body: { id: bad, comment: '撤销' } }), ErrorCode.rule);
    expect(await effect(bad)).toBe(1);
    expect((await director.approvals.detail({ params: { id: bad } })).status).toBe(20);
  });

  it('the task centre and the badge count every kind from the engine', async () => {
    const count = async () => (await director.tasks.menuCount()).count;
    const before = await count();
    const pendingBefore = (await director.approvals.pendingCount()).count;
    const id = await file('testChain', 'sales');
    expect(await count()).toBe(before + 1);
    expect((await director.approvals.pendingCount()).count).toBe(pendingBefore + 1);
    const tasks = await director.tasks.taskCenterList({ query: { kind: 'approval', pageSize: 500 } });
    expect(tasks.list.find((x) => x.id === `approval:${id}`)?.title).toContain('测试申请');
    await director.approvals.pass({ body: { id } });
    expect(await count()).toBe(before);
  });

  it('the policy screen is the administrator’s; a role that does not exist is refused by field', async () => {
    await expectApiError(sales.approvals.policyList(), ErrorCode.noPermission);
    const list = await admin.approvals.policyList();
    expect(list.find((p) => p.kind === 'clueInvalid')).toMatchObject({
      custom: false,
      steps: [{ roles: [1, 76, 72], mode: 'any' }],
    });
    const e = await expectApiError(
      admin.approvals.policySave({ body: { kind: 'testAny', steps: [step('x', [99999])] } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('steps.0.roles');
  });

  it('an invalid-clue request decided through /approval/pass follows a two-step flow saved in the settings', async () => {
    await admin.approvals.policySave({
      body: {
        kind: 'clueInvalid',
        steps: [step('中心主任', [76]), { ...step('财务复核', []), userIds: [ids.finance ?? 0] }],
      },
    });
    const c = await sales.clues.clueSave({
      body: {
        childName: '流程测试',
        parentName: '王芳',
        phone: '13912340001',
        gender: 1,
        birthDate: '2020-05-01',
        schoolItemCode: 'SH01',
        channel: 'WALKIN',
      },
    });
    const r = await sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '空号' } });
    const rid = r.id ?? 0;
    await director.approvals.pass({ body: { id: rid } });
    expect((await sales.clues.detail({ query: { clueId: c.clueId } })).flowState).toBe('invalid_pending');
    await finance.approvals.pass({ body: { id: rid } });
    expect((await admin.clues.detail({ query: { clueId: c.clueId } })).flowState).toBe('invalid');
  });
});
