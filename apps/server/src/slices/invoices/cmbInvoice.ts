// The tax-invoice provider (China Merchants Bank e-invoice style): every request is a JSON envelope
// { appid, timestamp, nonce, sign_type, biz_content (the business JSON as text), sign } where sign is
// hex HMAC-SHA256 under the app secret of the other fields sorted by name as "k=v" joined by "&";
// answers are { return_code, return_msg, biz_content, sign } signed the same way and verified before
// anything in them is trusted. Issuing is asynchronous: issue answers that the request was accepted,
// query answers PROCESSING, SUCCESS (number, date, PDF address) or FAILED (reason). A red invoice
// (红字发票, the negative twin that cancels an issued one) goes the same way on /red/issue and
// /red/query, naming the blue invoice it reverses. This module only speaks the protocol; what an
// invoice means for an order is service.ts.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import {
  providerFailed,
  providerRequest,
  requireSettings,
  type Provider,
  type ProviderAnswer,
} from '../../shared/providerHttp.js';

export const CMB_INVOICE = '招行电子发票 / tax-invoice provider';
/** Answers further than this from now are refused (replay). */
const MAX_SKEW_SECONDS = 300;

export interface CmbInvoiceClient {
  baseUrl: string;
  appId: string;
  secret: string;
  sellerTaxNo: string;
  sellerName: string;
}

type CmbConfig = Pick<
  Config,
  | 'CMB_INVOICE_BASE_URL'
  | 'CMB_INVOICE_APP_ID'
  | 'CMB_INVOICE_SECRET'
  | 'CMB_INVOICE_SELLER_TAX_NO'
  | 'CMB_INVOICE_SELLER_NAME'
>;

/** The configured client, or 503 naming what is missing. */
export function cmbInvoice(c: CmbConfig): CmbInvoiceClient {
  requireSettings(CMB_INVOICE, c, [
    'CMB_INVOICE_APP_ID',
    'CMB_INVOICE_SECRET',
    'CMB_INVOICE_SELLER_TAX_NO',
    'CMB_INVOICE_SELLER_NAME',
  ]);
  return {
    baseUrl: c.CMB_INVOICE_BASE_URL.replace(/\/$/, ''),
    appId: c.CMB_INVOICE_APP_ID ?? '',
    secret: c.CMB_INVOICE_SECRET ?? '',
    sellerTaxNo: c.CMB_INVOICE_SELLER_TAX_NO ?? '',
    sellerName: c.CMB_INVOICE_SELLER_NAME ?? '',
  };
}

/** hex HMAC-SHA256 of the fields (all but sign) sorted by name, "k=v" joined by "&". */
export function envelopeSign(secret: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k] ?? ''}`)
    .join('&');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The string fields of an answer envelope (the signed ones), `sign` aside. */
function envelopeFields(json: Record<string, unknown> | null): Record<string, string> {
  const signed: Record<string, string> = {};
  for (const [k, v] of Object.entries(json ?? {})) if (typeof v === 'string' && k !== 'sign') signed[k] = v;
  return signed;
}

/** Why an answer envelope is not the provider's (signature, clock window), or null when it is. */
export function envelopeProblem(secret: string, a: ProviderAnswer, now: Date): string | null {
  const signed = envelopeFields(a.json);
  const sign = a.json?.sign;
  if (typeof sign !== 'string' || !sameHex(envelopeSign(secret, signed), sign))
    return 'the answer’s signature does not verify';
  const ts = Number(signed.timestamp);
  if (!Number.isFinite(ts) || Math.abs(now.getTime() / 1000 - ts) > MAX_SKEW_SECONDS)
    return 'the answer’s timestamp is outside the allowed window';
  return null;
}

/**
 * The tax-invoice provider: it signs inside the body (the envelope is built by `signedEnvelope`), so
 * the verification hook checks the answer's envelope; errors are in the envelope, not the status.
 */
export function cmbProvider(cl: CmbInvoiceClient, now: () => Date): Provider {
  return {
    what: CMB_INVOICE,
    baseUrl: cl.baseUrl,
    headers: { accept: 'application/json' },
    errors: 'body',
    verifyAnswer: (a) => envelopeProblem(cl.secret, a, now()),
  };
}

/** The request envelope: the business JSON as text beside appid, time and nonce, signed. */
export function signedEnvelope(
  cl: Pick<CmbInvoiceClient, 'appId' | 'secret'>,
  biz: Record<string, unknown>,
  now: Date,
): Record<string, string> {
  const fields: Record<string, string> = {
    appid: cl.appId,
    timestamp: String(Math.floor(now.getTime() / 1000)),
    nonce: randomBytes(16).toString('hex'),
    sign_type: 'HMAC-SHA256',
    biz_content: JSON.stringify(biz),
  };
  return { ...fields, sign: envelopeSign(cl.secret, fields) };
}

/** One signed call; answers the verified biz_content of a SUCCESS answer. */
async function call(
  cl: CmbInvoiceClient,
  path: string,
  biz: Record<string, unknown>,
  now: () => Date,
): Promise<Record<string, unknown>> {
  const answer = await providerRequest(cmbProvider(cl, now), {
    path,
    body: { json: signedEnvelope(cl, biz, now()) },
  });
  const signed = envelopeFields(answer.json);
  if (signed.return_code !== 'SUCCESS')
    throw providerFailed(CMB_INVOICE, `${signed.return_code ?? answer.status}: ${signed.return_msg ?? ''}`);
  try {
    const parsed: unknown = JSON.parse(signed.biz_content ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw providerFailed(CMB_INVOICE, 'unreadable biz_content');
  }
}

export interface IssueRequest {
  /** Ours (the invoice code): the provider keeps one invoice per serial, so a resend is safe. */
  serialNo: string;
  buyerType: number;
  buyerName: string;
  buyerTaxNo: string;
  email: string;
  remark: string;
  item: { name: string; taxCode: string; taxRate: string; amount: string; taxAmount: string };
}

/** POST /invoice/v1/blue/issue: a blue (ordinary) electronic invoice, accepted for asynchronous issue. */
export async function issue(cl: CmbInvoiceClient, r: IssueRequest, now: () => Date): Promise<void> {
  const biz = await call(
    cl,
    '/invoice/v1/blue/issue',
    {
      serial_no: r.serialNo,
      invoice_type: 'ELECTRONIC_ORDINARY',
      seller_tax_no: cl.sellerTaxNo,
      seller_name: cl.sellerName,
      buyer_type: r.buyerType === 2 ? 'ENTERPRISE' : 'PERSON',
      buyer_name: r.buyerName,
      buyer_tax_no: r.buyerTaxNo,
      buyer_email: r.email,
      total_amount: r.item.amount,
      remark: r.remark,
      items: [
        {
          name: r.item.name,
          tax_code: r.item.taxCode,
          tax_rate: r.item.taxRate,
          quantity: '1',
          amount: r.item.amount,
          tax_amount: r.item.taxAmount,
          price_tax_included: true,
        },
      ],
    },
    now,
  );
  if (biz.serial_no !== r.serialNo) throw providerFailed(CMB_INVOICE, 'the answer names another serial_no');
}

export interface RedIssueRequest {
  /** Ours (the red invoice's code), as for a blue one. */
  serialNo: string;
  /** The blue invoice reversed: its serial number with us, its number and code at the tax office. */
  original: { serialNo: string; invoiceNo: string; invoiceCode: string };
  reason: string;
  /** Negative, as printed on the red invoice. */
  item: { name: string; taxCode: string; taxRate: string; amount: string; taxAmount: string };
}

/**
 * POST /invoice/v1/red/issue: a red (negative) electronic invoice reversing a whole issued one,
 * accepted for asynchronous issue like a blue one.
 */
export async function issueRed(cl: CmbInvoiceClient, r: RedIssueRequest, now: () => Date): Promise<void> {
  const biz = await call(
    cl,
    '/invoice/v1/red/issue',
    {
      serial_no: r.serialNo,
      invoice_type: 'ELECTRONIC_ORDINARY',
      seller_tax_no: cl.sellerTaxNo,
      seller_name: cl.sellerName,
      original_serial_no: r.original.serialNo,
      original_invoice_no: r.original.invoiceNo,
      original_invoice_code: r.original.invoiceCode,
      // 01 开票有误 (issued in error) is the tax office's reason for a full reversal on request.
      red_reason_code: '01',
      red_reason: r.reason,
      total_amount: r.item.amount,
      items: [
        {
          name: r.item.name,
          tax_code: r.item.taxCode,
          tax_rate: r.item.taxRate,
          quantity: '-1',
          amount: r.item.amount,
          tax_amount: r.item.taxAmount,
          price_tax_included: true,
        },
      ],
    },
    now,
  );
  if (biz.serial_no !== r.serialNo) throw providerFailed(CMB_INVOICE, 'the answer names another serial_no');
}

export type IssueResult =
  | { state: 'processing' }
  | { state: 'issued'; invoiceNo: string; invoiceCode: string; issuedAt: Date; pdfUrl: string }
  | { state: 'failed'; reason: string };

/** POST /invoice/v1/{blue|red}/query: the state of one serial number. */
export async function query(
  cl: CmbInvoiceClient,
  serialNo: string,
  now: () => Date,
  colour: 'blue' | 'red' = 'blue',
): Promise<IssueResult> {
  const biz = await call(cl, `/invoice/v1/${colour}/query`, { serial_no: serialNo }, now);
  if (biz.serial_no !== serialNo) throw providerFailed(CMB_INVOICE, 'the answer names another serial_no');
  if (biz.status === 'PROCESSING') return { state: 'processing' };
  if (biz.status === 'FAILED')
    return { state: 'failed', reason: typeof biz.fail_reason === 'string' ? biz.fail_reason : 'FAILED' };
  if (biz.status !== 'SUCCESS') throw providerFailed(CMB_INVOICE, `unknown status ${String(biz.status)}`);
  const no = biz.invoice_no;
  const pdf = biz.pdf_url;
  const at = typeof biz.invoice_time === 'string' ? new Date(biz.invoice_time) : now();
  if (typeof no !== 'string' || !no || typeof pdf !== 'string' || !/^https?:\/\//.test(pdf))
    throw providerFailed(CMB_INVOICE, 'no invoice_no or pdf_url in the answer');
  return {
    state: 'issued',
    invoiceNo: no,
    // A digital (全电) invoice has a number only; an older one a code beside it.
    invoiceCode: typeof biz.invoice_code === 'string' ? biz.invoice_code : '',
    issuedAt: Number.isNaN(at.getTime()) ? now() : at,
    pdfUrl: pdf,
  };
}
