import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let director: Sdk;
let seq = 0;
const phone = () => `136${String(++seq).padStart(8, '0')}`;

beforeAll(async () => {
  t = await startTestServer();
  [sales, director] = await Promise.all([t.as('sales'), t.as('director')]);
});
afterAll(async () => t?.close());

describe('todos', () => {
  it('adds, lists, completes and deletes own todos; others’ todos are not found', async () => {
    // The demo consultant has todos of her own (tasks/seed.ts): the test counts from them.
    const before = await sales.tasks.todoSummary();
    const mine = async (status?: 0 | 1) => {
      const r = await sales.tasks.todoList({ query: { pageSize: 100, ...(status ? { status } : {}) } });
      return { total: r.total, ids: r.list.map((x) => x.id).filter((id) => ours.includes(id)) };
    };
    const ours: number[] = [];
    const due = new Date(t.clock.now().getTime() - 3600_000).toISOString();
    const a = await sales.tasks.addTodo({ body: { title: '回访林妈妈', dueAt: due } });
    expect(a).toMatchObject({ status: 0, overdue: true });
    const b = await sales.tasks.addTodo({ body: { title: '准备评估材料' } });
    ours.push(a.id, b.id);
    expect((await mine()).ids).toEqual([a.id, b.id]);
    expect(await sales.tasks.todoSummary()).toMatchObject({
      open: before.open + 2,
      overdue: before.overdue + 1,
    });
    await expectApiError(director.tasks.markCompleted({ query: { id: a.id } }), ErrorCode.notFound);
    await sales.tasks.markCompleted({ query: { id: a.id } });
    await expectApiError(sales.tasks.markCompleted({ query: { id: a.id } }), ErrorCode.rule);
    await sales.tasks.markDeleted({ query: { id: b.id } });
    expect(await mine()).toEqual({ total: before.open, ids: [] });
    expect((await mine(1)).ids).toEqual([a.id]);
    expect(await sales.tasks.todoSummary()).toMatchObject({
      open: before.open,
      completed: before.completed + 1,
    });
  });
});

describe('a todo names a clue the user may see', () => {
  it('refuses a clue that does not exist (404) or lies outside the user’s campuses (403)', async () => {
    const own = await sales.clues.clueSave({
      body: { childName: '周一诺', parentName: '周洁', phone: phone(), schoolItemCode: 'SH01' },
    });
    const todo = await sales.tasks.addTodo({ body: { title: '回电周妈妈', clueId: own.clueId } });
    expect(todo.clueId).toBe(own.clueId);
    const missing = await expectApiError(
      sales.tasks.addTodo({ body: { title: '不存在的线索', clueId: 99_999_999 } }),
      ErrorCode.notFound,
    );
    expect(missing.field).toBe('clueId');
    const elsewhere = await director.clues.clueSave({
      body: { childName: '吴若曦', parentName: '吴敏', phone: phone(), schoolItemCode: 'SH02' },
    });
    await expectApiError(
      sales.tasks.addTodo({ body: { title: '别的校区', clueId: elsewhere.clueId } }),
      ErrorCode.noPermission,
    );
    expect((await sales.tasks.todoList({ query: {} })).list.map((x) => x.clueId)).not.toContain(
      elsewhere.clueId,
    );
  });
});

describe('task centre and the menu badge', () => {
  it('menuCount is the count of the task list and follows todos, follow-ups and approvals', async () => {
    const count = async (s: Sdk) => (await s.tasks.menuCount()).count;
    const s0 = await count(sales);
    expect(s0).toBe((await sales.tasks.taskCenterList({ query: { pageSize: 500 } })).total);

    const todo = await sales.tasks.addTodo({
      body: { title: '给王爸爸发评估报告', dueAt: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    await sales.tasks.addTodo({
      body: { title: '下周的事', dueAt: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString() },
    });
    expect(await count(sales)).toBe(s0 + 1);

    const c = await sales.clues.clueSave({
      body: { childName: '孙嘉懿', parentName: '孙静', phone: phone(), schoolItemCode: 'SH01' },
    });
    await sales.clues.followSave({
      body: {
        clueId: c.clueId,
        content: '约今天下午回电',
        nextVisitAt: t.clock.laterToday(60_000).toISOString(),
      },
    });
    const tasks = await sales.tasks.taskCenterList({ query: { pageSize: 500 } });
    expect(tasks.list.some((x) => x.id === `follow:${c.clueId}`)).toBe(true);
    expect(await count(sales)).toBe(s0 + 2);

    const d0 = await count(director);
    const r = await sales.clues.abandonSave({ body: { clueId: c.clueId, reason: '家长不考虑' } });
    expect(await count(director)).toBe(d0 + 1);
    expect(
      (await director.tasks.taskCenterList({ query: { kind: 'approval', pageSize: 500 } })).list.some(
        (x) => x.id === `approval:${r.id}`,
      ),
    ).toBe(true);
    // The clue waits for a decision: its follow-up reminder is no longer the consultant's task.
    expect(await count(sales)).toBe(s0 + 1);
    await expectApiError(
      director.tasks.taskUpdateStatus({ query: { id: `approval:${r.id}` } }),
      ErrorCode.rule,
    );
    await director.clues.abandonApprove({ body: { id: r.id ?? 0, pass: false, comment: '继续跟进' } });
    expect(await count(director)).toBe(d0);
    expect(await count(sales)).toBe(s0 + 2);

    await sales.tasks.taskUpdateStatus({ query: { id: `todo:${todo.id}` } });
    await sales.tasks.taskUpdateStatus({ query: { id: `follow:${c.clueId}` } });
    expect(await count(sales)).toBe(s0);
  });
});
