// Errors a service throws; the HTTP layer turns them into the envelope of spec §8.
// A message is written in both languages: `say('中文', 'English')`, or one string in the convention
// '中文 / English' (split on its first ' / '). The envelope writer answers the caller's half
// (docs/developing.md "Server messages").
import { ErrorCode, TOKEN_FAILED_MESSAGE } from '@bo/api-sdk';
import {
  bothHalves,
  fieldLabel,
  halves,
  say,
  validationTextsEn,
  validationTextsZh,
  type Bilingual,
} from '@bo/domain';

export { say, type Bilingual };
/** A user-facing text: a pair, or a string '中文 / English' (a text without ' / ' is the same in both). */
export type Message = string | Bilingual;

export class AppError extends Error {
  /** The message in each language; `message` holds both halves, as written (logs, tests). */
  readonly texts: Bilingual;
  constructor(
    readonly code: number,
    message: Message,
    readonly httpStatus: number,
    readonly field?: string,
  ) {
    super(bothHalves(message));
    this.texts = withoutFieldCode(halves(message));
  }
}

/**
 * A message written as `'amount: 开票金额须大于0 / the amount must be above 0'` names its field by its
 * code for logs; a person reads it without the code (the field is in `field`, and the form marks it).
 */
const FIELD_CODE = /^(?:body\.|query\.)?[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*: (?=\S)/;
function withoutFieldCode(t: Bilingual): Bilingual {
  return say(t['zh-CN'].replace(FIELD_CODE, ''), t.en.replace(FIELD_CODE, ''));
}

/** Input that breaks a rule of the contract or of the record; names the field. */
export const badInput = (field: string, message: Message) =>
  new AppError(ErrorCode.validation, message, 400, field);
export const tokenInvalid = () => new AppError(ErrorCode.tokenInvalid, TOKEN_FAILED_MESSAGE, 401);
export const noPermission = (message: Message = say('没有权限', 'no permission')) =>
  new AppError(ErrorCode.noPermission, message, 403);
/**
 * A named record does not exist. `field`: the request field (body or query, as the client sent it)
 * that named it, so a form can mark that input; none when the path named it.
 */
export const notFound = (what: Message, field?: string) => {
  const w = halves(what);
  return new AppError(ErrorCode.notFound, say(`${w['zh-CN']}不存在`, `${w.en} not found`), 404, field);
};
/** A unique key already taken, or a record changed by someone else since it was read. */
export const conflict = (message: Message, field?: string) =>
  new AppError(ErrorCode.conflict, message, 409, field);
/** The record was changed by someone else (version check). */
export const staleVersion = () =>
  conflict(
    '记录已被他人修改，请刷新后重试 / the record was changed by someone else; reload and try again',
    'version',
  );
/** A business rule refused the command; nothing was changed. */
export const ruleViolation = (message: Message, field?: string) =>
  new AppError(ErrorCode.rule, message, 422, field);
export const tooMany = (message: Message) => new AppError(ErrorCode.tooMany, message, 429);
export const notConfigured = (what: Message, detail?: string) => {
  const w = halves(what);
  const d = detail ? ` (${detail})` : '';
  return new AppError(
    ErrorCode.notConfigured,
    say(`${w['zh-CN']}未配置${d}`, `${w.en} is not configured${d}`),
    503,
  );
};
/** Load shedding: too many requests wait already; the client should retry shortly. */
export const serverBusy = () =>
  new AppError(ErrorCode.notConfigured, '服务器繁忙，请稍后再试 / Server busy, try again shortly', 503);
/** A soft error (code 99): only for endpoints declared soft; shown inline, no popup. */
export const softError = (message: Message) => new AppError(ErrorCode.soft, message, 200);

/** A message after a prefix that is the same in both languages (a code, a date): '${prefix}${half}'. */
export const prefixed = (prefix: string, message: Message): Bilingual => {
  const m = halves(message);
  return say(`${prefix}${m['zh-CN']}`, `${prefix}${m.en}`);
};

/** Several messages as one, each in its language ('；' between the Chinese, '; ' between the English). */
export const joined = (messages: readonly Message[]): Bilingual => {
  const ms = messages.map((m) => halves(m));
  return say(ms.map((m) => m['zh-CN']).join('；'), ms.map((m) => m.en).join('; '));
};

/** A required field left empty, named in words (the validation catalogue's text). */
export const fieldRequired = (field: string) => {
  const l = fieldLabel(field);
  return badInput(field, say(validationTextsZh.required(l['zh-CN']), validationTextsEn.required(l.en)));
};
