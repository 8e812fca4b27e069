// Feedback rules and the file store behind /sts (upload checks, one-time upload tokens, downloads).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  FEEDBACK_EMPTY_MESSAGE,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type FeedbackInput,
  type TStoredFile,
} from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { nextNumbered } from '../../db/numbering.js';
import { hasPrivilege, type AuthUser } from '../../http/auth.js';
import { API_PREFIX, type UploadedFile } from '../../http/register.js';
import { badInput, noPermission, notFound, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { tokenHash } from '../../shared/password.js';
import { storageFor } from '../../shared/storage.js';
import { feedbacks, files } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const FEEDBACK_SCREEN = '/operation/feedback';
const TOKEN_MINUTES = 15;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
};

/** The type the first bytes show, so a renamed executable is refused whatever its name says. */
export function sniffType(b: Buffer): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    b.length >= 6 &&
    (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'gif';
  if (b.length >= 2 && b.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}

const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();
const newId = () => randomBytes(16).toString('hex');
const storageKey = (now: Date, id: string, ext: string) =>
  `uploads/${now.toISOString().slice(0, 7).replace('-', '')}/${id}${ext ? `.${ext}` : ''}`;
const fileUrl = (id: string) => `${API_PREFIX}/sts/file/${id}`;

export async function uploadCredentials(
  deps: AppDeps,
  user: AuthUser,
  code: number,
  filename: string | undefined,
) {
  const now = deps.now();
  const storage = storageFor(deps.config, deps.now);
  const id = newId();
  const ext = filename ? extOf(filename) : '';
  if (ext && !(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    throw badInput(
      'body.filename',
      `只能上传${UPLOAD_EXTENSIONS.join('/')}文件 / only ${UPLOAD_EXTENSIONS.join(', ')} files`,
    );
  const key = storageKey(now, id, ext);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_MINUTES * 60_000);
  await deps.db.insert(files).values({
    id,
    storageKey: key,
    provider: storage.kind,
    name: filename ?? id,
    contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    status: 'pending',
    purpose: code,
    uploadTokenHash: tokenHash(token),
    tokenExpiresAt: expiresAt,
    uploadedBy: user.id,
    createdAt: now,
  });
  const common = {
    fileId: id,
    expiresAt: expiresAt.toISOString(),
    maxBytes: UPLOAD_MAX_BYTES,
    extensions: [...UPLOAD_EXTENSIONS],
  };
  if (storage.presignPut)
    return {
      provider: 's3' as const,
      method: 'PUT' as const,
      url: storage.presignPut(key, TOKEN_MINUTES * 60),
      fields: {} as Record<string, string>,
      ...common,
    };
  return {
    provider: 'local' as const,
    method: 'POST' as const,
    url: `${API_PREFIX}/sts/upload`,
    fields: { uploadToken: token } as Record<string, string>,
    ...common,
  };
}

/** Checks and stores one uploaded file; with an upload token it fills the file announced by /sts/security. */
export async function storeUpload(
  deps: AppDeps,
  user: AuthUser,
  file: UploadedFile,
  uploadToken: string | undefined,
): Promise<TStoredFile> {
  const now = deps.now();
  if (file.data.length > UPLOAD_MAX_BYTES)
    throw badInput('file', '文件大小不能超过20MB / files may not exceed 20MB');
  if (file.data.length === 0) throw badInput('file', '文件为空 / the file is empty');
  const ext = extOf(file.filename);
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    throw badInput(
      'file',
      `只能上传${UPLOAD_EXTENSIONS.join('/')}文件 / only ${UPLOAD_EXTENSIONS.join(', ')} files`,
    );
  const sniffed = sniffType(file.data);
  const same = sniffed === ext || (sniffed === 'jpg' && ext === 'jpeg');
  if (!same) throw badInput('file', `文件内容与类型不符 / the file content is not a ${ext} file`);
  const contentType = must(CONTENT_TYPES[ext], 'content type');
  const storage = storageFor(deps.config, deps.now);

  let id = newId();
  let key = storageKey(now, id, ext);
  if (uploadToken) {
    const [row] = await deps.db
      .select()
      .from(files)
      .where(eq(files.uploadTokenHash, tokenHash(uploadToken)));
    if (
      !row ||
      row.status !== 'pending' ||
      row.uploadedBy !== user.id ||
      !row.tokenExpiresAt ||
      row.tokenExpiresAt <= now
    ) {
      throw badInput('uploadToken', '上传凭证无效或已过期 / the upload token is invalid, used or expired');
    }
    // One use only: the token is cleared before the bytes are written.
    const claimed = await deps.db
      .update(files)
      .set({ uploadTokenHash: null })
      .where(and(eq(files.id, row.id), eq(files.uploadTokenHash, tokenHash(uploadToken))))
      .returning({ id: files.id });
    if (!claimed.length) throw badInput('uploadToken', '上传凭证已使用 / the upload token was used');
    id = row.id;
    key = storageKey(row.createdAt, id, ext);
  }
  await storage.put(key, file.data, contentType);
  const values = {
    storageKey: key,
    provider: storage.kind,
    name: file.filename.slice(0, 200),
    size: file.data.length,
    contentType,
    status: 'stored',
    uploadTokenHash: null,
    tokenExpiresAt: null,
  };
  if (uploadToken) await deps.db.update(files).set(values).where(eq(files.id, id));
  else await deps.db.insert(files).values({ id, ...values, uploadedBy: user.id, createdAt: now });
  return { id, url: fileUrl(id), name: values.name, size: values.size };
}

export async function readFileFor(deps: AppDeps, user: AuthUser, id: string) {
  const [row] = await deps.db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound('文件 / file');
  if (row.uploadedBy !== user.id && !hasPrivilege(user, [FEEDBACK_SCREEN])) throw noPermission();
  const obj = await storageFor(deps.config, deps.now).get(row.storageKey);
  if (!obj) throw notFound('文件 / file');
  return { filename: row.name, contentType: row.contentType, body: obj.body };
}

export async function createFeedback(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
  input: z.output<typeof FeedbackInput>,
) {
  if (!input.content.trim()) throw badInput('body.content', FEEDBACK_EMPTY_MESSAGE);
  const ids = [...new Set(input.filelist)];
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (ids.length) {
      const own = await tx
        .select({ id: files.id, status: files.status, provider: files.provider })
        .from(files)
        .where(and(inArray(files.id, ids), eq(files.uploadedBy, user.id)));
      // A file is usable once stored; one announced for a direct S3 upload is trusted to be there.
      const usable = new Set(
        own.filter((f) => f.status === 'stored' || f.provider === 's3').map((f) => f.id),
      );
      const bad = ids.filter((i) => !usable.has(i));
      if (bad.length)
        throw badInput(
          'body.filelist',
          `附件不存在或未上传完成 / unknown or unfinished attachments: ${bad.join(', ')}`,
        );
    }
    const { id, code } = await nextNumbered(tx, feedbacks, { prefix: 'FB', digits: 6 });
    await tx.insert(feedbacks).values({
      id,
      code,
      content: input.content,
      sourceCode: input.sourcecode,
      fileIds: ids,
      createdBy: user.id,
      createdByUsername: user.username,
      createdByName: user.name,
      createdAt: now,
    });
    await writeAudit(tx, {
      action: 'feedback.create',
      target: `feedbacks:${code}`,
      userId: user.id,
      username: user.username,
      ip,
      at: now,
      detail: { files: ids.length },
    });
    return { code };
  });
}

const rowOut = (r: typeof feedbacks.$inferSelect) => ({
  code: r.code,
  content: r.content,
  sourcecode: r.sourceCode,
  status: r.status as 'open' | 'handled',
  fileCount: r.fileIds.length,
  createdBy: r.createdByUsername,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  handledByName: r.handledByName,
  handledAt: r.handledAt ? r.handledAt.toISOString() : null,
  version: r.version,
});

export async function listFeedback(
  deps: AppDeps,
  q: {
    pageIdx: number;
    pageSize: number;
    status?: 'open' | 'handled' | undefined;
    keyword?: string | undefined;
  },
) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(feedbacks.status, q.status));
  if (q.keyword)
    conds.push(
      or(
        ilike(feedbacks.content, `%${q.keyword}%`),
        ilike(feedbacks.createdByName, `%${q.keyword}%`),
        eq(feedbacks.code, q.keyword),
      ) as SQL,
    );
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await deps.db.select({ n: count() }).from(feedbacks).where(where);
  const rows = await deps.db
    .select()
    .from(feedbacks)
    .where(where)
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(rowOut), total: Number(total?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function feedbackDetail(deps: AppDeps, user: AuthUser, code: string) {
  const [r] = await deps.db.select().from(feedbacks).where(eq(feedbacks.code, code));
  if (!r) throw notFound('反馈 / feedback');
  if (r.createdBy !== user.id && !hasPrivilege(user, [FEEDBACK_SCREEN])) throw noPermission();
  const fileRows = r.fileIds.length
    ? await deps.db.select().from(files).where(inArray(files.id, r.fileIds))
    : [];
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  const attached = r.fileIds.flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ id: f.id, url: fileUrl(f.id), name: f.name, size: f.size }] : [];
  });
  return { ...rowOut(r), reply: r.reply, files: attached };
}

export async function updateFeedback(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
  input: { code: string; status: 'open' | 'handled'; reply: string; version: number },
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(feedbacks).where(eq(feedbacks.code, input.code));
    if (!r) throw notFound('反馈 / feedback');
    if (r.version !== input.version) throw staleVersion();
    const handled = input.status === 'handled';
    await updateVersioned(tx, feedbacks, {
      where: eq(feedbacks.id, r.id),
      version: undefined,
      set: {
        status: input.status,
        reply: input.reply,
        handledBy: handled ? user.id : null,
        handledByName: handled ? user.name : null,
        handledAt: handled ? now : null,
      },
    });
    await writeAudit(tx, {
      action: 'feedback.update',
      target: `feedbacks:${r.code}`,
      userId: user.id,
      username: user.username,
      ip,
      at: now,
      detail: {
        before: { status: r.status, reply: r.reply },
        after: { status: input.status, reply: input.reply },
      },
    });
  });
}
