// Trainings (/train/*) and the HR sync (/beisen-sync/*, /salary_sync/sync): a training's attended hours
// pay through the teacher rule's `training` rate; a sealed period refuses changes to its trainings.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { employeeCampuses, employees, skillRanks } from '../src/slices/employees/tables.js';
import { salaryLines, salaryRuleRates, salaryRules } from '../src/slices/payroll/tables.js';
import { forbidBills } from '../src/slices/sealing/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let hr: Sdk;
const CAMPUS = 'SH01';
const RANK = 'TRNR';
const Y = 2032;
const TEACHER = 'TR-TEA';
const OTHER = 'TR-OTH';

async function trainingLines(month: number) {
  return t.deps.db
    .select()
    .from(salaryLines)
    .where(
      and(
        eq(salaryLines.employeeCode, TEACHER),
        eq(salaryLines.year, Y),
        eq(salaryLines.month, month),
        eq(salaryLines.item, 'training'),
      ),
    );
}

/** The HR system's side: Beisen-style token, scroll reads in pages of 2, the payroll push. */
const peer = {
  key: 'bs-app-key',
  secret: 'bs-app-secret',
  ttl: 600,
  tokens: [] as string[],
  revoked: new Set<string>(),
  pushes: [] as Array<{ year: number; month: number; items: Array<Record<string, unknown>> }>,
  units: [
    { oId: '1', code: 'ROOT', name: '集团', pOIdOrgAdmin: null, status: 1 },
    { oId: '10', code: CAMPUS, name: '上海一校', pOIdOrgAdmin: '1', status: 1 },
    { oId: '11', code: 'SH01-T', name: '教学部', pOIdOrgAdmin: '10', status: 1 },
    { oId: '12', code: 'X-OPS', name: '运营部', pOIdOrgAdmin: '1', status: 1 },
  ],
  people: [
    ['9001', '北森甲', 'BS-A', '13900009001', 1, '11', '康复教师', 3],
    ['9002', '培训老师', TEACHER, '', 0, '10', '康复教师', 3],
    ['9003', '北森丙', 'BS-C', '', 0, '12', '康复教师', 3],
  ].map(([userID, name, jobNumber, mobilePhone, gender, dept, post, st]) => ({
    employeeInfo: { userID, name, mobilePhone, gender },
    recordInfo: {
      userID,
      jobNumber,
      oIdDepartment: dept,
      employeeStatus: st,
      entryDate: '2031-09-01T00:00:00',
      translateProperties: { OIdJobPostText: post },
    },
  })),
};
let peerServer: Server;

function startPeer(): Promise<string> {
  peerServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/token') {
        if (
          body.grant_type !== 'client_credentials' ||
          body.app_key !== peer.key ||
          body.app_secret !== peer.secret
        )
          return send(400, { error: 'invalid_client', error_description: 'bad app key or secret' });
        const token = `tok-${peer.tokens.length + 1}`;
        peer.tokens.push(token);
        return send(200, { access_token: token, token_type: 'bearer', expires_in: peer.ttl });
      }
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!peer.tokens.includes(token) || peer.revoked.has(token))
        return send(401, { code: '401', message: 'token invalid' });
      const page = (rows: unknown[]) => {
        const from = Number(String(body.scrollId || 's-0').slice(2));
        const last = from + 2 >= rows.length;
        return send(200, {
          code: '200',
          message: '',
          total: rows.length,
          data: rows.slice(from, from + 2),
          scrollId: last ? null : `s-${from + 2}`,
          isLastData: last,
        });
      };
      if (req.url === '/TenantBaseExternal/api/v5/Organization/GetByTimeWindow') return page(peer.units);
      if (req.url === '/TenantBaseExternal/api/v5/Employee/GetByTimeWindow') return page(peer.people);
      if (req.url === '/PayrollOpen/api/v1/PayrollResult/Push') {
        const items = body.items as Array<Record<string, unknown>>;
        peer.pushes.push({ year: Number(body.year), month: Number(body.month), items });
        return send(200, { code: '200', message: '', data: { accepted: items.length } });
      }
      return send(404, { code: '404', message: 'no such api' });
    });
  });
  return new Promise((resolve) =>
    peerServer.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(peerServer.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const peerUrl = await startPeer();
  t = await startTestServer({
    env: { BEISEN_BASE_URL: peerUrl, BEISEN_APP_KEY: peer.key, BEISEN_APP_SECRET: peer.secret },
  });
  hr = await t.as('hr');
  await hr.employees.salaryPeriodSave({ body: { year: Y, month: 5 } });
  await t.deps.db.insert(skillRanks).values({ code: RANK, name: '培训测试', typeCode: 'TEACHER', level: 9 });
  for (const [code, post] of [
    [TEACHER, 'TEACHER'],
    [OTHER, 'CONSULTANT'],
  ] as const) {
    await t.deps.db
      .insert(employees)
      .values({ code, name: `培训${code}`, schoolItemCode: CAMPUS, postCode: post, skillRankCode: RANK });
    await t.deps.db.insert(employeeCampuses).values({ employeeCode: code, schoolItemCode: CAMPUS });
  }
  const [rule] = await t.deps.db
    .insert(salaryRules)
    .values({ role: 'teacher', skillRankCode: RANK, effectiveFrom: Y * 100 + 1 })
    .returning();
  // A lesson rate for any pay type must not pay trainings: only the `training` rate does.
  await t.deps.db.insert(salaryRuleRates).values([
    { ruleId: rule?.id ?? 0, payType: 'training', attendanceStatus: 'present', hourlyCents: 5000 },
    { ruleId: rule?.id ?? 0, payType: '*', attendanceStatus: '*', hourlyCents: 9900 },
  ]);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => peerServer?.close(r));
});

describe('trainings', () => {
  it('records a training and who attended, and pays the attended hours through the teacher rule', async () => {
    const saved = await hr.training.save({
      body: {
        schoolItemCode: CAMPUS,
        subject: 'ABA 基础',
        trainingDate: '2032-05-10',
        hours: 1.5,
        trainer: '王老师',
        attendeeCodes: [TEACHER, OTHER],
      },
    });
    expect([saved.attendeeCount, saved.attendedCount, saved.hours]).toEqual([2, 0, 1.5]);
    const signed = await hr.training.sign({
      body: { id: saved.id, version: saved.version, attendedCodes: [TEACHER, OTHER] },
    });
    expect(signed.attendees.map((a) => [a.employeeCode, a.attended, a.signedAt !== null])).toEqual([
      [OTHER, true, true],
      [TEACHER, true, true],
    ]);
    const page = await hr.training.list({ query: { schoolItemCode: CAMPUS, subject: 'ABA' } });
    expect(page.list.find((r) => r.id === saved.id)?.attendedCount).toBe(2);

    await hr.payroll.compute({ body: { year: Y, month: 5, schoolItemCode: CAMPUS } });
    const [line] = await trainingLines(5);
    // 1.5 h × ¥50.00; the consultant attended too but no consultant rule pays trainings.
    expect([line?.quantity, line?.rate, line?.amountCents]).toEqual(['1.50', 5000, 7500]);
    const src = await hr.payroll.lineSources({ query: { id: line?.id ?? 0 } });
    expect(src.map((s) => [s.sourceType, s.day, s.ref, s.amount])).toEqual([
      ['training', '2032-05-10', 'ABA 基础', '75.00'],
    ]);

    // Marked absent: the next computation pays nothing for it.
    await hr.training.sign({ body: { id: saved.id, version: signed.version, attendedCodes: [OTHER] } });
    await hr.payroll.compute({ body: { year: Y, month: 5, schoolItemCode: CAMPUS } });
    expect(await trainingLines(5)).toEqual([]);
  });

  it('refuses a sign-in of someone not invited, and every change once the period is sealed', async () => {
    const saved = await hr.training.save({
      body: {
        schoolItemCode: CAMPUS,
        subject: '安全培训',
        trainingDate: '2032-06-03',
        hours: 2,
        trainer: '李老师',
        attendeeCodes: [TEACHER],
      },
    });
    const stranger = await expectApiError(
      hr.training.sign({ body: { id: saved.id, version: saved.version, attendedCodes: [OTHER] } }),
      ErrorCode.validation,
    );
    expect(stranger.field).toBe('attendedCodes');

    await t.deps.db.insert(forbidBills).values({ year: Y, month: 6, status: 1, sealedAt: t.deps.now() });
    const sealed = await expectApiError(
      hr.training.sign({ body: { id: saved.id, version: saved.version, attendedCodes: [TEACHER] } }),
      ErrorCode.conflict,
    );
    expect(sealed.message).toContain('2032-06');
    await expectApiError(
      hr.training.remove({ body: { id: saved.id, version: saved.version } }),
      ErrorCode.conflict,
    );
    const detail = await hr.training.detail({ params: { id: saved.id } });
    expect(detail.attendees.map((a) => a.attended)).toEqual([false]);
  });
});

describe('HR sync (Beisen)', () => {
  it('reads organisation and employees idempotently, linking on the HR id, with one token until it expires', async () => {
    const org = await hr.hrSync.organization();
    expect([org.total, org.created, org.updated, org.unchanged]).toEqual([4, 4, 0, 0]);
    const first = await hr.hrSync.employees();
    expect([first.total, first.created, first.updated, first.unchanged]).toEqual([3, 1, 1, 0]);
    // The department of 北森丙 is under no campus.
    expect(first.skipped.map((s) => s.ref)).toEqual(['9003']);
    const [created] = await t.deps.db.select().from(employees).where(eq(employees.hrId, '9001'));
    expect([
      created?.code,
      created?.schoolItemCode,
      created?.postCode,
      created?.gender,
      created?.entryDate,
    ]).toEqual(['BS-A', CAMPUS, 'TEACHER', 2, '2031-09-01']);
    const [matched] = await t.deps.db.select().from(employees).where(eq(employees.code, TEACHER));
    expect([matched?.hrId, matched?.name]).toEqual(['9002', '培训老师']);
    expect(peer.tokens).toHaveLength(1);

    // Past the token's lifetime a new one is bought; the second run changes nothing.
    t.clock.advance(11 * 60_000);
    const again = await hr.hrSync.employees();
    expect([again.created, again.updated, again.unchanged]).toEqual([0, 0, 2]);
    expect((await hr.hrSync.organization()).unchanged).toBe(4);
    expect(peer.tokens).toHaveLength(2);
    const codes = await t.deps.db.select().from(employees).where(eq(employees.hrId, '9001'));
    expect(codes).toHaveLength(1);

    // A token the HR system refuses (401) is bought again once and the call goes through.
    for (const tok of peer.tokens) peer.revoked.add(tok);
    const leaver = peer.people[0];
    if (leaver) leaver.recordInfo.employeeStatus = 8;
    const left = await hr.hrSync.employees();
    expect([left.updated, left.unchanged]).toEqual([1, 1]);
    expect(peer.tokens).toHaveLength(3);
    const [gone] = await t.deps.db.select().from(employees).where(eq(employees.hrId, '9001'));
    expect(gone?.status).toBe(0);
  });

  it('pushes a month of payroll results once, then only what changed', async () => {
    const line = (employeeCode: string, amountCents: number) => ({
      year: Y,
      month: 7,
      schoolItemCode: CAMPUS,
      employeeCode,
      role: 'teacher',
      kind: 'manual',
      item: 'manual:frontline',
      amountCents,
      reason: '测试',
      createdAt: t.deps.now(),
    });
    await t.deps.db.insert(salaryLines).values([line(TEACHER, 12345), line(OTHER, 500)]);
    const first = await hr.hrSync.payroll({ body: { year: Y, month: 7 } });
    expect([first.total, first.created, first.updated, first.unchanged]).toEqual([2, 1, 0, 0]);
    expect(first.skipped.map((s) => s.ref)).toEqual([OTHER]);
    expect(peer.pushes.at(-1)?.items.map((i) => [i.userId, i.jobNumber, i.totalAmount])).toEqual([
      ['9002', TEACHER, '123.45'],
    ]);
    const pushes = peer.pushes.length;
    const same = await hr.hrSync.salarySync({ query: { year: Y, month: 7 } });
    expect([same.created, same.updated, same.unchanged]).toEqual([0, 0, 1]);
    expect(peer.pushes).toHaveLength(pushes);
    await t.deps.db.insert(salaryLines).values(line(TEACHER, -45));
    const changed = await hr.hrSync.salarySync({ query: { year: Y, month: 7 } });
    expect([changed.created, changed.updated, changed.unchanged]).toEqual([0, 1, 0]);
    expect(peer.pushes.at(-1)?.items.map((i) => i.totalAmount)).toEqual(['123.00']);
  });

  it('answers 503 naming the missing setting when the HR system is not configured', async () => {
    const secret = t.deps.config.BEISEN_APP_SECRET;
    t.deps.config.BEISEN_APP_SECRET = undefined;
    try {
      const e = await expectApiError(hr.hrSync.employees(), ErrorCode.notConfigured);
      expect(e.message).toContain('BEISEN_APP_SECRET');
      const st = await hr.hrSync.status();
      expect([st.configured, st.missing]).toEqual([false, ['BEISEN_APP_SECRET']]);
      expect(st.runs.map((r) => r.kind)).toContain('payroll');
    } finally {
      t.deps.config.BEISEN_APP_SECRET = secret;
    }
  });
});
