// The nightly payments report: signs in (a service account's token, or a user's password), pages
// through every payment of one day (yesterday in Beijing time unless BO_DATE says otherwise) and
// writes them as a CSV workbook. Configuration from the environment:
//   BO_API_URL         the back office's API, e.g. http://127.0.0.1:3000/api   (required)
//   BO_SERVICE_TOKEN   a service account's token; or BO_USERNAME and BO_PASSWORD
//   BO_DATE            the day to report, YYYY-MM-DD (default: yesterday, Asia/Shanghai)
//   BO_OUT             the file to write (default: out/payments-<day>.csv)
//   BO_PAGE_SIZE       rows asked for a request (default 200; at most 500)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError, ErrorCode, createSdk, eachRow, type Sdk } from '@bo/api-sdk';
import type { TPayRecordRow } from '@bo/api-sdk/orders';

const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;

/** A day in Beijing time as YYYY-MM-DD. */
const beijingDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);

/** Signs in: a service account's token is used as it is; a user signs in with a password. */
async function signIn(baseURL: string): Promise<Sdk> {
  let token = env('BO_SERVICE_TOKEN');
  const sdk = createSdk({ baseURL, getToken: () => token, locale: 'en', timeout: 30_000 });
  if (!token) {
    const username = env('BO_USERNAME');
    const password = env('BO_PASSWORD');
    if (!username || !password) throw new Error('set BO_SERVICE_TOKEN, or BO_USERNAME and BO_PASSWORD');
    token = (await sdk.system.login({ body: { username, password } })).token;
  }
  return sdk;
}

const COLUMNS: [string, (r: TPayRecordRow) => string | number | null][] = [
  ['paid at', (r) => r.paidAt],
  ['order', (r) => r.orderCode],
  ['student code', (r) => r.studentCode],
  ['student', (r) => r.studentName],
  ['campus', (r) => r.schoolItemName ?? r.schoolItemCode],
  ['payer', (r) => r.payer],
  ['method', (r) => r.method],
  ['amount (yuan)', (r) => r.amount],
  ['reference', (r) => r.reference],
  ['status', (r) => r.status],
];

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function main() {
  const baseURL = env('BO_API_URL');
  if (!baseURL) throw new Error('set BO_API_URL, e.g. http://127.0.0.1:3000/api');
  const day = env('BO_DATE') ?? beijingDay(new Date(Date.now() - 86_400_000));
  const out = env('BO_OUT') ?? path.join('out', `payments-${day}.csv`);

  const sdk = await signIn(baseURL);
  const lines = [COLUMNS.map(([h]) => field(h)).join(',')];
  let total = 0n;
  // Every page of the day's payments.
  const pageSize = Number(env('BO_PAGE_SIZE') ?? 200);
  const pages = (pageIdx: number) =>
    sdk.orders.payRecordPage({ body: { pageIdx, pageSize, paidFrom: day, paidTo: day } });
  for await (const row of eachRow(pages)) {
    lines.push(COLUMNS.map(([, get]) => field(get(row))).join(','));
    total += BigInt(row.amount.replace('.', ''));
  }
  mkdirSync(path.dirname(out), { recursive: true });
  // A BOM so that spreadsheet programs read the Chinese names as UTF-8.
  writeFileSync(out, `\uFEFF${lines.join('\r\n')}\r\n`);
  const yuan = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
  const n = lines.length - 1;
  console.log(`${day}: ${n} payment${n === 1 ? '' : 's'}, ${yuan} yuan → ${out}`);
}

main().catch((e: unknown) => {
  if (e instanceof ApiError) {
    const why =
      e.code === ErrorCode.tokenInvalid
        ? 'the token or the password was refused'
        : e.code === ErrorCode.noPermission
          ? 'this account may not read payments'
          : e.kind === 'transport'
            ? 'the back office cannot be reached'
            : `code ${e.code}`;
    console.error(`nightly payments failed: ${why}: ${e.message}`);
  } else console.error(e);
  process.exitCode = 1;
});
