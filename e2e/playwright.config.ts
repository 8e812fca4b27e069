import { defineConfig } from '@playwright/test';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3310);
/**
 * Journeys run in this many workers (E2E_WORKERS, default 1; the test command uses 2). Each worker
 * has its own main app server and embedded database (on E2E_PORT + 10 × its parallel index), so a
 * journey sees the demo data plus only what the journeys before it in the same worker made, as with
 * one worker; the second server of the providers below is shared (its journeys make their own data).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const mainPort = (slot: number) => port + 10 * slot;
// Playwright evaluates this file again in each worker with its TEST_PARALLEL_INDEX (0 … workers-1).
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://127.0.0.1:${mainPort(slot)}`;
// The runner's pid, handed to the workers: one folder set per run.
process.env.E2E_RUN_ID ??= String(process.pid);
const dataDir = path.join(os.tmpdir(), `bo-e2e-${process.env.E2E_RUN_ID}`);
/** The fake corporate messenger of the QR sign-in journey (e2e/fake-provider/server.mjs). */
export const fakeProvider = {
  port: Number(process.env.FAKE_PROVIDER_PORT ?? port + 1),
  clientId: 'e2e-ding-id',
  clientSecret: 'e2e-ding-secret',
  /** The mobile number of the person it signs in (a journey gives an account this number). */
  mobile: '13800000088',
};
const fakeURL = `http://127.0.0.1:${fakeProvider.port}`;
/** The fake Tencent Cloud Contact Center of the calling journey (same fake provider process). */
export const fakeTccc = {
  sdkAppId: '1400000001',
  secretId: 'AKIDe2eTccc',
  secretKey: 'e2e-tccc-secret',
  /** The line the seats call from. */
  callerNumber: '02161230000',
};
/**
 * A second app server with the providers configured against the fake provider (QR sign-in: its login
 * page offers 钉钉扫码登录; the Tencent call centre: the agent panel signs in), so the main server,
 * which the other journeys use, stays as it is — without a call centre.
 */
export const qrBaseURL = `http://127.0.0.1:${fakeProvider.port + 1}`;

/**
 * The fake WeChat Pay gateway (e2e/fake-provider/wechatpay.mjs) the second app server pays through.
 * Its key pairs are made once per run: the config is evaluated again in each worker, which inherits
 * this process's environment, so every evaluation sees the same keys.
 */
function wechatPayKeys(): Record<string, string> {
  if (!process.env.E2E_WECHATPAY_KEYS) {
    const pem = (
      k: { export(o: { format: 'pem'; type: 'pkcs8' | 'spki' }): string | Buffer },
      type: 'pkcs8' | 'spki',
    ) => k.export({ format: 'pem', type }).toString();
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    process.env.E2E_WECHATPAY_KEYS = JSON.stringify({
      merchantPrivate: pem(merchant.privateKey, 'pkcs8'),
      merchantPublic: pem(merchant.publicKey, 'spki'),
      platformPrivate: pem(platform.privateKey, 'pkcs8'),
      platformPublic: pem(platform.publicKey, 'spki'),
      apiV3Key: randomBytes(16).toString('hex'),
    });
  }
  return JSON.parse(process.env.E2E_WECHATPAY_KEYS) as Record<string, string>;
}
const wk = wechatPayKeys();
export const fakeWechatPay = { port: fakeProvider.port + 2 };
export const fakeWechatPayURL = `http://127.0.0.1:${fakeWechatPay.port}`;
const wechatPayMerchant = {
  WECHATPAY_MCH_ID: '1900009191',
  WECHATPAY_APP_ID: 'wxe2e0000000000001',
  WECHATPAY_MCH_SERIAL_NO: '5E2E5E2E5E2E5E2E5E2E5E2E5E2E5E2E5E2E5E2E',
  WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0000000000000000000000000E2E',
  WECHATPAY_APIV3_KEY: wk.apiV3Key ?? '',
};

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the
 * browser without the desktop UI Chrome's own headless mode still builds per window; measured
 * 2026-11-23, a third less CPU over the same journeys), else Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * The test command's seeded template (BO_TEST_TEMPLATE_DIR, made by the server suite of the same
 * run from the same migrations and demo seed): the journeys' servers start as copies of it
 * (DATA_DIR_TEMPLATE) instead of seeding a database each, about 15 s of CPU less per server.
 */
function seededTemplate(): Record<string, string> {
  const dir = process.env.BO_TEST_TEMPLATE_DIR;
  const described = dir ? path.join(dir, 'template.json') : '';
  if (!described || !existsSync(described)) return {};
  const t = JSON.parse(readFileSync(described, 'utf8')) as { kind: string; file?: string };
  return t.kind === 'pglite' && t.file ? { DATA_DIR_TEMPLATE: t.file } : {};
}
const template = seededTemplate();

export default defineConfig({
  testDir: './tests',
  forbidOnly: true,
  fullyParallel: false,
  workers,
  // On CI a failed journey runs once more: a pass on the retry is counted, and named in the test
  // command's summary as flaky (scripts/test-all.mjs), so it is seen and fixed, never hidden.
  retries: process.env.CI ? 1 : 0,
  // The test command runs the journeys beside other suites on two cores: more room on CI.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    // Recording a trace (screenshots and a DOM snapshot per action) took about half the journeys'
    // CPU (measured 2026-11-23): on CI only a failed journey's retry is traced; locally, where
    // nothing is retried, every journey is and a failed one's trace is kept.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // The real built server on a fresh embedded database with demo data, one per worker.
    ...Array.from({ length: workers }, (_, w) => ({
      command: `rm -rf ${dataDir}-w${w} && node ../apps/server/dist/main.js`,
      url: `http://127.0.0.1:${mainPort(w)}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(mainPort(w)),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-w${w}`,
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        ...template,
        // The income dashboard's mobile-chat link (dd_code) against the fake messenger below; the
        // QR sign-in stays off here (tests/dashboards/income.spec.ts).
        DASHBOARD_SSO_BASE_URL: fakeURL,
        DASHBOARD_SSO_CLIENT_ID: fakeProvider.clientId,
        DASHBOARD_SSO_CLIENT_SECRET: fakeProvider.clientSecret,
      },
    })),
    {
      // The same server with QR sign-in and the call centre against the fake provider below
      // (tests/system/qrLogin.spec.ts, tests/calls/calling.spec.ts) and online payment.
      command: `rm -rf ${dataDir}-qr && node ../apps/server/dist/main.js`,
      url: `${qrBaseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(fakeProvider.port + 1),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-qr`,
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        ...template,
        DINGTALK_BASE_URL: fakeURL,
        DINGTALK_LOGIN_URL: `${fakeURL}/oauth2/auth`,
        DINGTALK_CLIENT_ID: fakeProvider.clientId,
        DINGTALK_CLIENT_SECRET: fakeProvider.clientSecret,
        DINGTALK_REDIRECT_URL: `${qrBaseURL}/auth`,
        // Online payment through the fake WeChat Pay gateway below; it notifies this server.
        ...wechatPayMerchant,
        WECHATPAY_BASE_URL: fakeWechatPayURL,
        WECHATPAY_PRIVATE_KEY: wk.merchantPrivate ?? '',
        WECHATPAY_PLATFORM_PUBLIC_KEY: wk.platformPublic ?? '',
        PUBLIC_URL: qrBaseURL,
        TCCC_BASE_URL: fakeURL,
        TCCC_SDK_APP_ID: fakeTccc.sdkAppId,
        TCCC_SECRET_ID: fakeTccc.secretId,
        TCCC_SECRET_KEY: fakeTccc.secretKey,
      },
    },
    {
      command: 'node fake-provider/server.mjs',
      url: `${fakeURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_PROVIDER_PORT: String(fakeProvider.port),
        FAKE_PROVIDER_CLIENT_ID: fakeProvider.clientId,
        FAKE_PROVIDER_CLIENT_SECRET: fakeProvider.clientSecret,
        FAKE_PROVIDER_MOBILE: fakeProvider.mobile,
        FAKE_TCCC_SDK_APP_ID: fakeTccc.sdkAppId,
        FAKE_TCCC_SECRET_ID: fakeTccc.secretId,
        FAKE_TCCC_SECRET_KEY: fakeTccc.secretKey,
        FAKE_TCCC_CALLER: fakeTccc.callerNumber,
      },
    },
    {
      command: 'node fake-provider/wechatpay.mjs',
      url: `${fakeWechatPayURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...wechatPayMerchant,
        FAKE_WECHATPAY_PORT: String(fakeWechatPay.port),
        FAKE_WECHATPAY_MERCHANT_PUBLIC_KEY: wk.merchantPublic ?? '',
        FAKE_WECHATPAY_PLATFORM_PRIVATE_KEY: wk.platformPrivate ?? '',
      },
    },
  ],
});
