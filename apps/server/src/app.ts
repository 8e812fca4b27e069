// Builds the Fastify application: the API under /api from the contract, /healthz, OpenAPI,
// and the built back-office UI with history-mode fallback, all on one port.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ErrorCode, buildOpenApi } from '@bo/api-sdk';
import type { AppDeps } from './deps.js';
import { AppError, say } from './http/errors.js';
import { loggableError, sqlStateOf } from './http/logSafe.js';
import { API_PREFIX, send } from './http/register.js';
import { publicPages, registerSlices } from './slices/index.js';
import { referencePage } from './http/reference.js';
import { concurrencyGate } from './http/gate.js';

/** The upload size cap of spec §9 (20 MB), enforced on the server too. */
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

const SECRET_QUERY = /([?&](?:password|newpassword|oldpassword|token|code|dd_code)=)[^&]*/gi;
/** Parents' link tokens travel in the path (/p/evaluate/{token}, /api/public/evaluation/{token}). */
const SECRET_PATH = /(\/(?:p\/(?:evaluate|result)|api\/public\/evaluation(?:Result)?)\/)[^/?#]+/g;
/** The request URL as logged: secret query values and link tokens are masked (never in a log). */
export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1***').replace(SECRET_PATH, '$1***');

/** A request the server could not read (its body, its type): Fastify's text only in the English half. */
const unreadable = (fe: FastifyError) => say('请求内容无法读取', `body: ${fe.message}`);

export interface BuildOptions {
  /** Folder of the built UI (index.html and assets); omitted = API only. */
  uiDir?: string | undefined;
  logger?: boolean;
  /** Where the log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(deps: AppDeps, o: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      o.logger === false || deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            ...(o.logStream ? { stream: o.logStream } : {}),
            redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: maskUrl(req.url),
                ip: req.ip,
              }),
            },
          },
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: deps.config.TRUST_PROXY,
  });

  const gate = concurrencyGate({
    maxConcurrent: deps.config.MAX_CONCURRENT_REQUESTS,
    maxQueued: deps.config.MAX_QUEUED_REQUESTS,
    queueTimeoutMs: deps.config.QUEUE_TIMEOUT_MS,
  });
  // A password sign-in skips this first-come line: it waits in its address's line of the password pool
  // instead (shared/passwordPool.ts, bounded too), so a flood of sign-ins cannot queue the owner's behind it.
  const signIn = `${API_PREFIX}/auth/login`;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith(`${API_PREFIX}/`)) return;
    const p = req.url.indexOf('?');
    if ((p < 0 ? req.url : req.url.slice(0, p)) === signIn) return;
    await gate.onRequest(req, reply);
  });

  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 9 } });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return send(reply, err.code, err.texts, null, err.httpStatus, err.field);
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(
        reply,
        ErrorCode.validation,
        '文件大小不能超过20MB / files may not exceed 20MB',
        null,
        413,
        'file',
      );
    }
    if (
      fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return send(reply, ErrorCode.validation, unreadable(fe), null, 400, 'body');
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return send(reply, ErrorCode.validation, unreadable(fe), null, fe.statusCode, 'body');
    }
    // Races between two writers that a service did not catch are conflicts, not internal errors:
    // a unique key taken meanwhile, or a serialization failure or deadlock PostgreSQL broke.
    const state = sqlStateOf(err);
    if (state === '23505')
      return send(
        reply,
        ErrorCode.conflict,
        '记录已存在 / a record with the same key already exists',
        null,
        409,
      );
    if (state === '40001' || state === '40P01')
      return send(
        reply,
        ErrorCode.conflict,
        '并发冲突，请重试 / a concurrent change interfered; try again',
        null,
        409,
      );
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return send(reply, ErrorCode.internal, '服务器内部错误 / internal server error', null, 500);
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.ping();
      return reply.send({ status: 'ok', database: deps.dbKind });
    } catch (e) {
      return reply.status(503).send({
        status: 'error',
        database: deps.dbKind,
        message: e instanceof Error ? e.message : String(e),
      });
    }
  });

  let openapi: Record<string, unknown> | undefined;
  app.get(`${API_PREFIX}/openapi.json`, async () => (openapi ??= buildOpenApi(API_PREFIX)));
  app.get(`${API_PREFIX}/docs`, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(referencePage()),
  );

  registerSlices(app, deps);
  await app.register(publicPages(deps));

  const uiDir = o.uiDir && existsSync(path.join(o.uiDir, 'index.html')) ? o.uiDir : undefined;
  const indexHtml = uiDir ? readFileSync(path.join(uiDir, 'index.html'), 'utf8') : undefined;
  // /login is a page of its own (a light entry without the app's router, SDK and contract).
  const loginFile = uiDir ? path.join(uiDir, 'login.html') : undefined;
  const loginHtml = loginFile && existsSync(loginFile) ? readFileSync(loginFile, 'utf8') : indexHtml;
  if (uiDir) {
    await app.register(fastifyStatic, {
      root: uiDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX) {
      return send(
        reply,
        ErrorCode.notFound,
        `接口不存在 / no such endpoint: ${req.method} ${req.url.split('?')[0]}`,
        null,
        404,
      );
    }
    const pathname = req.url.split('?')[0] ?? '';
    if (indexHtml && req.method === 'GET' && !path.extname(pathname)) {
      // History mode: every UI route gets the app shell, /login its own page.
      const html = pathname === '/login' ? loginHtml : indexHtml;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  return app;
}
