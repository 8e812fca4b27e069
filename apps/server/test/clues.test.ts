import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { recycleStale } from '../src/slices/clues/jobs.js';
import { auditLog } from '../src/slices/system/tables.js';
import { students } from '../src/slices/students/tables.js';

const SECRET = 'baidu-secret-0123456789';
let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let director: Sdk;
let seq = 0;
/** A fresh phone per clue (the demo seed uses 138…; tests use 139…). */
const phone = () => `139${String(++seq).padStart(8, '0')}`;
const clueBody = (o: Record<string, unknown> = {}) => ({
  childName: '王小明',
  parentName: '王芳',
  phone: phone(),
  gender: 1,
  birthDate: '2020-05-01',
  schoolItemCode: 'SH01',
  channel: 'WALKIN',
  ...o,
});
/** Sessions expire when the test clock jumps: sign in again. */
async function signIn() {
  [admin, sales, director] = await Promise.all([t.as('admin'), t.as('sales'), t.as('director')]);
}
/** A clue of the sales consultant, moved on to the given step. */
async function salesClue(step: 'following' | 'visit_scheduled' | 'visited' | 'assessed' = 'following') {
  const c = await sales.clues.clueSave({ body: clueBody() });
  if (step === 'following') return c;
  await sales.clues.intoSchoolSave({
    body: { clueId: c.clueId, visitAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() },
  });
  if (step === 'visit_scheduled') return c;
  await sales.clues.clueConfirmSave({ body: { clueId: c.clueId } });
  if (step === 'visited') return c;
  await sales.clues.matriculationSave({
    body: { clueId: c.clueId, matriculationType: 'language', conclusion: '语言发育迟缓' },
  });
  return c;
}
const state = async (clueId: number) => (await admin.clues.detail({ query: { clueId } })).flowState;

beforeAll(async () => {
  t = await startTestServer({ env: { CLUE_WEBHOOK_SECRET_BAIDU: SECRET, CLUE_CLAIM_DAILY_CAP: '3' } });
  await signIn();
});
afterAll(async () => t?.close());

describe('creation and duplicate protection', () => {
  it('a consultant creates a clue they follow up; a manager’s goes to the pool', async () => {
    const c = await sales.clues.clueSave({ body: clueBody() });
    expect(c).toMatchObject({
      flowState: 'following',
      ownerName: '李晓燕',
      schoolItemCode: 'SH01',
      schoolItemName: '上海徐汇校区',
    });
    expect(c.cluecode).toMatch(/^XS\d{8}$/);
    const p = await director.clues.clueSave({ body: clueBody({ schoolItemCode: 'SH02' }) });
    expect(p.flowState).toBe('pool');
    expect(p.ownerUserId).toBeNull();
  });

  it('refuses a phone held by an active clue with 409 on phone, naming owner and campus', async () => {
    const c = await sales.clues.clueSave({ body: clueBody() });
    const e = await expectApiError(
      director.clues.clueSave({ body: clueBody({ phone: c.phone, schoolItemCode: 'SH02' }) }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('phone');
    expect(e.message).toContain('李晓燕');
    expect(e.message).toContain('上海徐汇校区');
    expect(e.message).toContain(c.cluecode);
    const r = await director.clues.checkClueRepeat({ query: { phone: c.phone } });
    expect(r.repeat).toBe(true);
    expect(r.holder?.cluecode).toBe(c.cluecode);
    const p = await director.clues.clueProtect({ query: { phone: c.phone } });
    expect(p.protected).toBe(true);
  });

  it('two simultaneous creations with one phone: exactly one clue', async () => {
    const ph = phone();
    const rs = await Promise.allSettled([
      sales.clues.clueSave({ body: clueBody({ phone: ph }) }),
      director.clues.clueSave({ body: clueBody({ phone: ph }) }),
    ]);
    expect(rs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = rs.find((r) => r.status === 'rejected');
    expect(
      lost?.status === 'rejected' ? (lost.reason as { code: number; field?: string }) : null,
    ).toMatchObject({ code: ErrorCode.conflict, field: 'phone' });
    expect((await admin.clues.queryByMobile({ query: { mobile: ph } })).length).toBe(1);
  });

  it('masks other campuses’ holders in the cooperation filter and phone look-ups', async () => {
    const c = await director.clues.clueSave({
      body: clueBody({ schoolItemCode: 'HZ01', childName: '赵一诺' }),
    });
    const list = await sales.clues.corFilterByMobile({ query: { mobile: c.phone } });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'clue', visible: false, name: '赵**' });
    expect((await sales.clues.getBizIdByPhone({ query: { phone: c.phone } })).clueId).toBeNull();
    expect((await director.clues.getBizIdByPhone({ query: { phone: c.phone } })).clueId).toBe(c.clueId);
  });

  it('checks channel and intention codes against the clue settings', async () => {
    const e = await expectApiError(
      sales.clues.clueSave({ body: clueBody({ channel: 'NO_SUCH' }) }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.channel');
    await expectApiError(sales.clues.clueSave({ body: clueBody({ intention: 'Z' }) }), ErrorCode.validation);
    expect(
      (await sales.clues.clueSave({ body: clueBody({ channel: 'REFER_OLD', intention: 'A' }) })).intention,
    ).toBe('A');
  });

  it('keeps the insurance flag', async () => {
    const c = await sales.clues.clueSave({ body: clueBody({ insurance: true }) });
    expect(await sales.clues.isInsuranceUser({ query: { mobile: c.phone } })).toBe(true);
    expect(await sales.clues.isInsuranceUser({ query: { mobile: phone() } })).toBe(false);
    // The envelope itself answers true or false (spec §7), never the null of a command.
    const token = await t.login('sales');
    const raw = async (mobile: string) => {
      const r = await fetch(`${t.baseURL}/user/isInsuranceUser?mobile=${mobile}&v=1.1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await r.json()) as { code: number; data: unknown }).data;
    };
    expect(await raw(c.phone)).toBe(true);
    expect(await raw(phone())).toBe(false);
  });
});

describe('the state machine through the endpoints', () => {
  it('walks follow → visit → confirm → assess → student, and conversion creates a student', async () => {
    const c = await sales.clues.clueSave({ body: clueBody({ childName: '林可馨' }) });
    const f = await sales.clues.followSave({
      body: { clueId: c.clueId, content: '电话沟通，约了周六到校', intentionLevel: 'A' },
    });
    expect(f.userName).toBe('李晓燕');
    await sales.clues.intoSchoolSave({
      body: { clueId: c.clueId, visitAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() },
    });
    expect(await state(c.clueId)).toBe('visit_scheduled');
    await sales.clues.clueConfirmSave({ body: { clueId: c.clueId } });
    expect(await state(c.clueId)).toBe('visited');
    const m = await sales.clues.matriculationSave({
      body: { clueId: c.clueId, matriculationType: 'language', conclusion: '语言发育落后约6个月', score: 72 },
    });
    // Without text-message configuration nothing is sent or recorded (the sends: test/sms.test.ts).
    await expectApiError(
      sales.clues.sendEvaluate({ query: { uuid: m.uuid, phone: c.phone, matriculationType: 'language' } }),
      ErrorCode.notConfigured,
    );
    expect((await sales.clues.entranceAssessment({ query: { clueId: c.clueId } })).sends).toHaveLength(0);
    const draft = await sales.clues.preSaveStudent({ query: { clueId: c.clueId } });
    expect(draft).toMatchObject({ name: '林可馨', phone: c.phone, schoolItemCode: 'SH01' });
    expect(draft.assessment?.conclusion).toBe('语言发育落后约6个月');
    const s = await sales.clues.studentCreate({
      body: {
        clueId: c.clueId,
        name: draft.name,
        gender: draft.gender,
        birthDate: draft.birthDate,
        parentName: draft.parentName,
        phone: draft.phone,
        schoolItemCode: 'SH01',
      },
    });
    expect(s.studentCode).toMatch(/^S\d{8}$/);
    const [row] = await t.deps.db.select().from(students).where(eq(students.code, s.studentCode));
    expect(row).toMatchObject({ name: '林可馨', sourceClueId: c.clueId, schoolItemCode: 'SH01' });
    const d = await sales.clues.detail({ query: { clueId: c.clueId } });
    expect(d.flowState).toBe('converted');
    expect(d.studentCode).toBe(s.studentCode);
    const steps = await sales.clues.getCompletedProject({ query: { clueId: c.clueId } });
    expect(steps.every((x) => x.done)).toBe(true);
    // A second clue of the same family binds to the existing student.
    const sib = await salesClue('visited');
    await sales.clues.bindingStudent({ body: { clueId: sib.clueId, studentCode: s.studentCode } });
    expect((await sales.clues.detail({ query: { clueId: sib.clueId } })).studentCode).toBe(s.studentCode);
    await expectApiError(
      sales.clues.bindingStudent({ body: { clueId: sib.clueId, studentCode: s.studentCode } }),
      ErrorCode.rule,
    );
  });

  it('refuses an illegal transition with 422 and changes nothing', async () => {
    const c = await salesClue('following');
    const before = await sales.clues.detail({ query: { clueId: c.clueId } });
    const e = await expectApiError(
      sales.clues.clueConfirmSave({ body: { clueId: c.clueId } }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('confirmVisit');
    expect(e.message).toContain('following');
    await expectApiError(
      sales.clues.studentCreate({
        body: {
          clueId: c.clueId,
          name: 'x',
          gender: 1,
          parentName: 'y',
          phone: c.phone,
          schoolItemCode: 'SH01',
        },
      }),
      ErrorCode.rule,
    );
    await expectApiError(sales.clues.receiveClue({ body: { clueId: c.clueId } }), ErrorCode.rule);
    const after = await sales.clues.detail({ query: { clueId: c.clueId } });
    expect(after.version).toBe(before.version);
    expect(after.flowState).toBe('following');
    expect(after.events).toHaveLength(before.events.length);
  });

  it('refuses a stale version with 409', async () => {
    const c = await salesClue('following');
    await sales.clues.followSave({ body: { clueId: c.clueId, content: '第一次跟进', version: c.version } });
    const e = await expectApiError(
      sales.clues.followSave({ body: { clueId: c.clueId, content: '基于旧版本', version: c.version } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('version');
  });

  it('lets only a super administrator correct the state, with a reason, audited', async () => {
    const c = await salesClue('following');
    await expectApiError(
      director.clues.updateClueFlowState({
        body: { clueId: c.clueId, flowState: 'high_sea', reason: '测试' },
      }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      admin.clues.updateClueFlowState({ body: { clueId: c.clueId, flowState: 'high_sea', reason: '' } }),
      ErrorCode.validation,
    );
    await admin.clues.updateClueFlowState({
      body: { clueId: c.clueId, flowState: 'high_sea', reason: '误操作恢复' },
    });
    expect(await state(c.clueId)).toBe('high_sea');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'clue.correctState'));
    expect(audits.some((a) => a.target === `clues:${c.cluecode}`)).toBe(true);
  });

  it('gives back a received clue without follow-up to the high sea; with follow-up it needs the abandon flow', async () => {
    const a = await salesClue('following');
    await sales.clues.highSeaReject({ query: { cluecode: a.cluecode } });
    expect(await state(a.clueId)).toBe('high_sea');
    const b = await salesClue('following');
    await sales.clues.followSave({ body: { clueId: b.clueId, content: '已沟通' } });
    await expectApiError(sales.clues.highSeaReject({ query: { cluecode: b.cluecode } }), ErrorCode.rule);
  });
});

describe('approvals', () => {
  it('a consultant’s transfer waits for the director; pass gives the clue to the new owner in its previous state', async () => {
    const c = await salesClue('visited');
    const me = await director.system.userInfo();
    const users = await admin.system.allUsers({ query: { name: 'director' } });
    const directorId = users.find((u) => u.username === 'director')?.id ?? 0;
    expect(me.name).toBe('王建国');
    const r = await sales.clues.transferSave({
      body: { clueId: c.clueId, toUserId: directorId, reason: '家长要求更换顾问' },
    });
    expect(r.direct).toBe(false);
    const pend = await sales.clues.detail({ query: { clueId: c.clueId } });
    expect(pend).toMatchObject({
      flowState: 'transfer_pending',
      transferId: r.id,
      abandonId: null,
      pendingApprovalId: r.id,
    });
    const pending = await director.workbench.selectApproveClue({ query: {} });
    expect(pending.some((p) => p.id === r.id)).toBe(true);
    const det = await director.workbench.selectApproveClueDetail({ query: { transferId: r.id ?? 0 } });
    expect(det.clue.clueId).toBe(c.clueId);
    await expectApiError(
      sales.workbench.approve({ body: { id: r.id ?? 0, pass: true } }),
      ErrorCode.noPermission,
    );
    await director.workbench.approve({ body: { id: r.id ?? 0, pass: true, comment: '同意' } });
    const d = await admin.clues.detail({ query: { clueId: c.clueId } });
    expect(d).toMatchObject({ flowState: 'visited', ownerName: '王建国', pendingApprovalId: null });
    await expectApiError(sales.clues.detail({ query: { clueId: c.clueId } }), ErrorCode.noPermission);
  });

  it('a rejected transfer returns the clue to its previous state and owner', async () => {
    const c = await salesClue('visit_scheduled');
    const r = await sales.clues.transferSaveCampus({
      body: { clueId: c.clueId, toSchoolItemCode: 'HZ01', reason: '家长搬家' },
    });
    await director.workbench.approve({ body: { id: r.id ?? 0, pass: false, comment: '先继续跟进' } });
    const d = await sales.clues.detail({ query: { clueId: c.clueId } });
    expect(d).toMatchObject({ flowState: 'visit_scheduled', ownerName: '李晓燕', schoolItemCode: 'SH01' });
    expect(d.approvals[0]).toMatchObject({ status: 30, comment: '先继续跟进', decidedByName: '王建国' });
  });

  it('a manager transfers within the campus directly; submitting to the director returns the clue to the pool', async () => {
    const c = await salesClue('following');
    const list = await director.clues.distributionRule({ query: { schoolItemCode: 'SH01' } });
    expect(list.consultants.some((u) => u.username === 'sales')).toBe(true);
    const d = await sales.clues.submitClueToDirector({
      body: { clueId: c.clueId, reason: '家长需要主任沟通' },
    });
    await director.workbench.approve({ body: { id: d.id ?? 0, pass: true } });
    expect(await state(c.clueId)).toBe('pool');
  });

  it('an approved abandon sends the clue to the high sea', async () => {
    const c = await salesClue('following');
    const r = await sales.clues.abandonSave({ body: { clueId: c.clueId, reason: '家长明确不考虑' } });
    const all = await director.clues.abandonListAll({ body: { status: 5 } });
    expect(all.list.some((a) => a.id === r.id)).toBe(true);
    expect((await director.clues.abandonDetail({ query: { id: r.id ?? 0 } })).clue.clueId).toBe(c.clueId);
    await director.clues.abandonApprove({ body: { id: r.id ?? 0, pass: true } });
    const d = await admin.clues.detail({ query: { clueId: c.clueId } });
    expect(d).toMatchObject({ flowState: 'high_sea', ownerUserId: null });
    await expectApiError(
      director.clues.abandonApprove({ body: { id: r.id ?? 0, pass: true } }),
      ErrorCode.conflict,
    );
  });

  it('nobody decides their own request', async () => {
    const c = await director.clues.clueSave({
      body: clueBody({ schoolItemCode: 'SH02', ownerUserId: null }),
    });
    const users = await admin.system.allUsers({ query: { name: 'director' } });
    await director.clues.distributeSave({
      body: { clueIds: [c.clueId], ownerUserId: users.find((u) => u.username === 'director')?.id ?? 0 },
    });
    const r = await director.clues.abandonSave({ body: { clueId: c.clueId, reason: '重复' } });
    await expectApiError(
      director.clues.abandonApprove({ body: { id: r.id ?? 0, pass: true } }),
      ErrorCode.noPermission,
    );
    await admin.clues.abandonApprove({ body: { id: r.id ?? 0, pass: false, comment: '继续跟进' } });
  });

  it('invalid marking: approved clues leave the lists; refused after two days and after more than two rejections', async () => {
    const c = await salesClue('following');
    expect((await sales.clues.checkExceedTowDays({ query: { clueId: c.clueId } })).exceeded).toBe(false);
    for (let i = 1; i <= 3; i++) {
      const r = await sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '空号' } });
      const approvers = await sales.clues.invalidApprovers({ query: { clueId: c.clueId } });
      expect(approvers.map((a) => a.username)).toEqual(expect.arrayContaining(['admin', 'director']));
      await director.clues.invalidApprove({ body: { id: r.id ?? 0, pass: false, comment: `第${i}次驳回` } });
    }
    const chk = await sales.clues.checkRejectExceedTwoTimes({ query: { clueId: c.clueId } });
    expect(chk).toEqual({ exceeded: true, rejectCount: 3 });
    const e = await expectApiError(
      sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '空号' } }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('more than twice');

    const ok = await salesClue('following');
    const r = await sales.clues.invalidSubmit({
      body: { clueId: ok.clueId, reason: '号码错误', reasonCode: 'WRONG' },
    });
    const centre = await director.clues.centerWorkerList({ query: {} });
    expect(centre.list.some((a) => a.id === r.id)).toBe(true);
    await director.clues.centerWorkerApprove({ body: { id: r.id ?? 0, pass: true } });
    const d = await sales.clues.detail({ query: { clueId: ok.clueId } });
    expect(d).toMatchObject({ flowState: 'invalid', invalidReason: '号码错误' });
    const mine = await sales.clues.mylist({ query: { pageSize: 500 } });
    expect(mine.list.some((x) => x.clueId === ok.clueId)).toBe(false);
    // The phone is free again.
    await sales.clues.clueSave({ body: clueBody({ phone: ok.phone }) });
  });

  it('who may approve an invalid request follows the approval policy the administrator edits', async () => {
    const names = async (clueId: number) =>
      (await sales.clues.invalidApprovers({ query: { clueId } })).map((a) => a.username).sort();
    const c = await salesClue('following');
    // The default flow: administrators and the campus's director and centre leader (leader01 at SH01).
    expect(await names(c.clueId)).toEqual(['admin', 'director', 'leader01']);
    const policy = (await admin.approvals.policyList()).find((p) => p.kind === 'clueInvalid');
    const [hr] = (await admin.system.allUsers({ query: { name: 'hr' } })).filter((u) => u.username === 'hr');
    await admin.approvals.policySave({
      body: {
        kind: 'clueInvalid',
        version: policy?.version ?? 0,
        steps: [{ name: '财务复核', roles: [20], userIds: [hr?.id ?? 0], mode: 'any', aboveCents: null }],
      },
    });
    // Every holder of role 20 (the two finance demo users) and the named person.
    expect(await names(c.clueId)).toEqual(['finance', 'fmanager', 'hr']);
    const byCode = await sales.clues.commissioners4clueValid({ params: { id: 'SH01' } });
    expect(byCode.map((a) => a.username).sort()).toEqual(['finance', 'fmanager', 'hr']);
    // The engine's check is the same rule: the director is no longer an approver, finance is.
    const r = await sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '空号' } });
    await expectApiError(
      director.clues.invalidApprove({ body: { id: r.id ?? 0, pass: true } }),
      ErrorCode.noPermission,
    );
    const finance = await t.as('finance');
    await finance.approvals.pass({ body: { id: r.id ?? 0 } });
    expect(await state(c.clueId)).toBe('invalid');
    const saved = (await admin.approvals.policyList()).find((p) => p.kind === 'clueInvalid');
    await admin.approvals.policySave({
      body: {
        kind: 'clueInvalid',
        version: saved?.version ?? 0,
        steps: policy?.steps ?? [],
      },
    });
    expect(await names((await salesClue('following')).clueId)).toEqual(['admin', 'director', 'leader01']);
  });
});

describe('invalid marking after two days', () => {
  it('refuses to mark a clue invalid more than two days after its creation (checked on the server)', async () => {
    const c = await salesClue('following');
    t.clock.advance(49 * 3600_000);
    await signIn();
    expect((await sales.clues.checkExceedTowDays({ query: { clueId: c.clueId } })).exceeded).toBe(true);
    const e = await expectApiError(
      sales.clues.invalidSubmit({ body: { clueId: c.clueId, reason: '空号' } }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('more than two days');
    expect(await state(c.clueId)).toBe('following');
  });
});

describe('campus scope', () => {
  it('a consultant of SH01 cannot read or act on a clue of SH02 (403)', async () => {
    const c = await director.clues.clueSave({ body: clueBody({ schoolItemCode: 'SH02' }) });
    await expectApiError(sales.clues.detail({ query: { clueId: c.clueId } }), ErrorCode.noPermission);
    await expectApiError(
      sales.clues.followSave({ body: { clueId: c.clueId, content: 'x' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.clues.clueSave({ body: clueBody({ schoolItemCode: 'SH02' }) }),
      ErrorCode.noPermission,
    );
    await expectApiError(sales.clues.list({ query: { schoolItemCode: 'SH02' } }), ErrorCode.noPermission);
    const list = await sales.clues.list({ query: { pageSize: 500 } });
    expect(list.list.every((x) => x.schoolItemCode === 'SH01')).toBe(true);
    expect(list.list.every((x) => x.ownerName === '李晓燕' || x.flowState === 'pool')).toBe(true);
  });

  it('a director sees every state summary of their campuses, not BJ01', async () => {
    const s = await director.clues.list2Summary({ query: {} });
    expect(s.find((x) => x.flowState === 'following')?.count).toBeGreaterThan(0);
    await expectApiError(director.clues.list2({ query: { schoolItemCode: 'BJ01' } }), ErrorCode.noPermission);
  });
});

describe('pools and distribution', () => {
  it('distributes pool clues by hand and by a round-robin rule among the campus consultants', async () => {
    const saved = await admin.system.authInfoSave({
      body: { username: 'sales_rr', name: '周雨桐', roles: [34], regions: ['HD'], campuses: ['SH01'] },
    });
    const users = await admin.system.allUsers({ query: { name: 'sales' } });
    const salesId = users.find((u) => u.username === 'sales')?.id ?? 0;
    const p = await director.clues.clueSave({ body: clueBody() });
    expect(p.flowState).toBe('pool');
    expect(
      (await director.clues.distributionPoolList({ query: { pageSize: 500 } })).list.some(
        (x) => x.clueId === p.clueId,
      ),
    ).toBe(true);
    await director.clues.distributeSave({ body: { clueIds: [p.clueId], ownerUserId: salesId } });
    expect((await sales.clues.detail({ query: { clueId: p.clueId } })).flowState).toBe('following');
    await expectApiError(
      sales.clues.distributeSave({ body: { clueIds: [p.clueId], ownerUserId: salesId } }),
      ErrorCode.noPermission,
    );

    const rule = await director.clues.distributionRuleSave({
      body: { schoolItemCode: 'SH01', mode: 'round_robin' },
    });
    expect(rule.mode).toBe('round_robin');
    const owners = [];
    for (let i = 0; i < 4; i++)
      owners.push((await director.clues.clueSave({ body: clueBody() })).ownerUserId);
    expect(new Set(owners)).toEqual(new Set([salesId, saved.id]));
    expect(owners[0]).not.toBe(owners[1]);
    expect(owners[0]).toBe(owners[2]);
    await director.clues.distributionRuleSave({
      body: { schoolItemCode: 'SH01', mode: 'least_loaded', version: rule.version },
    });
    const least = await director.clues.clueSave({ body: clueBody() });
    expect(least.ownerUserId).toBe(saved.id);
    await director.clues.distributionRuleSave({ body: { schoolItemCode: 'SH01', mode: 'manual' } });
    expect((await director.clues.clueSave({ body: clueBody() })).flowState).toBe('pool');
  });

  it('two people claiming one high-sea clue: exactly one wins, the other gets a clear error', async () => {
    const c = await salesClue('following');
    await admin.clues.updateClueFlowState({
      body: { clueId: c.clueId, flowState: 'high_sea', reason: '测试公海' },
    });
    expect(
      (await sales.clues.highSeaList({ query: { pageSize: 500 } })).list.some((x) => x.clueId === c.clueId),
    ).toBe(true);
    const rs = await Promise.allSettled([
      sales.clues.receiveClue({ body: { clueId: c.clueId } }),
      director.clues.receiveClue({ body: { clueId: c.clueId } }),
    ]);
    expect(rs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = rs.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' && [ErrorCode.conflict, ErrorCode.rule]).toContain(
      lost?.status === 'rejected' ? (lost.reason as { code: number }).code : 0,
    );
  });

  it('two approvers deciding one request at once: exactly one wins, the other gets 409', async () => {
    const c = await salesClue('following');
    const r = await sales.clues.abandonSave({ body: { clueId: c.clueId, reason: '不考虑' } });
    const rs = await Promise.allSettled([
      director.clues.abandonApprove({ body: { id: r.id ?? 0, pass: true } }),
      admin.clues.abandonApprove({ body: { id: r.id ?? 0, pass: false } }),
    ]);
    expect(rs.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = rs.find((x) => x.status === 'rejected');
    expect(lost?.status === 'rejected' ? (lost.reason as { code: number }).code : 0).toBe(ErrorCode.conflict);
    expect(['high_sea', 'following']).toContain(await state(c.clueId));
  });

  it('caps claims per consultant per day (429), counting from the Shanghai midnight', async () => {
    t.clock.advance(86_400_000);
    await signIn();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await director.clues.clueSave({ body: clueBody() });
      await admin.clues.updateClueFlowState({
        body: { clueId: c.clueId, flowState: 'high_sea', reason: '测试领取上限' },
      });
      ids.push(c.clueId);
    }
    for (const id of ids.slice(0, 3)) await sales.clues.receiveClue({ body: { clueId: id } });
    const e = await expectApiError(
      sales.clues.receiveClue({ body: { clueId: ids[3] ?? 0 } }),
      ErrorCode.tooMany,
    );
    expect(e.message).toContain('3');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'clue.claim'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('recycles clues without follow-up for CLUE_RECYCLE_DAYS to the high sea, audited', async () => {
    const stale = await salesClue('following');
    t.clock.advance(10 * 86_400_000);
    await signIn();
    const fresh = await salesClue('following');
    await sales.clues.followSave({ body: { clueId: stale.clueId, content: '十天后跟进一次' } });
    t.clock.advance(6 * 86_400_000);
    expect(await recycleStale(t.deps)).toBeGreaterThan(0);
    await signIn();
    expect(await state(stale.clueId)).toBe('following');
    expect(await state(fresh.clueId)).toBe('following');
    t.clock.advance(10 * 86_400_000);
    await recycleStale(t.deps);
    await signIn();
    const d = await admin.clues.detail({ query: { clueId: stale.clueId } });
    expect(d).toMatchObject({ flowState: 'high_sea', ownerUserId: null });
    expect(d.events[0]?.action).toBe('recycle');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'clue.recycle'));
    expect(audits.some((a) => a.target === `clues:${stale.cluecode}`)).toBe(true);
  });
});

describe('ad-platform webhooks', () => {
  const lead = (o: Record<string, unknown> = {}) => ({
    leadId: `bd-${++seq}`,
    phone: phone(),
    parentName: '刘女士',
    childName: '刘宇轩',
    schoolItemCode: 'SH01',
    campaignName: '语言康复',
    adAccountName: '百度-康复推广',
    ...o,
  });
  const post = (source: string, body: unknown, token?: string) =>
    fetch(`${t.baseURL}/clue/ingest/${source}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-webhook-token': token } : {}) },
      body: JSON.stringify(body),
    });

  it('answers 503 when the source is not configured and 403 with a wrong token', async () => {
    const a = await post('douyin', lead(), SECRET);
    expect(a.status).toBe(503);
    expect(((await a.json()) as { code: number }).code).toBe(ErrorCode.notConfigured);
    expect((await post('baidu', lead())).status).toBe(403);
    expect((await post('baidu', lead(), 'wrong-token-0123456789')).status).toBe(403);
  });

  it('stores the lead, creates a clue, is idempotent by lead id, and routes a known phone to its clue', async () => {
    const l = lead();
    const r1 = (await (await post('baidu', l, SECRET)).json()) as {
      data: { outcome: string; clueId: number };
    };
    expect(r1.data.outcome).toBe('created');
    const r2 = (await (await post('baidu', l, SECRET)).json()) as {
      data: { outcome: string; clueId: number };
    };
    expect(r2.data).toMatchObject({ outcome: 'repeated', clueId: r1.data.clueId });
    const r3 = (await (await post('baidu', { ...l, leadId: `${l.leadId}-again` }, SECRET)).json()) as {
      data: { outcome: string; clueId: number };
    };
    expect(r3.data).toMatchObject({ outcome: 'routed', clueId: r1.data.clueId });
    const list = await director.clues.list4baidu({ query: { keyword: l.phone } });
    expect(list.total).toBe(2);
    const sum = await director.clues.list4baiduSummary({ query: { keyword: l.phone } });
    expect(sum).toMatchObject({ total: 2, created: 1, routed: 1 });
    expect((await director.clues.detail({ query: { clueId: r1.data.clueId } })).source).toBe('baidu');
  });

  it('the same lead delivered twice at once makes one clue', async () => {
    const l = lead();
    const rs = await Promise.all([post('baidu', l, SECRET), post('baidu', l, SECRET)]);
    const bodies = (await Promise.all(rs.map((r) => r.json()))) as Array<{
      code: number;
      data: { outcome: string; clueId: number };
    }>;
    expect(bodies.map((b) => b.code)).toEqual([0, 0]);
    expect(bodies.map((b) => b.data.outcome).sort()).toEqual(['created', 'repeated']);
    expect((await admin.clues.queryByMobile({ query: { mobile: l.phone } })).length).toBe(1);
  });
});

describe('merge and import', () => {
  it('merges a duplicate: follow records move, the other clue becomes merged and its phone a contact', async () => {
    const keep = await salesClue('following');
    const dup = await salesClue('following');
    await sales.clues.followSave({ body: { clueId: dup.clueId, content: '父亲来电咨询' } });
    const pv = await director.clues.mergePreview({
      body: { keepClueId: keep.clueId, mergeClueIds: [dup.clueId] },
    });
    expect(pv.followsMoved).toBe(1);
    const r = await director.clues.merge({ body: { keepClueId: keep.clueId, mergeClueIds: [dup.clueId] } });
    expect(r).toEqual({ clueId: keep.clueId, merged: 1, followsMoved: 1 });
    const d = await director.clues.detail({ query: { clueId: keep.clueId } });
    expect(d.follows.map((f) => f.content)).toContain('父亲来电咨询');
    expect(d.contacts.some((c) => c.phone === dup.phone)).toBe(true);
    expect(await state(dup.clueId)).toBe('merged');
  });

  it('imports rows: errors → nothing written; duplicates reported; a re-run creates nothing new', async () => {
    const held = await salesClue('following');
    const rows = [
      { childName: '郭子涵', parentName: '郭静', phone: phone(), schoolItemCode: 'SH01', gender: '女' },
      { childName: '何浩宇', parentName: '何伟', phone: held.phone, schoolItemCode: 'SH01' },
      { childName: '', parentName: '高敏', phone: '12', schoolItemCode: 'XX99' },
    ];
    const bad = await director.clues.importRows({ body: { rows, dryRun: false } });
    expect(bad.created).toBe(0);
    expect(bad.errors.map((e) => e.column)).toEqual(
      expect.arrayContaining(['childName', 'phone', 'schoolItemCode']),
    );
    const good = rows.slice(0, 2);
    const dry = await director.clues.importRows({ body: { rows: good, dryRun: true } });
    // The dry run tells exactly what the import then does.
    expect(dry).toMatchObject({ total: 2, created: 1, skipped: 1, errors: [] });
    expect(dry.duplicates).toEqual([expect.objectContaining({ row: 2, phone: held.phone })]);
    const run = await director.clues.importRows({ body: { rows: good, dryRun: false } });
    expect(run).toMatchObject({ created: 1, skipped: 1 });
    expect(run.duplicates).toEqual(dry.duplicates);
    const again = await director.clues.importRows({ body: { rows: good, dryRun: false } });
    expect(again).toMatchObject({ created: 0, skipped: 2 });
  });
});

describe('extras', () => {
  it('contacts, tags, channel and the calendar', async () => {
    const c = await salesClue('following');
    const ct = await sales.clues.contactSave({
      body: { clueId: c.clueId, name: '王爷爷', relation: '祖父', phone: phone() },
    });
    expect((await sales.clues.detail({ query: { clueId: c.clueId } })).contacts).toHaveLength(1);
    await sales.clues.contactDelete({ query: { id: ct.id } });
    const tags = await admin.dictionaries.tagListForTag({ query: { tagType: 1 } });
    const ids = tags.slice(0, 2).map((x) => x.id);
    const saved = await sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [...ids, ...ids] } });
    expect(saved.map((x) => x.id).sort()).toEqual([...ids].sort());
    expect(saved.map((x) => x.name)).toEqual(tags.slice(0, 2).map((x) => x.name));
    await sales.clues.modifyClueChannel({
      body: { clueId: c.clueId, channel: 'REFER_OLD', recommender: '林可馨' },
    });
    expect((await sales.clues.detail({ query: { clueId: c.clueId } })).channel).toBe('REFER_OLD');
    const day = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await admin.clues.updateCalender({ body: { dateStr: day, isOpen: false, note: '培训' } });
    await director.clues.updateCalenderSchool({
      body: { dateStr: day, schoolItemCode: 'SH01', isOpen: true },
    });
    const schools = await director.clues.calendarSchoolsOnDate({ query: { dateStr: day } });
    expect(schools.find((s) => s.schoolItemCode === 'SH01')?.isOpen).toBe(true);
    expect(schools.find((s) => s.schoolItemCode === 'SH02')?.isOpen).toBe(false);
    const month = await director.clues.calendarList({ query: { monthStr: day.slice(0, 7) } });
    expect(month.find((d) => d.dateStr === day)).toMatchObject({ isOpen: false, openSchoolCount: 1 });
    await expectApiError(
      director.clues.updateCalender({ body: { dateStr: day, isOpen: true } }),
      ErrorCode.noPermission,
    );
  });
});
