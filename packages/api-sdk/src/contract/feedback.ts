// User feedback and file uploads (spec §2 feedback form, /sts/security and the uploader of §5).
import { z } from 'zod';
import { FileResponse, Ok, PageQuery, get, page, post, priv, signedIn, type Slice } from './define.js';

/** Spec §8: the message for an empty feedback. */
export const FEEDBACK_EMPTY_MESSAGE = '请先填写问题和意见 / please fill in the problem and opinion first';
export const FEEDBACK_MAX_CHARS = 3000;
export const FEEDBACK_MAX_FILES = 9;
/** Spec §5/§9: upload cap and accepted types. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'mp4'] as const;

export const FEEDBACK_STATUSES = ['open', 'handled'] as const;
export const FeedbackStatus = z.enum(FEEDBACK_STATUSES);

export const FeedbackInput = z.object({
  content: z
    .string({ error: FEEDBACK_EMPTY_MESSAGE })
    .trim()
    .min(1, FEEDBACK_EMPTY_MESSAGE)
    .max(
      FEEDBACK_MAX_CHARS,
      `内容不能超过${FEEDBACK_MAX_CHARS}字 / at most ${FEEDBACK_MAX_CHARS} characters`,
    ),
  /** Ids of files uploaded through /sts/upload (or /sts/security). */
  filelist: z
    .array(z.string().trim().min(1))
    .max(FEEDBACK_MAX_FILES, '文件数量超出限制 / file count exceeded')
    .default([]),
  sourcecode: z.coerce.number().int().default(3),
});

export const StoredFile = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type TStoredFile = z.infer<typeof StoredFile>;

export const FeedbackRow = z.object({
  code: z.string(),
  content: z.string(),
  sourcecode: z.number().int(),
  status: FeedbackStatus,
  fileCount: z.number().int(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  version: z.number().int(),
});
export const FeedbackDetail = FeedbackRow.extend({ reply: z.string(), files: z.array(StoredFile) });

export const UploadCredentials = z.object({
  /** local: POST multipart to url with the fields; s3: PUT the bytes to the presigned url. */
  provider: z.enum(['local', 's3']),
  fileId: z.string(),
  method: z.enum(['POST', 'PUT']),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
  extensions: z.array(z.string()),
});

export const feedback = {
  create: post('/feedback/create', {
    service: 'assist',
    summary: 'Submit feedback: content (≤ 3000 characters), up to 9 uploaded files, source code 3.',
    access: signedIn,
    body: FeedbackInput,
    response: z.object({ code: z.string() }),
  }),
  list: get('/feedback/list', {
    service: 'assist',
    summary: 'Feedback, newest first, filtered by status and text, paged.',
    access: priv('/operation/feedback'),
    query: PageQuery.extend({ status: FeedbackStatus.optional(), keyword: z.string().trim().optional() }),
    response: page(FeedbackRow),
  }),
  detail: get('/feedback/detail', {
    service: 'assist',
    summary: 'One feedback with its reply and files (its author or a feedback handler).',
    access: signedIn,
    query: z.object({ code: z.string().trim().min(1, 'code is required') }),
    response: FeedbackDetail,
  }),
  update: post('/feedback/update', {
    service: 'assist',
    summary: 'Mark feedback handled (or open again) with a reply; version check.',
    access: priv('/operation/feedback'),
    body: z.object({
      code: z.string().trim().min(1, 'code is required'),
      status: FeedbackStatus,
      reply: z.string().trim().max(FEEDBACK_MAX_CHARS).default(''),
      version: z.number().int(),
    }),
    response: Ok,
  }),
  uploadCredentials: post('/sts/security', {
    service: 'cloud',
    summary:
      'Temporary upload credentials (code 8): a one-time upload token (local storage) or a presigned PUT URL (S3).',
    access: signedIn,
    body: z.object({ code: z.coerce.number().int(), filename: z.string().trim().max(200).optional() }),
    response: UploadCredentials,
  }),
  upload: post('/sts/upload', {
    service: 'cloud',
    kind: 'upload',
    summary:
      'Upload one file (≤ 20 MB; jpg, jpeg, png, gif, bmp, mp4); optional field uploadToken from /sts/security.',
    access: signedIn,
    response: StoredFile,
  }),
  file: get('/sts/file/{id}', {
    service: 'cloud',
    kind: 'download',
    summary: 'Download a stored file (its uploader, or a holder of the screen that shows it).',
    access: signedIn,
    params: z.object({
      id: z
        .string()
        .trim()
        .regex(/^[a-f0-9]{32}$/, 'a file id'),
    }),
    response: FileResponse,
  }),
} satisfies Slice;
