// Text messages through Tencent Cloud SMS (SendSms, API 3.0 service sms, version 2021-01-11).
//
// Usage from any slice (contracts, statements and payment links reuse it):
//   await sendSms(deps, { kind: 'evaluate', phone: '13800000000', params: [childName, link] });
// `kind` picks the approved template id configured in SMS_TEMPLATES ("evaluate=123,evaluationResult=456");
// `params` fill the template's {1}, {2}… in order. Answers the provider's serial number.
// Not configured (key pair, SmsSdkAppId, sign name, or no template for the kind) → 503 notConfigured;
// the provider refusing or unreachable → 503 with its reason. Call it outside database transactions.
import type { Config } from '../config.js';
import { notConfigured } from '../http/errors.js';
import { providerFailed } from './providerHttp.js';
import { tencentCloudCall, type TencentCloudTarget } from './tencentCloud.js';

export const SMS = '腾讯云短信 / Tencent Cloud SMS';
export const SMS_VERSION = '2021-01-11';

/** The message kinds with a template; a new kind is one more entry in SMS_TEMPLATES. */
export type SmsKind = 'evaluate' | 'evaluationResult' | (string & {});

export interface SmsMessage {
  kind: SmsKind;
  /** A mainland mobile (11 digits) or an E.164 number (+…). */
  phone: string;
  params: string[];
}
export interface SmsReceipt {
  serialNo: string;
  phone: string;
}

/** The template ids of SMS_TEMPLATES by kind. */
export function smsTemplates(c: Pick<Config, 'SMS_TEMPLATES'>): Map<string, string> {
  const m = new Map<string, string>();
  for (const pair of (c.SMS_TEMPLATES ?? '').split(',')) {
    const [kind, id] = pair.split('=');
    if (kind && id) m.set(kind, id);
  }
  return m;
}

/** What text messages of a kind lack to be sent (empty when configured), for screens that check first. */
export function smsMissing(c: Config, kind: SmsKind): string[] {
  const keys = (['SMS_SECRET_ID', 'SMS_SECRET_KEY', 'SMS_SDK_APP_ID', 'SMS_SIGN_NAME'] as const).filter(
    (k) => !c[k],
  );
  return smsTemplates(c).has(kind) ? keys : [...keys, `SMS_TEMPLATES(${kind})`];
}

const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);

/** Sends one text message of a configured kind. */
export async function sendSms(deps: { config: Config; now: () => Date }, m: SmsMessage): Promise<SmsReceipt> {
  const c = deps.config;
  const templateId = smsTemplates(c).get(m.kind);
  if (!c.SMS_SECRET_ID || !c.SMS_SECRET_KEY || !c.SMS_SDK_APP_ID || !c.SMS_SIGN_NAME || !templateId)
    throw notConfigured(SMS, m.kind);
  const target: TencentCloudTarget = {
    what: SMS,
    baseUrl: c.SMS_BASE_URL,
    secretId: c.SMS_SECRET_ID,
    secretKey: c.SMS_SECRET_KEY,
    service: 'sms',
    version: SMS_VERSION,
    region: c.SMS_REGION,
  };
  const phone = e164(m.phone);
  const r = await tencentCloudCall(
    target,
    'SendSms',
    {
      PhoneNumberSet: [phone],
      SmsSdkAppId: c.SMS_SDK_APP_ID,
      SignName: c.SMS_SIGN_NAME,
      TemplateId: templateId,
      TemplateParamSet: m.params,
    },
    deps.now(),
  );
  // A request can succeed while the number fails: each number has its own status.
  const status = Array.isArray(r.SendStatusSet)
    ? (r.SendStatusSet[0] as Record<string, unknown> | undefined)
    : undefined;
  if (!status) throw providerFailed(SMS, 'no SendStatusSet in the answer');
  if (status.Code !== 'Ok')
    throw providerFailed(SMS, `${String(status.Code)}: ${String(status.Message ?? '')}`);
  return { serialNo: String(status.SerialNo ?? ''), phone };
}

/** An absolute link under PUBLIC_URL for a text message; without PUBLIC_URL links cannot be sent (503). */
export function publicLink(c: Pick<Config, 'PUBLIC_URL'>, path: string): string {
  if (!c.PUBLIC_URL) throw notConfigured(SMS, 'PUBLIC_URL');
  return new URL(path, c.PUBLIC_URL).toString();
}
