// Simple settings lists (code, name, remark, status, order — finance and clue settings use them):
// one `simpleType` declaration per type on the engine, and `simpleHandlers` for its one-line handlers.
import { asc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SimpleInput, TSimpleRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import {
  defineRecordType,
  eqFilter,
  likeFilter,
  statusOf,
  type FilterSpec,
  type MdCtx,
  type MdRecord,
  type ParentRef,
  type RecordTypeDef,
} from './engine.js';

/** The columns every simple list table has. */
export interface SimpleColumns {
  id: AnyPgColumn;
  code: AnyPgColumn;
  name: AnyPgColumn;
  remark: AnyPgColumn;
  validStatus: AnyPgColumn;
  sort: AnyPgColumn;
  version: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

export const simpleFields = (t: SimpleColumns) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  remark: t.remark,
  validstatus: t.validStatus,
  sort: t.sort,
  version: t.version,
});

type SimpleIn = z.output<typeof SimpleInput>;

/** Declares a simple list on the engine: code is the key, name unique, status switch, version check. */
export function simpleType<TRow extends TSimpleRow = TSimpleRow, TInput extends MdRecord = SimpleIn>(o: {
  name: string;
  label: string;
  table: PgTable & SimpleColumns;
  input: z.ZodType<TInput, unknown>;
  /** Extra API field → column pairs. */
  extra?: Record<string, AnyPgColumn>;
  readOnly?: string[];
  parents?: ParentRef[];
  inUse?: RecordTypeDef<TRow, TInput>['inUse'];
  decorate?: (tx: DbOrTx, rows: TRow[]) => Promise<TRow[]>;
  prepare?: RecordTypeDef<TRow, TInput>['prepare'];
  sort?: (SQL | AnyPgColumn)[];
  /** Extra list filters besides code, name and validstatus. */
  filters?: Record<string, FilterSpec>;
  deletable?: boolean;
  usedBy?: RecordTypeDef<TRow, TInput>['usedBy'];
  unused?: string;
}) {
  const t = o.table;
  return defineRecordType<TRow, TInput>({
    name: o.name,
    label: o.label,
    table: t,
    key: 'code',
    keyKind: 'code',
    fields: { ...simpleFields(t), ...o.extra },
    readOnly: ['id', ...(o.readOnly ?? [])],
    input: o.input,
    filters: {
      code: likeFilter(t.code),
      name: likeFilter(t.name),
      validstatus: eqFilter(t.validStatus),
      ...o.filters,
    },
    deletable: o.deletable ?? false,
    ...(o.usedBy ? { usedBy: o.usedBy } : {}),
    ...(o.unused ? { unused: o.unused } : {}),
    sort: o.sort ?? [asc(t.sort), asc(t.code)],
    unique: [{ field: 'name', label: '名称 / name' }],
    ...(o.parents ? { parents: o.parents } : {}),
    status: 'validstatus',
    version: 'version',
    updatedAt: t.updatedAt,
    ...(o.inUse ? { inUse: o.inUse } : {}),
    ...(o.decorate ? { decorate: o.decorate } : {}),
    ...(o.prepare ? { prepare: o.prepare } : {}),
  });
}

type SimpleOps<TRow extends MdRecord, TInput extends MdRecord> = ReturnType<
  typeof defineRecordType<TRow, TInput>
>;
interface ListCtx extends MdCtx {
  query: MdRecord & { pageIdx?: number; pageSize?: number };
}
interface PageCtx extends MdCtx {
  body: MdRecord & { pageIdx?: number; pageSize?: number };
}

/** The handlers of a simple list: list (GET query) or page (POST body), save, status, detail. */
export function simpleHandlers<TRow extends MdRecord, TInput extends MdRecord>(t: SimpleOps<TRow, TInput>) {
  return {
    list: (ctx: ListCtx) => t.page(ctx, ctx.query),
    page: (ctx: PageCtx) => t.page(ctx, ctx.body),
    save: (ctx: MdCtx & { body: TInput }) => t.save(ctx, ctx.body),
    status: async (
      ctx: MdCtx & { body: { code: string; status?: 0 | 1 | undefined; validstatus?: 0 | 1 | undefined } },
    ) => {
      await t.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code');
      return true as const;
    },
    detail: (ctx: MdCtx & { query: { code: string } }) => t.detail(ctx, ctx.query.code, 'code'),
    /** Update of an existing record: an unknown code is 404, not a create. */
    update: async (ctx: MdCtx & { body: TInput & { code: string } }) => {
      await t.detail(ctx, ctx.body.code, 'code');
      return t.save(ctx, ctx.body);
    },
    remove: async (ctx: MdCtx & { query: { code: string } }) => {
      await t.remove(ctx, ctx.query.code, 'code');
      return true as const;
    },
  };
}
