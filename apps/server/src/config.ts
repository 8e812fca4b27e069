// The server's configuration: the only place that reads process.env, validated by zod.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DATE_LOCK_BEFORE_DAYS } from '@bo/domain';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.string().url().optional();

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Folder of the embedded PGlite database (used when DATABASE_URL is empty). */
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * A tarball of an embedded data folder (PGlite's dumpDataDir, uncompressed or gzipped) that a
   * DATA_DIR holding no database yet starts as a copy of, instead of being seeded: the journeys'
   * servers start from the test run's seeded template. Ignored with DATABASE_URL.
   */
  DATA_DIR_TEMPLATE: z.string().min(1).optional(),
  /** A PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A streaming replica of DATABASE_URL's server: dashboards, reports and exports read from it
   * (src/http/replicaReads.ts); commands and everything else stay on the primary.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A replica answer older than this (ms behind the primary) is marked with the time its data is from. */
  REPLICA_LAG_NOTICE_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** How long one measure of the replica's lag serves report reads (ms), so a dashboard's charts share one. */
  REPLICA_LAG_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Seed demo data into an empty database: auto = only the embedded one. */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Multiplies the demo data volume (benchmarks); 60 clues a step, so 16667 is about a million. */
  SEED_SCALE: z.coerce.number().int().min(1).max(20_000).default(1),
  /** Password for the first administrator of a production database (no demo data). */
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built back-office UI, served with history-mode fallback. */
  UI_DIR: z.string().optional(),
  /**
   * argon2id cost of password hashes: memory (KiB) and passes. The defaults are OWASP's minimum
   * (19 MiB, 2 passes); lower only for tests (ARGON2_MEMORY_KIB=1024, ARGON2_TIME_COST=1).
   */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(64).max(1_048_576).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  /** Password hashes computed at once (the rest wait in per-address lines); default the cores, at most 4. */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(4, availableParallelism())),
  /** Password hashes one client address may have running or waiting; one more is answered 429. */
  PASSWORD_QUEUE_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(8),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  /** How long a resolved session is reused without asking the database (seconds; 0 = every request). */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** PostgreSQL statement_timeout of every pooled connection (ms; 0 = none). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** Connections of the PostgreSQL pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** API requests handled at once; more wait in a queue (0 = no limit). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).default(32),
  /** Requests allowed to wait; beyond that the server answers 503 at once. */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(512),
  /** A request that waited this long in the queue is answered 503 (ms). */
  QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** Lists count exactly up to this many rows; above it the total is the planner's estimate. */
  LIST_COUNT_EXACT_LIMIT: z.coerce.number().int().min(0).default(1000),
  /** How long a list reuses a large filter's estimated total while the user pages (ms; 0 = never). */
  LIST_ESTIMATE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Validate every response against the contract (default on outside production). */
  VALIDATE_RESPONSES: bool.optional(),
  /** Trust X-Forwarded-For from a reverse proxy (only behind one: otherwise clients could spoof their address). */
  TRUST_PROXY: bool.default(false),
  /** Folder for uploaded files (local storage adapter). */
  UPLOAD_DIR: z.string().optional(),
  /** Shared secrets of the ad-platform clue webhooks (header x-webhook-token); unset = that webhook answers 503. */
  CLUE_WEBHOOK_SECRET_BAIDU: z.string().min(16, 'must be at least 16 characters').optional(),
  CLUE_WEBHOOK_SECRET_DOUYIN: z.string().min(16, 'must be at least 16 characters').optional(),
  CLUE_WEBHOOK_SECRET_H5: z.string().min(16, 'must be at least 16 characters').optional(),
  /** High-sea claims per consultant per day (Asia/Shanghai day). */
  CLUE_CLAIM_DAILY_CAP: z.coerce.number().int().min(1).default(20),
  /** Days without follow-up after which a clue returns to the high sea. */
  CLUE_RECYCLE_DAYS: z.coerce.number().int().min(1).default(15),
  /**
   * How many days back a pay record may be dated (its Shanghai day at most this many days before
   * today); the default is the date-lock window of spec §5 (DATE_LOCK_BEFORE_DAYS).
   */
  PAY_DATE_MAX_DAYS_BACK: z.coerce.number().int().min(0).max(366).default(DATE_LOCK_BEFORE_DAYS),
  /**
   * Give-away limits per role (docs/order-states.md "Give-aways"): "roleCode=gift%/discount%,…" — gift
   * hours up to gift% of the bought hours of a line, a manual discount up to discount% of the order's
   * list price. A user has the highest limit of their roles; a role not listed has 0. Above it the
   * order needs the campus head's approval (orderGiveaway).
   */
  GIVEAWAY_LIMITS: z
    .string()
    .regex(
      /^\d+=\d{1,3}(\.\d{1,2})?\/\d{1,3}(\.\d{1,2})?(,\d+=\d{1,3}(\.\d{1,2})?\/\d{1,3}(\.\d{1,2})?)*$/,
      'must look like role=gift%/discount%,role2=gift%/discount% (e.g. 34=10/5)',
    )
    .refine(
      (v) => v.split(',').every((p) => (p.split('=')[1] ?? '').split('/').every((x) => Number(x) <= 100)),
      'a percentage is at most 100',
    )
    .default('34=10/5,15=10/5,20=10/5,58=15/8,72=20/10,76=20/10,1=20/10'),
  /** How often the recycle job runs (minutes); 0 disables the timer. */
  CLUE_RECYCLE_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Delay added to each failed sign-in, per recent failure (ms; capped at 2 s). 0 in tests. */
  LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(2000).default(200),
  /** Spreadsheet uploads (streamed): bytes the workbook may unzip to, counted while inflating. */
  SHEET_MAX_UNZIPPED_MB: z.coerce.number().int().min(1).max(1024).default(30),
  /** Data rows of an uploaded sheet (below the header row). */
  SHEET_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Columns holding a value in an uploaded sheet. */
  SHEET_MAX_COLUMNS: z.coerce.number().int().min(1).max(16_384).default(100),
  /** Characters of one cell of an uploaded sheet (Excel's own limit is 32,767). */
  SHEET_MAX_CELL_CHARS: z.coerce.number().int().min(1).max(1_000_000).default(32_767),
  /** Corporate messenger (DingTalk-style) QR sign-in; all three enable it. */
  DINGTALK_BASE_URL: optionalUrl,
  DINGTALK_CLIENT_ID: z.string().optional(),
  DINGTALK_CLIENT_SECRET: z.string().optional(),
  /** Where the messenger sends the browser back after the QR scan (the UI's /auth page). */
  DINGTALK_REDIRECT_URL: optionalUrl,
  /** Authorize page of the messenger that shows the QR code. */
  DINGTALK_LOGIN_URL: z.string().url().default('https://login.dingtalk.com/oauth2/auth'),
  /** Enterprise messaging (WeCom-style) sign-in: corp id and "appid:secret,appid2:secret2". */
  WXCP_BASE_URL: optionalUrl,
  WXCP_CORP_ID: z.string().optional(),
  WXCP_APPS: z
    .string()
    .regex(/^[^:,]+:[^:,]+(,[^:,]+:[^:,]+)*$/, 'must look like appid:secret,appid2:secret2')
    .optional(),
  /** Income-dashboard single sign-on (mobile-chat code); defaults to the DingTalk settings. */
  DASHBOARD_SSO_BASE_URL: optionalUrl,
  DASHBOARD_SSO_CLIENT_ID: z.string().optional(),
  DASHBOARD_SSO_CLIENT_SECRET: z.string().optional(),
  /** S3-compatible object storage; without S3_ENDPOINT and S3_BUCKET files go to UPLOAD_DIR. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Tencent Cloud Contact Center (outbound calls): API base URL, SDK app id, API key pair (TC3-HMAC-SHA256). */
  TCCC_BASE_URL: optionalUrl,
  TCCC_SDK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric SdkAppId').optional(),
  TCCC_SECRET_ID: z.string().optional(),
  TCCC_SECRET_KEY: z.string().optional(),
  /** Zhichi (Sobot) V6 call centre: API base URL (e.g. https://openapi.soboten.com), appId and app secret. */
  ZHICHI_BASE_URL: optionalUrl,
  ZHICHI_APP_ID: z.string().optional(),
  ZHICHI_APP_KEY: z.string().optional(),
  /** Tencent Cloud SMS (SendSms, API 3.0 version 2021-01-11): key pair, SmsSdkAppId, signature name. */
  SMS_BASE_URL: z.string().url().default('https://sms.tencentcloudapi.com'),
  SMS_REGION: z.string().default('ap-guangzhou'),
  SMS_SECRET_ID: z.string().optional(),
  SMS_SECRET_KEY: z.string().optional(),
  SMS_SDK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric SmsSdkAppId').optional(),
  SMS_SIGN_NAME: z.string().optional(),
  /** The address parents open the links of text messages at (e.g. https://bo.example.com). */
  PUBLIC_URL: optionalUrl,
  /**
   * WeChat Pay API v3 Native payment (online payment of orders): merchant id, app id, the merchant API
   * certificate's serial number and private key, the platform public key and its id (the
   * Wechatpay-Serial of answers and notifications), the APIv3 key (32 characters). Keys are PEM text or
   * the path of a PEM file. All of them plus PUBLIC_URL (the notification address) enable it.
   */
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  /** Minutes a payment QR code stays payable. */
  WECHATPAY_EXPIRE_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /**
   * Electronic contracts (e-signature OpenAPI v3, e签宝-style): API base, app id and secret (HMAC-SHA256
   * request and callback signatures), the contract template's id. With PUBLIC_URL (the callback address).
   */
  ESIGN_BASE_URL: z.string().url().default('https://openapi.esign.cn'),
  ESIGN_APP_ID: z.string().optional(),
  ESIGN_APP_SECRET: z.string().optional(),
  ESIGN_TEMPLATE_ID: z.string().optional(),
  /**
   * The tax-invoice provider (China Merchants Bank e-invoice style): API base, app id and secret
   * (HMAC-SHA256 signed envelopes), the seller's tax number and name printed on every invoice.
   */
  CMB_INVOICE_BASE_URL: z.string().url().default('https://api.cmbchina.com/einvoice'),
  CMB_INVOICE_APP_ID: z.string().optional(),
  CMB_INVOICE_SECRET: z.string().optional(),
  CMB_INVOICE_SELLER_TAX_NO: z
    .string()
    .regex(/^[0-9A-Z]{15,20}$/, 'must be the seller’s tax number (15–20 characters)')
    .optional(),
  CMB_INVOICE_SELLER_NAME: z.string().optional(),
  /**
   * The HR system (Beisen iTalent-style OpenAPI): API base, the app key and secret that buy an access
   * token (client credentials, refreshed when it expires). Both enable /beisen-sync/* and /salary_sync/sync.
   */
  BEISEN_BASE_URL: z.string().url().default('https://openapi.italent.cn'),
  BEISEN_APP_KEY: z.string().optional(),
  BEISEN_APP_SECRET: z.string().optional(),
  /** A TrueType font with Chinese glyphs for PDF receipts (a .ttf, or a .ttc with PDF_FONT_NAME). */
  PDF_FONT_PATH: z.string().default('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'),
  /** The font's PostScript name inside a .ttc collection (fc-scan --format '%{postscriptname}'). */
  PDF_FONT_NAME: z.string().default('WenQuanYiMicroHei'),
  /** How long the evaluation and result links of text messages open (hours; default a week). */
  PUBLIC_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Folder of PostgreSQL's client programs for pnpm backup / restore (pg_dump, pg_restore). */
  PGBIN: z.string().min(1).optional(),
  /** Approved template id per message kind: "evaluate=123456,evaluationResult=123457". */
  SMS_TEMPLATES: z
    .string()
    .regex(/^[A-Za-z]+=\d+(,[A-Za-z]+=\d+)*$/, 'must look like kind=templateId,kind2=templateId2')
    .optional(),
});
export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; uploadDir: string };

export class ConfigError extends Error {}

/** Reads and validates the configuration; a bad value gives a message naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}=${JSON.stringify(cleaned[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee docs/configuration.md for every variable.`,
    );
  }
  const c = parsed.data;
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL is set without DATABASE_URL: a read replica serves a PostgreSQL primary (set DATABASE_URL too, or unset DATABASE_REPLICA_URL).\nSee docs/configuration.md for every variable.',
    );
  const dataDir = path.resolve(cwd, c.DATA_DIR);
  return { ...c, dataDir, uploadDir: path.resolve(cwd, c.UPLOAD_DIR ?? path.join(c.DATA_DIR, 'uploads')) };
}
