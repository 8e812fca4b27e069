// The response envelope and the error catalogue of spec §8: the server answers with these codes,
// the client turns them into data or an ApiError. Lives here and nowhere else.

export type Locale = 'zh-CN' | 'en';

/** Envelope codes. 0 and 99 are the spec's; the others are ours (docs/decisions.md). */
export const ErrorCode = {
  ok: 0,
  soft: 99,
  /** Input failed the contract's schema; `field` names the first bad field. */
  validation: 400,
  /** No or expired session: message is the spec's token failure text. */
  tokenInvalid: 401,
  /** Signed in but not allowed: a privilege or data scope is missing. */
  noPermission: 403,
  notFound: 404,
  /** A concurrent change or duplicate: version check failed or a unique key is taken. */
  conflict: 409,
  /** A business rule refused the command (illegal transition, record in use, ...). */
  rule: 422,
  /** Too many attempts (sign-in lockout, claim cap). */
  tooMany: 429,
  /** An external service (provider, storage) is not configured or failed. */
  notConfigured: 503,
  internal: 500,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The exact text by which the server says the token failed (spec §8). */
export const TOKEN_FAILED_MESSAGE = 'Token验证失败!';

/** Texts the client shows itself, in both languages. */
export const clientMessages = {
  unknownServerError: { 'zh-CN': '未知的服务器错误', en: 'unknown server error' },
  deploying: { 'zh-CN': '系统正在部署中，请稍后再试', en: 'deployment in progress, please try later' },
  unreachable: {
    'zh-CN': '无法连接服务器，请检查网络后重试',
    en: 'the server cannot be reached; check the network and try again',
  },
  timedOut: {
    'zh-CN': '服务器响应超时，请稍后再试',
    en: 'the server took too long to answer; please try later',
  },
  downloadFailed: { 'zh-CN': '下载失败', en: 'download failed' },
  uploadFailed: { 'zh-CN': '上传失败：', en: 'upload failed: ' },
  badResponse: { 'zh-CN': '服务器响应格式不正确', en: 'the server answered in an unexpected shape' },
} as const satisfies Record<string, Record<Locale, string>>;

/** A rejected call: the envelope's code and message, the field at fault, and where it came from. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly endpoint: string,
    readonly field?: string,
    readonly kind: 'server' | 'transport' | 'response' | 'download' | 'upload' = 'server',
  ) {
    super(message);
  }
}

/**
 * Texts of a connection the server ended while answering (a rollout closing its sockets): spec §8's
 * connection-finish case, shown as 'deployment in progress'. A server that cannot be reached at all
 * (refused, no network) is not that case: the user is told the server cannot be reached.
 */
const CONNECTION_FINISH_PREFIXES = ['connection finish', 'econnreset', 'socket hang up', 'other side closed'];
/**
 * True when a transport error text starts like a connection that ended (spec §8 'deployment in progress').
 * Example: isConnectionFinished('socket hang up') → true; isConnectionFinished('Failed to fetch') → false.
 */
export const isConnectionFinished = (message: string) =>
  CONNECTION_FINISH_PREFIXES.some((p) => message.toLowerCase().startsWith(p));
