// The HR system (Beisen iTalent-style OpenAPI). Authentication is client credentials: POST /token with
// grant_type, app_key and app_secret answers an access_token and its lifetime (expires_in seconds); every
// call carries `Authorization: Bearer <token>`. The token is cached and bought again a minute before it
// expires, or at once when a call is refused with 401. Reads are scroll queries over a time window
// (capacity ≤ 300 a batch, `scrollId` to continue, `isLastData` at the end); answers are
// { code: "200", message, data, scrollId, isLastData, total }. This module only speaks the protocol;
// what a row means for our employees is service.ts.
import type { Config } from '../../config.js';
import {
  missingSettings,
  providerFailed,
  providerJson,
  providerRequest,
  requireSettings,
  type Provider,
  type TokenCache,
} from '../../shared/providerHttp.js';

export const BEISEN = '北森HR系统 / Beisen HR';
const PAGE = 300;
/** A runaway scroll (a peer that never says isLastData) stops here: 300 × 200 = 60,000 rows. */
const MAX_PAGES = 200;
const RENEW_EARLY_MS = 60_000;

export interface BeisenClient {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  /** The app instance's token cache (AppDeps.tokens). */
  tokens: TokenCache;
}

type BeisenConfig = Pick<Config, 'BEISEN_BASE_URL' | 'BEISEN_APP_KEY' | 'BEISEN_APP_SECRET'>;

/** The settings still missing. */
const SETTINGS = ['BEISEN_APP_KEY', 'BEISEN_APP_SECRET'] as const;
export const beisenMissing = (c: BeisenConfig) => missingSettings(c, SETTINGS);

/** The configured client (its tokens held in `tokens`), or 503 naming what is missing. */
export function beisen(c: BeisenConfig, tokens: TokenCache): BeisenClient {
  requireSettings(BEISEN, c, SETTINGS);
  return {
    baseUrl: c.BEISEN_BASE_URL.replace(/\/$/, ''),
    appKey: c.BEISEN_APP_KEY ?? '',
    appSecret: c.BEISEN_APP_SECRET ?? '',
    tokens,
  };
}

const provider = (cl: BeisenClient): Provider => ({ what: BEISEN, baseUrl: cl.baseUrl });
const keyOf = (cl: BeisenClient) => `beisen|${cl.baseUrl}|${cl.appKey}|${cl.appSecret}`;

async function token(cl: BeisenClient, now: () => Date): Promise<string> {
  const at = now().getTime();
  const held = await cl.tokens.get(keyOf(cl), at, async () => {
    const r = await providerJson(provider(cl), {
      path: '/token',
      body: { json: { grant_type: 'client_credentials', app_key: cl.appKey, app_secret: cl.appSecret } },
    });
    const t = r.access_token;
    if (typeof t !== 'string' || !t) throw providerFailed(BEISEN, reason(r, 'no access_token'));
    const seconds = Number(r.expires_in) > 0 ? Number(r.expires_in) : 7200;
    return {
      token: t,
      renewAt: at + Math.max(seconds * 1000 - RENEW_EARLY_MS, seconds * 500),
      expiresAt: at + seconds * 1000,
    };
  });
  return held.token;
}

function reason(r: Record<string, unknown>, fallback: string): string {
  const text = [r.message, r.error_description, r.error].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return r.code !== undefined || text ? `${String(r.code ?? 'error')}: ${text ?? fallback}` : fallback;
}

/** One authenticated call; a 401 buys a new token and tries once more. Success is code "200". */
async function call(
  cl: BeisenClient,
  path: string,
  body: Record<string, unknown>,
  now: () => Date,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt += 1) {
    const t = await token(cl, now);
    const a = await providerRequest(
      { ...provider(cl), errors: 'body' },
      { path, body: { json: body }, headers: { authorization: `Bearer ${t}` } },
    );
    const r = a.json ?? {};
    const status = a.status;
    if (status === 401 || String(r.code) === '401') {
      cl.tokens.drop(keyOf(cl));
      if (attempt === 0) continue;
    }
    if (String(r.code) !== '200' || status >= 400) throw providerFailed(BEISEN, reason(r, `HTTP ${status}`));
    return r;
  }
}

/** Every row of a scroll query. */
async function scroll(
  cl: BeisenClient,
  path: string,
  query: Record<string, unknown>,
  now: () => Date,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let scrollId = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const r = await call(cl, path, { ...query, capacity: PAGE, scrollId }, now);
    if (!Array.isArray(r.data)) throw providerFailed(BEISEN, 'the answer has no data list');
    for (const row of r.data as unknown[])
      if (typeof row === 'object' && row !== null) out.push(row as Record<string, unknown>);
    if (r.isLastData === true || r.data.length === 0) return out;
    if (typeof r.scrollId !== 'string' || !r.scrollId)
      throw providerFailed(BEISEN, 'no scrollId to continue with');
    scrollId = r.scrollId;
  }
  throw providerFailed(BEISEN, `more than ${MAX_PAGES * PAGE} rows`);
}

/** The whole history: the window starts before any record of ours. */
const window = (now: () => Date) => ({
  timeWindowQueryType: 1,
  startTime: '2000-01-01T00:00:00',
  stopTime: now().toISOString().slice(0, 19),
});

export interface HrOrgUnit {
  oId: string;
  code: string;
  name: string;
  parentId: string | null;
  /** 1 valid, 0 disabled. */
  status: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** POST /TenantBaseExternal/api/v5/Organization/GetByTimeWindow: every organisation unit. */
export async function organizations(cl: BeisenClient, now: () => Date): Promise<HrOrgUnit[]> {
  const rows = await scroll(cl, '/TenantBaseExternal/api/v5/Organization/GetByTimeWindow', window(now), now);
  return rows
    .map((r) => ({
      oId: str(r.oId),
      code: str(r.code),
      name: str(r.name),
      parentId: str(r.pOIdOrgAdmin) || null,
      status: Number(r.status) === 0 ? 0 : 1,
    }))
    .filter((u) => u.oId !== '');
}

export interface HrEmployee {
  userId: string;
  name: string;
  jobNumber: string;
  mobile: string;
  /** Beisen: 0 male, 1 female. */
  gender: number;
  departmentId: string;
  postName: string;
  entryDate: string | null;
  /** Beisen employee status: 8 left, 6 retired; others employed (probation, regular …). */
  employeeStatus: number;
}

/** POST /TenantBaseExternal/api/v5/Employee/GetByTimeWindow: every employee with the current record. */
export async function employeeList(cl: BeisenClient, now: () => Date): Promise<HrEmployee[]> {
  const rows = await scroll(
    cl,
    '/TenantBaseExternal/api/v5/Employee/GetByTimeWindow',
    { ...window(now), empStatus: [1, 2, 3, 4, 5, 6, 8, 12], isWithDeleted: false },
    now,
  );
  const out: HrEmployee[] = [];
  for (const r of rows) {
    const e = (r.employeeInfo ?? {}) as Record<string, unknown>;
    const rec = (r.recordInfo ?? {}) as Record<string, unknown>;
    const names = (rec.translateProperties ?? {}) as Record<string, unknown>;
    const userId = str(e.userID ?? rec.userID);
    if (!userId) continue;
    const entry = str(rec.entryDate);
    out.push({
      userId,
      name: str(e.name),
      jobNumber: str(rec.jobNumber),
      mobile: str(e.mobilePhone),
      gender: Number(e.gender) === 1 ? 1 : 0,
      departmentId: str(rec.oIdDepartment),
      postName: str(names.OIdJobPostText),
      entryDate: /^\d{4}-\d{2}-\d{2}/.test(entry) ? entry.slice(0, 10) : null,
      employeeStatus: Number(rec.employeeStatus),
    });
  }
  return out;
}

export interface PayrollItem {
  userId: string;
  jobNumber: string;
  name: string;
  /** Yuan with 2 decimals. */
  totalAmount: string;
  lines: Array<{ item: string; schoolItemCode: string; amount: string }>;
}

/**
 * POST /PayrollOpen/api/v1/PayrollResult/Push: a month's results, keyed on the HR system's side by
 * (userId, year, month), so sending an employee again replaces that employee's result.
 */
export async function pushPayroll(
  cl: BeisenClient,
  year: number,
  month: number,
  items: PayrollItem[],
  now: () => Date,
): Promise<void> {
  for (let i = 0; i < items.length; i += PAGE) {
    const batch = items.slice(i, i + PAGE);
    const r = await call(cl, '/PayrollOpen/api/v1/PayrollResult/Push', { year, month, items: batch }, now);
    const data = (r.data ?? {}) as Record<string, unknown>;
    if (Number(data.accepted) !== batch.length)
      throw providerFailed(BEISEN, `accepted ${String(data.accepted)} of ${batch.length} results`);
  }
}
