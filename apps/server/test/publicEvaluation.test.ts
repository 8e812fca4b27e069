// The pages a parent opens from a text message (issue 12): the links the SMS carries work without
// signing in, show one child's assessment or form and nothing else, expire, answer once, and
// guessed tokens fail and are throttled.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { maskUrl } from '../src/app.js';
import { clueEvaluationSends, cluePublicLinks } from '../src/slices/clues/tables.js';
import { loginAttempts } from '../src/slices/system/tables.js';

/** A Tencent Cloud SMS peer that accepts every message and keeps its parameters. */
const sent: string[][] = [];
let peer: Server;
let t: TestServer;
let sales: Sdk;
let site = '';

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const p = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
      sent.push(p.TemplateParamSet);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          Response: {
            SendStatusSet: p.PhoneNumberSet.map((n) => ({ SerialNo: 's1', PhoneNumber: n, Code: 'Ok' })),
            RequestId: 'r1',
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  t = await startTestServer({
    env: {
      SMS_BASE_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
      SMS_SECRET_ID: 'AKIDsms0002',
      SMS_SECRET_KEY: 'sms-secret',
      SMS_SDK_APP_ID: '1400009099',
      SMS_SIGN_NAME: '星语康复',
      SMS_TEMPLATES: 'evaluate=449739,evaluationResult=449740',
      PUBLIC_URL: 'https://bo.example.com',
      PUBLIC_LINK_TTL_HOURS: '48',
    },
  });
  sales = await t.as('sales');
  site = t.baseURL.replace(/\/api$/, '');
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => peer?.close(r));
});

let seq = 0;
/** A visited clue of the consultant at SH01, with the staff's assessment. */
async function assessedClue() {
  const phone = `137${String(70_000_000 + ++seq)}`;
  const c = await sales.clues.clueSave({
    body: {
      childName: '周子涵',
      parentName: '周敏',
      phone,
      gender: 2,
      birthDate: '2020-03-01',
      schoolItemCode: 'SH01',
      channel: 'WALKIN',
    },
  });
  await sales.clues.intoSchoolSave({
    body: { clueId: c.clueId, visitAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() },
  });
  await sales.clues.clueConfirmSave({ body: { clueId: c.clueId } });
  const m = await sales.clues.matriculationSave({
    body: {
      clueId: c.clueId,
      matriculationType: 'language',
      conclusion: '语言发育落后约3个月',
      suggestion: '每周两次语言训练',
      score: 68,
    },
  });
  return { c, m };
}

/** The link of the last text message, as the page path and its token. */
function lastLink() {
  const params = sent[sent.length - 1] ?? [];
  const url = new URL(params[params.length - 1] ?? '');
  expect(url.origin).toBe('https://bo.example.com');
  const token = url.pathname.split('/').pop() ?? '';
  return { path: url.pathname, token };
}

const open = (path: string, init?: RequestInit) => fetch(`${site}${path}`, init);
const post = (path: string, form: Record<string, string>) =>
  open(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
const api = async (path: string, init?: RequestInit) => {
  const r = await fetch(`${t.baseURL}${path}`, init);
  return { status: r.status, body: (await r.json()) as { code: number; data: Record<string, unknown> } };
};

describe('the result link', () => {
  it('opens the one assessment on a phone page, again and again, without signing in', async () => {
    const { c, m } = await assessedClue();
    const s = await sales.clues.matriculationSend({ params: { id: m.id } });
    const { path, token } = lastLink();
    expect(path).toMatch(/^\/p\/result\/[A-Za-z0-9_-]{43}$/);
    expect(s.link).toBe(`https://bo.example.com${path}`);
    for (let i = 0; i < 2; i++) {
      const r = await open(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await r.text();
      expect(html).toContain('name="viewport"');
      expect(html).toContain('语言发育落后约3个月');
      expect(html).toContain('每周两次语言训练');
      expect(html).toContain('周**');
      // Of the family only the child's masked name; no clue code, phone or parent.
      for (const secret of [c.phone, c.cluecode, '周子涵', '周敏']) expect(html).not.toContain(secret);
    }
    const j = await api(`/public/evaluationResult/${token}`);
    expect(j.status).toBe(200);
    expect(Object.keys(j.body.data).sort()).toEqual(
      [
        'assessedAt',
        'assessorName',
        'campusName',
        'childName',
        'conclusion',
        'expiresAt',
        'matriculationType',
        'score',
        'suggestion',
      ].sort(),
    );
    expect(j.body.data).toMatchObject({ childName: '周**', score: 68, campusName: '上海徐汇校区' });
    // Only a hash is stored: neither the link row nor the send record holds the token.
    const [link] = await t.deps.db.select().from(cluePublicLinks).where(eq(cluePublicLinks.clueId, c.clueId));
    expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(link?.tokenHash).not.toContain(token);
    const sends = await t.deps.db
      .select()
      .from(clueEvaluationSends)
      .where(eq(clueEvaluationSends.uuid, m.uuid));
    expect(sends.map((x) => x.link).join()).not.toContain(token);
    expect(maskUrl(`/p/result/${token}?x=1`)).toBe('/p/result/***?x=1');
    expect(maskUrl(`/api/public/evaluation/${token}`)).toBe('/api/public/evaluation/***');
  });

  it('expires after PUBLIC_LINK_TTL_HOURS with a clear page', async () => {
    const { m } = await assessedClue();
    await sales.clues.matriculationSend({ params: { id: m.id } });
    const { path, token } = lastLink();
    t.clock.advance(47 * 3600_000);
    expect((await open(path)).status).toBe(200);
    t.clock.advance(2 * 3600_000);
    const r = await open(path);
    expect(r.status).toBe(422);
    const html = await r.text();
    expect(html).toContain('此链接已过期');
    expect(html).toContain('this link has expired');
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    const j = await api(`/public/evaluationResult/${token}`);
    expect(j.body.code).toBe(ErrorCode.rule);
    sales = await t.as('sales');
  });
});

describe('the evaluation link', () => {
  it('shows the scale the type names and records the parent’s answers on the clue, once', async () => {
    const { c, m } = await assessedClue();
    await sales.clues.sendEvaluate({ query: { uuid: m.uuid, phone: c.phone, matriculationType: 'S_LANG' } });
    const { path, token } = lastLink();
    expect(path).toMatch(/^\/p\/evaluate\/[A-Za-z0-9_-]{43}$/);
    const form = await api(`/public/evaluation/${token}`);
    const items = form.body.data.items as { name: string; maxScore: number }[];
    expect(form.body.data).toMatchObject({
      childName: '周**',
      scaleName: '语言发育评估量表',
      answered: false,
    });
    expect(items.length).toBeGreaterThan(0);
    const page = await (await open(path)).text();
    for (const it of items) expect(page).toContain(it.name);
    expect(page).not.toContain(c.phone);

    const first = items[0];
    if (!first) throw new Error('the scale has items');
    const values = Object.fromEntries(items.map((it, i) => [`s${i}`, String(Math.min(5, it.maxScore))]));
    const tooHigh = await post(path, { ...values, s0: String(first.maxScore + 1) });
    expect(tooHigh.status).toBe(400);
    expect(await tooHigh.text()).toContain(`「${first.name}」最高${first.maxScore}分`);

    const ok = await post(path, { ...values, description: '在家说话较少', filledBy: '妈妈' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('提交成功');
    const records = (await sales.clues.entranceAssessment({ query: { clueId: c.clueId } })).results;
    const mine = records.find((r) => r.assessorName === '家长 妈妈');
    expect(mine).toMatchObject({
      matriculationType: 'S_LANG',
      score: items.length * Math.min(5, first.maxScore),
    });
    expect(mine?.conclusion).toContain('在家说话较少');
    expect(mine?.conclusion).toContain(first.name);

    const again = await post(path, values);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('该评估已提交');
    expect((await api(`/public/evaluation/${token}`)).body.data.answered).toBe(true);
    const viaApi = await api(`/public/evaluation/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scores: [], description: 'x' }),
    });
    expect(viaApi.status).toBe(409);
  });

  it('a type without a scale asks for a description; the clue must be in the sender’s campuses', async () => {
    const { c, m } = await assessedClue();
    await sales.clues.sendEvaluate({
      query: { uuid: m.uuid, phone: c.phone, matriculationType: 'language' },
    });
    const { path } = lastLink();
    expect(await (await open(path)).text()).toContain('required');
    const empty = await post(path, { description: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('请描述孩子的情况');
    expect((await post(path, { description: '注意力容易分散' })).status).toBe(200);

    await expectApiError(
      sales.clues.sendEvaluate({ query: { uuid: 'x', phone: '13600000000', matriculationType: 'language' } }),
      ErrorCode.notFound,
    );
    const director = await t.as('director');
    const other = await director.clues.clueSave({
      body: {
        childName: '吴一凡',
        parentName: '吴军',
        phone: '13770099999',
        gender: 1,
        schoolItemCode: 'SH02',
        channel: 'WALKIN',
        ownerUserId: null,
      },
    });
    await expectApiError(
      sales.clues.sendEvaluate({ query: { uuid: 'x', phone: other.phone, matriculationType: 'language' } }),
      ErrorCode.noPermission,
    );
  });
});

describe('guessing', () => {
  it('fails for made-up tokens, hashes and references, and locks the address after five failures', async () => {
    await t.deps.db.delete(loginAttempts);
    const { c, m } = await assessedClue();
    await sales.clues.matriculationSend({ params: { id: m.id } });
    const real = lastLink();
    const [link] = await t.deps.db.select().from(cluePublicLinks).where(eq(cluePublicLinks.clueId, c.clueId));
    const guesses = [
      `/p/result/${'A'.repeat(43)}`,
      `/p/result/${link?.tokenHash ?? ''}`,
      `/p/result/${m.uuid.replace(/-/g, '')}`,
      `/p/evaluate/${real.token}`,
      `/p/result/${real.token.slice(0, -1)}${real.token.endsWith('B') ? 'C' : 'B'}`,
    ];
    for (const g of guesses) {
      const r = await open(g);
      expect(r.status, g).toBe(404);
      expect(await r.text()).toContain('链接无效');
    }
    // The sixth attempt from the address is refused before the token is looked at, even a real one.
    const locked = await open(real.path);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('请稍后再试');
    // Sign-in from the same address is not affected by link guesses.
    await t.as('admin');
    t.clock.advance(31 * 60_000);
    expect((await open(real.path)).status).toBe(200);
  });
});
