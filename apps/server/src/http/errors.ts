// Errors a service throws; the HTTP layer turns them into the envelope of spec §8.
import { ErrorCode, TOKEN_FAILED_MESSAGE } from '@bo/api-sdk';

export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Input that breaks a rule of the contract or of the record; names the field. */
export const badInput = (field: string, message: string) =>
  new AppError(ErrorCode.validation, message, 400, field);
export const tokenInvalid = () => new AppError(ErrorCode.tokenInvalid, TOKEN_FAILED_MESSAGE, 401);
export const noPermission = (message = '没有权限 / no permission') =>
  new AppError(ErrorCode.noPermission, message, 403);
/**
 * A named record does not exist. `field`: the request field (body or query, as the client sent it)
 * that named it, so a form can mark that input; none when the path named it.
 */
export const notFound = (what: string, field?: string) =>
  new AppError(ErrorCode.notFound, `${what}不存在 / ${what} not found`, 404, field);
/** A unique key already taken, or a record changed by someone else since it was read. */
export const conflict = (message: string, field?: string) =>
  new AppError(ErrorCode.conflict, message, 409, field);
/** The record was changed by someone else (version check). */
export const staleVersion = () =>
  conflict(
    '记录已被他人修改，请刷新后重试 / the record was changed by someone else; reload and try again',
    'version',
  );
/** A business rule refused the command; nothing was changed. */
export const ruleViolation = (message: string, field?: string) =>
  new AppError(ErrorCode.rule, message, 422, field);
export const tooMany = (message: string) => new AppError(ErrorCode.tooMany, message, 429);
export const notConfigured = (what: string) =>
  new AppError(ErrorCode.notConfigured, `${what}未配置 / ${what} is not configured`, 503);
/** Load shedding: too many requests wait already; the client should retry shortly. */
export const serverBusy = () =>
  new AppError(ErrorCode.notConfigured, '服务器繁忙，请稍后再试 / Server busy, try again shortly', 503);
/** A soft error (code 99): only for endpoints declared soft; shown inline, no popup. */
export const softError = (message: string) => new AppError(ErrorCode.soft, message, 200);
