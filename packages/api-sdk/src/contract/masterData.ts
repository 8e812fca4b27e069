// Shared schema builders of master data (spec §3 "Master data", §4 enable/disable): status switches,
// versioned inputs, JSON batch imports and their results. Every master-data slice builds on these.
import { z } from 'zod';
import { ValidStatus, post, type Access, type Service } from './define.js';

/** A code of master data: letters, digits, '-', '_' and '.', at most 50 characters. */
export const MdCode = z
  .string()
  .trim()
  .min(1, 'code is required')
  .max(50, 'code: at most 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, '编码只能包含字母、数字、-、_、. / code: letters, digits, - _ . only');
/** A display name: trimmed, 1–100 characters. */
export const MdName = z.string().trim().min(1, 'name is required').max(100, 'name: at most 100 characters');
/** An optional free text (trimmed; empty becomes null). */
export const MdText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** An optional reference code (empty becomes null). */
export const MdRef = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .transform((v) => (v ? v : null));
/** Sort order (smaller first). */
export const MdSort = z.coerce.number().int().min(0).max(999999).default(0);

/** The version an update sends back (optimistic concurrency); absent when creating. */
export const MdVersion = z.coerce.number().int().min(1).optional();
/** Adds `version` to an input schema: no version = create, with version = update of that version. */
export const versioned = <T extends z.ZodRawShape>(s: z.ZodObject<T>) => s.extend({ version: MdVersion });

/** ?code= of a detail read. */
export const CodeQuery = z.object({ code: z.string().trim().min(1, 'code is required') });
/** ?id= of a detail read or delete. */
export const IdQuery = z.object({ id: z.coerce.number().int().min(1, 'id is required') });
/** {id} of a path. */
export const IdParams = z.object({ id: z.coerce.number().int().min(1) });
/** {id} of a path that is a code. */
export const CodeParams = z.object({ id: z.string().trim().min(1) });

const needsStatus = (v: { status?: unknown; validstatus?: unknown }) =>
  v.status !== undefined || v.validstatus !== undefined;
/** Enable/disable by code (spec §4: a code and a status or validstatus value; 1 valid, 0 invalid). */
export const CodeStatusInput = z
  .object({
    code: z.string().trim().min(1, 'code is required'),
    status: ValidStatus.optional(),
    validstatus: ValidStatus.optional(),
  })
  .refine(needsStatus, { message: 'status is required (1 valid, 0 invalid)', path: ['status'] });
/** Enable/disable by id. */
export const IdStatusInput = z
  .object({
    id: z.coerce.number().int().min(1, 'id is required'),
    status: ValidStatus.optional(),
    validstatus: ValidStatus.optional(),
  })
  .refine(needsStatus, { message: 'status is required (1 valid, 0 invalid)', path: ['status'] });
export type TCodeStatusInput = z.infer<typeof CodeStatusInput>;
export type TIdStatusInput = z.infer<typeof IdStatusInput>;

/** Largest chunk one import call takes; the CLI sends bigger files in chunks. */
export const IMPORT_CHUNK_MAX = 5000;

/**
 * A JSON batch import: rows keyed by the API field names of the record type. All-or-nothing:
 * one bad row and nothing is written. dryRun validates and counts without writing.
 * firstRow is the spreadsheet row number of rows[0] (so a chunked import reports file rows).
 */
export const ImportRowsInput = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, 'rows: at least one row')
    .max(IMPORT_CHUNK_MAX, `rows: at most ${IMPORT_CHUNK_MAX} per call`),
  dryRun: z.boolean().default(false),
  firstRow: z.number().int().min(1).default(1),
});
export type TImportRowsInput = z.infer<typeof ImportRowsInput>;

export const ImportRowError = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type TImportRowError = z.infer<typeof ImportRowError>;

/** What an import did (or would do, on a dry run). Any error means nothing was written. */
export const ImportRowsResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ImportRowError),
  dryRun: z.boolean(),
  /** True when rows were written (no errors and not a dry run). */
  written: z.boolean(),
});
export type TImportResult = z.infer<typeof ImportRowsResult>;

/** Declares the JSON batch import endpoint of a record type. */
export const importEndpoint = (path: string, o: { service: Service; access: Access; what: string }) =>
  post(path, {
    service: o.service,
    summary: `Import ${o.what} from JSON rows (upsert by the unique key; all-or-nothing; dryRun lists row errors).`,
    access: o.access,
    body: ImportRowsInput,
    response: ImportRowsResult,
  });

/** A { code, name } pair for selectors. */
export const CodeName = z.object({ code: z.string(), name: z.string() });
export type TCodeName = z.infer<typeof CodeName>;
