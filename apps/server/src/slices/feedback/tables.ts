// Feedback of users and the files uploaded through /sts (stored by the storage adapter).
import { index, integer, jsonb, pgTable, serial, text, timestamp, bigint } from 'drizzle-orm/pg-core';

export const files = pgTable(
  'files',
  {
    /** 32 hex characters (128 random bits): unguessable, used in /sts/file/{id}. */
    id: text('id').primaryKey(),
    /** Key in the storage (local folder or bucket). */
    storageKey: text('storage_key').notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    /** 'pending' (credentials issued, nothing stored yet) or 'stored'. */
    status: text('status').notNull().default('pending'),
    /** The /sts/security code the credentials were asked for (8 = feedback). */
    purpose: integer('purpose'),
    /** sha256 of the one-time upload token; cleared when used. */
    uploadTokenHash: text('upload_token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploader_idx').on(t.uploadedBy)],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    content: text('content').notNull(),
    sourceCode: integer('source_code').notNull().default(3),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    /** 'open' or 'handled'. */
    status: text('status').notNull().default('open'),
    reply: text('reply').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdByUsername: text('created_by_username').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    handledBy: integer('handled_by'),
    handledByName: text('handled_by_name'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('feedbacks_status_idx').on(t.status, t.createdAt)],
);
