// Turns the contract's declarations into Fastify routes: input validation by the contract's
// schemas, access check (default deny), the envelope of spec §8, and typed handlers per slice.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ErrorCode,
  PASSWORD_CHANGE_EXEMPT,
  type AnyEndpoint,
  type DownloadResult,
  type HandlerResult,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type Slice,
  textProblem,
} from '@bo/api-sdk';
import { fieldLabel, halves, inLanguage, issueTexts, languageOfHeader, type Locale } from '@bo/domain';
import type { AppDeps } from '../deps.js';
import { AppError, badInput, noPermission, say, tokenInvalid, type Message } from './errors.js';
import { hasPrivilege, type AuthUser } from './auth.js';
import { abandon, newQueryScope, queryScope } from '../db/queryScope.js';
import { inCallersLanguage } from './language.js';
import { answeredByReplica } from './replicaReads.js';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface HandlerCtx<E extends AnyEndpoint> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  /** The uploaded file of an upload endpoint, plus its other form fields. */
  file: E['kind'] extends 'upload' ? UploadedFile : undefined;
  fields: Record<string, string>;
  /** The signed-in user; reading it on a public endpoint without a session throws token-invalid. */
  user: AuthUser;
  /** The signed-in user or null (public endpoints). */
  maybeUser: AuthUser | null;
  deps: AppDeps;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends AnyEndpoint> = (ctx: HandlerCtx<E>) => Promise<HandlerResult<E>>;
/** One handler per contract key: the type system refuses a slice that leaves one out. */
export type SliceHandlers<S extends Slice> = { [K in keyof S]: Handler<S[K]> };

export const API_PREFIX = '/api';
export const MUST_CHANGE_PASSWORD = '请先修改密码 / change your password first';

/**
 * The language the caller asked for (`Accept-Language`: zh… or en…; the SDK sends the UI's, the
 * CLI its own). None: the text is answered as written, both halves (a raw API caller, the tests).
 */
export const languageOf = (req: FastifyRequest): Locale | null =>
  languageOfHeader(req.headers['accept-language']);

/** The value at an issue's path in the input (to tell an empty field from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** Fastify's route syntax for the spec's {name} placeholders. */
const toRoutePath = (p: string) => API_PREFIX + p.replace(/\{(\w+)\}/g, ':$1');

export function parseOrThrow(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = (issue?.path ?? []).map(String);
    const field = [where, ...path].join('.');
    // Never zod's own text: the catalogue's message, naming the field in words.
    const text = issue
      ? issueTexts(issue, fieldLabel(path.length ? path : [where]), valueAt(value, issue.path))
      : say('输入不正确', 'invalid input');
    throw badInput(field, text);
  }
  return r.data;
}

/**
 * Writes the envelope: the one place a message leaves the server, in the caller's language
 * (`languageOf`). Import reports in `data` (rows with a `reason`) are answered the same way.
 */
export function send(
  reply: FastifyReply,
  code: number,
  message: Message,
  data: unknown,
  status = 200,
  field?: string,
) {
  const locale = languageOf(reply.request);
  const text = inLanguage(message, locale);
  const body = locale ? localizeReport(data, locale) : data;
  return reply
    .status(status)
    .send(field ? { code, message: text, data: body, field } : { code, message: text, data: body });
}

/** An import report's row reasons ({ errors: [{ row, column, reason }] }) in one language. */
function localizeReport(data: unknown, locale: Locale): unknown {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return data;
  const errors = (data as { errors: unknown }).errors;
  if (!Array.isArray(errors)) return data;
  return {
    ...data,
    errors: errors.map((e: unknown) =>
      typeof e === 'object' && e !== null && 'reason' in e && typeof e.reason === 'string'
        ? { ...e, reason: inLanguage(e.reason, locale) }
        : e,
    ),
  };
}

/** Registers every endpoint of a slice with its handler. */
export function registerSlice<S extends Slice>(
  app: FastifyInstance,
  deps: AppDeps,
  sliceName: string,
  slice: S,
  handlers: SliceHandlers<S>,
) {
  for (const [name, e] of Object.entries(slice) as [string, AnyEndpoint][]) {
    const handler = (handlers as Record<string, Handler<AnyEndpoint>>)[name];
    if (!handler) throw new Error(`slice ${sliceName}: no handler for ${name}`);
    const validateResponses = deps.config.VALIDATE_RESPONSES ?? deps.config.NODE_ENV !== 'production';
    const replica = deps.replica && answeredByReplica(sliceName, name, e) ? deps.replica : undefined;
    const replicaDeps: AppDeps | undefined = replica ? { ...deps, db: replica.db } : undefined;
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const token = headerToken(req);
      const maybeUser = token ? await deps.auth.resolve(token, req.ip) : null;
      if (e.access.kind !== 'public') {
        if (!maybeUser) throw tokenInvalid();
        if (e.access.kind === 'privilege' && !hasPrivilege(maybeUser, e.access.anyOf)) throw noPermission();
        // After a reset the account must change its password before anything else (system slice).
        if (maybeUser.mustChangePassword && !PASSWORD_CHANGE_EXEMPT.includes(`${sliceName}.${name}`))
          throw noPermission(MUST_CHANGE_PASSWORD);
      }
      let file: UploadedFile | undefined;
      const fields: Record<string, string> = {};
      let rawBody: unknown = req.body;
      if (e.kind === 'upload') {
        if (!req.isMultipart())
          throw badInput('file', say('请上传文件', 'a multipart upload with a file is required'));
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              if (!file)
                file = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
              else await part.toBuffer();
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (err) {
          throw malformedMultipart(err);
        }
        if (!file) throw badInput('file', say('请上传文件', 'a file is required'));
        const nameProblem = textProblem(file.filename);
        if (nameProblem) {
          const p = halves(nameProblem);
          throw badInput('file', say(`文件名：${p['zh-CN']}`, `file name: ${p.en}`));
        }
        for (const [k, v] of Object.entries(fields)) {
          const problem = textProblem(v);
          if (problem) {
            const p = halves(problem);
            const l = fieldLabel(k);
            throw badInput(k, say(`${l['zh-CN']}：${p['zh-CN']}`, `${l.en}: ${p.en}`));
          }
        }
        rawBody = fields.payload ? safeJson(fields.payload) : undefined;
      }
      const readDeps = replica ? await fromReplica(replica, replicaDeps ?? deps, deps, reply) : deps;
      const ctx = {
        params: parseOrThrow(e.params, req.params, 'params'),
        query: parseOrThrow(e.query, req.query, 'query'),
        body: parseOrThrow(e.body, rawBody, 'body'),
        file,
        fields,
        get user(): AuthUser {
          if (!maybeUser) throw tokenInvalid();
          return maybeUser;
        },
        maybeUser,
        deps: readDeps,
        ip: req.ip,
        req,
        reply,
      } as unknown as HandlerCtx<AnyEndpoint>;
      const result = await handler(ctx);
      if (e.kind === 'download' || (e.returnsFile && isDownload(result))) {
        const d = result as DownloadResult;
        return reply
          .header('content-type', d.contentType)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(d.filename)}`)
          .send(d.body);
      }
      if (e.returnsFile) return send(reply, 0, (result as { message?: string }).message ?? 'ok', null);
      // A command's `true` (Ok) is the envelope's null; a question answered yes/no (a boolean
      // response: /user/isInsuranceUser) keeps its true.
      const yesNo = (e.response as z.ZodType).def.type === 'boolean';
      let data: unknown = result === undefined || (result === true && !yesNo) ? null : result;
      if (validateResponses && data !== null) {
        const r = e.response.safeParse(data);
        if (!r.success) {
          const issue = r.error.issues[0];
          req.log.error({ endpoint: `${sliceName}.${name}`, issue }, 'response does not match the contract');
          throw new AppError(
            ErrorCode.internal,
            say(
              `服务器内部错误：${sliceName}.${name} 的应答不符合接口约定（${issue?.path.join('.')}）`,
              `response of ${sliceName}.${name} does not match the contract at ${issue?.path.join('.')}: ${issue?.message}`,
            ),
            500,
          );
        }
        data = r.data;
      }
      return send(reply, 0, 'ok', data);
    };
    app.route({
      method: e.method,
      url: toRoutePath(e.path),
      config: { endpoint: `${sliceName}.${name}` },
      handler: (req, reply) => {
        const scope = newQueryScope();
        // 'close' before the answer was written: the client left, so its queries are cancelled.
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) abandon(scope);
        });
        return queryScope.run(scope, () => inCallersLanguage(languageOf(req), () => handle(req, reply)));
      },
    });
  }
}

/**
 * The header of every answer from the replica: the time its data is from (ISO 8601) when it lags
 * more than REPLICA_LAG_NOTICE_MS behind the primary, else `current`.
 */
export const DATA_AS_OF_HEADER = 'x-data-as-of';

/**
 * The dependencies a report read runs with: the replica's, marking the answer with the time its
 * data is from when it lags more than REPLICA_LAG_NOTICE_MS; the primary's when the replica cannot
 * be reached (a report is slower then, never missing).
 */
async function fromReplica(
  replica: NonNullable<AppDeps['replica']>,
  onReplica: AppDeps,
  primary: AppDeps,
  reply: FastifyReply,
): Promise<AppDeps> {
  let asOf: Date | null;
  try {
    asOf = await replica.asOf();
  } catch (err) {
    reply.request.log.warn({ err }, 'read replica unreachable: answering from the primary');
    return primary;
  }
  const lags = asOf !== null && Date.now() - asOf.getTime() >= primary.config.REPLICA_LAG_NOTICE_MS;
  reply.header(DATA_AS_OF_HEADER, lags && asOf ? asOf.toISOString() : 'current');
  return onReplica;
}

/**
 * A multipart body the parser gives up on (cut off, a broken boundary) is the client's fault: 400
 * naming the file. Size limits keep their own answer (413, app.ts).
 */
function malformedMultipart(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_') && code !== 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return err;
  return badInput('file', '上传内容不完整或格式错误 / the multipart upload is incomplete or malformed');
}

const isDownload = (r: unknown): r is DownloadResult =>
  typeof r === 'object' && r !== null && 'contentType' in r && 'body' in r;

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    throw badInput('payload', say('请求内容不是有效的 JSON', 'payload: not valid JSON'));
  }
}

/** The token travels in the `token` header (spec §7); `Authorization: Bearer` is accepted too. */
export function headerToken(req: FastifyRequest): string | null {
  const t = req.headers.token;
  if (typeof t === 'string' && t) return t;
  const a = req.headers.authorization;
  if (typeof a === 'string' && a.startsWith('Bearer ')) return a.slice(7);
  return null;
}
