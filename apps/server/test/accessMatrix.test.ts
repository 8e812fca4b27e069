// on both engines: every endpoint's answers through each engine's driver (types, errors), for every role.
// The access matrix: every endpoint of the contract, called with no token, a bad token and as each
// demo role. A role must be refused (403) wherever it holds none of the endpoint's privileges, and
// every endpoint open to all signed-in users or to the public is declared below with the reason.
// Generated from the contract: a new endpoint is covered (or must be declared) the day it lands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@bo/api-sdk';
import type { AuthUser } from '../src/http/auth.js';
import { baseline, call, endpoints, pool } from './contractKit.js';
import { startTestServer, type TestServer } from './harness.js';

/** Endpoints anyone may call without signing in, and why. */
const PUBLIC: Record<string, string> = {
  'system.login': 'signing in',
  'system.chgpass': 'changing an expired password on the sign-in page (checks the old password)',
  'system.dingQrLogin': 'messenger QR sign-in',
  'system.wxcpLogin': 'enterprise messaging sign-in',
  'system.loginDashboard': 'the income dashboard’s mobile single sign-on',
  'system.loginOptions': 'which sign-in methods the login page shows',
  'common.fullProvinces': 'administrative divisions (public reference data)',
  'common.fullProvinces2': 'administrative divisions (public reference data)',
  'common.provinces': 'administrative divisions (public reference data)',
  'common.cities': 'administrative divisions (public reference data)',
  'common.counties': 'administrative divisions (public reference data)',
  'common.nations': 'ethnic groups (public reference data)',
  'clues.ingest': 'ad-platform webhooks, authenticated by their shared secret instead of a session',
  'payments.notifyWechatpay':
    'the payment gateway’s notification, authenticated by its platform-key signature over the body instead of a session',
  'contracts.esignNotify':
    'the e-signature provider’s callback, authenticated by its HMAC-SHA256 signature (app secret) over the raw body instead of a session',
  'clues.publicEvaluation':
    'the evaluation form a parent opens from a text message: the random link token (stored hashed, expiring) is the key; failed guesses are throttled',
  'clues.publicEvaluationSubmit':
    'the parent answers the evaluation form once with the link token; failed guesses are throttled',
  'clues.publicEvaluationResult':
    'the assessment result a parent opens from a text message with its link token (expiring); failed guesses are throttled',
};

/**
 * The intended exceptions: endpoints every signed-in user reaches, whatever their role, and why.
 * Anything else names the privileges (screens or actions) that need it.
 */
const EVERY_SIGNED_IN: [RegExp, string][] = [
  [
    /^system\.(logout|userInfo|changePassword|isJujiganyu|menu|forbiddenRoutes|generateIdCode)$/,
    'the shell every screen needs: one’s own session, profile, password, menu',
  ],
  [
    /^system\.view(List|Create|Update|Delete|SetDefault)$/,
    'saved views of list screens: each user reads and changes only their own (another’s answers 404)',
  ],
  [/^feedback\./, 'the feedback button of every screen: one’s own feedback and its files'],
  [/^common\.(dictData|relationTypes)$/, 'reference lists of every form (no personal data)'],
  [/^organisation\./, 'regions, campuses and cities: selectors of every screen (no personal data)'],
  [/^dictionaries\./, 'dictionaries and tags: selectors of every form (no personal data)'],
  [/^courses\./, 'the course catalogue: selectors of clue, order and schedule forms (no personal data)'],
  [/^finance\./, 'finance master data (pay, bill, income types, ...): selectors of order and payment forms'],
  [
    /^employees\./,
    'people pickers (teachers, supervisors, assessors, commissioners, code and name) limited by the service to the caller’s campuses, and the master data of posts, ranks and subjects',
  ],
  [
    /^clueSettings\./,
    'clue master data (channels, reasons, active scales) the clue and assessment forms pick from',
  ],
  [/^courseAuthority\.(queryTeacherCouseLevels|queryTeacherCourses)$/, 'a teacher’s own course authority'],
  [
    /^clues\.(isInsuranceUser|calendarList|calendarSchoolList|calendarSchoolsOnDate)$/,
    'the business calendar',
  ],
  [/^resources\.getResLevel$/, 'the names of the resource levels'],
  [/^calls\.tencentLogout$/, 'ends one’s own call-centre seat'],
  [
    /^products\.(productNames|assessNames|saleProduct|assessSaleProduct|assessAvailable)$/,
    'product names for pickers and what a campus may sell today at which price (order and assessment forms); the campus is checked against the caller’s',
  ],
  [/^tasks\./, 'one’s own todo list and the task badge of the menu'],
  [
    /^teaching\.(planObjectList|planTargetList|planStrategyList|lessonPlanList)$/,
    'the teaching-plan library: selectors of the individual-plan forms (no personal data)',
  ],
  [
    /^approvals\.(pass|reject|cancel|revoke|pending|pendingCount|mine|detail)$/,
    'the approval inbox: who may decide is the request’s current step (named approvers and roles in scope), checked per request by the approval engine; one’s own requests',
  ],
];

const ROLES = ['admin', 'director', 'sales', 'finance', 'teacher', 'hr', 'esales'] as const;

let t: TestServer;
const users = new Map<string, { token: string; user: AuthUser }>();

beforeAll(async () => {
  t = await startTestServer();
  for (const name of ROLES) {
    const token = await t.login(name);
    const user = await t.deps.auth.resolve(token, '127.0.0.1');
    if (!user) throw new Error(`no session for ${name}`);
    users.set(name, { token, user });
  }
}, 120_000);
afterAll(async () => t?.close());

const key = (e: ReturnType<typeof endpoints>[number]) => `${e.slice}.${e.name}`;

describe('access matrix', () => {
  it('declares why each open endpoint is open', () => {
    const undeclared: string[] = [];
    for (const e of endpoints()) {
      const k = key(e);
      if (e.endpoint.access.kind === 'public' && !PUBLIC[k]) undeclared.push(`${k}: public without a reason`);
      if (e.endpoint.access.kind === 'signedIn' && !EVERY_SIGNED_IN.some(([re]) => re.test(k)))
        undeclared.push(
          `${k}: open to every signed-in user without a reason (declare it or name a privilege)`,
        );
      if (e.endpoint.access.kind !== 'public' && PUBLIC[k])
        undeclared.push(`${k}: declared public but is not`);
    }
    expect(undeclared).toEqual([]);
  });

  it(
    'refuses every non-public endpoint without a token, with a bad token, and to each role without its privilege',
    { timeout: 600_000 },
    async () => {
      const wrong: string[] = [];
      let requests = 0;
      const jobs: (() => Promise<void>)[] = [];
      for (const entry of endpoints()) {
        const e = entry.endpoint;
        if (e.access.kind === 'public') continue;
        const input = baseline(e);
        const expectStatus = async (token: string | undefined, who: string, status: number, code: number) => {
          requests++;
          const r = await call(t.baseURL, e, input, token);
          if (r.status !== status || r.code !== code)
            wrong.push(
              `${key(entry)} as ${who}: expected ${status}, got ${r.status} ${r.text.slice(0, 120)}`,
            );
        };
        jobs.push(() => expectStatus(undefined, 'no token', 401, ErrorCode.tokenInvalid));
        jobs.push(() => expectStatus('not-a-token', 'a bad token', 401, ErrorCode.tokenInvalid));
        const access = e.access;
        if (access.kind !== 'privilege') continue;
        for (const name of ROLES) {
          const u = users.get(name);
          if (!u) throw new Error(name);
          const holds = u.user.isAdmin || access.anyOf.some((p) => u.user.privileges.has(p));
          if (!holds) jobs.push(() => expectStatus(u.token, name, 403, ErrorCode.noPermission));
        }
      }
      await pool(jobs, 8, (job) => job());
      console.info(
        `access matrix: ${requests} requests, ${endpoints().length} endpoints, ${ROLES.length} roles`,
      );
      expect(wrong).toEqual([]);
    },
  );

  it('gives the demo roles what their screens need and no more (least privilege)', () => {
    const holds = (name: string, k: string) => {
      const entry = endpoints().find((e) => key(e) === k);
      const u = users.get(name)?.user;
      if (!entry || !u) throw new Error(`${name} ${k}`);
      const a = entry.endpoint.access;
      return a.kind !== 'privilege' || u.isAdmin || a.anyOf.some((p) => u.privileges.has(p));
    };
    // Phones, accounts and role counts are not for a teacher (issue 11 §4).
    for (const k of [
      'system.allUsers',
      'system.roles',
      'clues.queryByMobile',
      'clues.corFilterByMobile',
      'clues.checkClueRepeat',
      'clues.clueProtect',
      'employees.employees4Recommend',
    ])
      expect(holds('teacher', k), k).toBe(false);
    expect(holds('sales', 'clues.checkClueRepeat')).toBe(true);
    expect(holds('hr', 'system.roles')).toBe(true);
    // Global scales and bulk resource imports belong to their owners.
    expect(holds('sales', 'clueSettings.assessScaleSave')).toBe(false);
    expect(holds('sales', 'resources.importESalesRes')).toBe(false);
    expect(holds('esales', 'resources.importESalesRes')).toBe(true);
  });
});
