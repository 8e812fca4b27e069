// The declaration of a simple settings list (code, name, remark, order, status): most master-data
// tabs are one of these, with a few extra columns and fields.
import { SimpleInput, type TSimpleRow } from '@bo/api-sdk';
import type { FieldName, FormField, ListColumn, SearchField } from '@bo/ui-kit';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { sdk } from '../../app/sdk';
import type { MessageKey, TFunction } from '../../i18n';
import {
  isValid,
  listQuery,
  matchFilters,
  statusOptions,
  type ListQueryArgs,
  type ListResult,
  type ListScreenDef,
} from '../../app/list';

export interface SimpleRowLike {
  code: string;
  name: string;
  remark?: string | null;
  sort?: number;
  validstatus?: number;
  status?: number;
  version?: number;
}

/** The form schema of a simple record: its contract input (code, name, remark, order, status, version). */
export const SimpleFormSchema = z.object({
  code: z.string().trim().min(1, '请输入编码 / the code is required').max(50),
  name: z.string().trim().min(1, '请输入名称 / the name is required').max(100),
  remark: z.string().trim().max(500).nullish(),
  validstatus: z.coerce.number().int().default(1),
  sort: z.coerce.number().int().min(0).max(999999).default(0),
  version: z.number().int().optional(),
});

export interface SimpleDefOptions<Row extends SimpleRowLike, S extends z.ZodType<FieldValues>> {
  key: string;
  /** Message key of what one record is called. */
  what: MessageKey;
  list: (args: ListQueryArgs) => Promise<ListResult<Row>>;
  /** The server answers every row: filter and page here. */
  whole?: boolean;
  save?: (values: z.output<S>, row: Row | null) => Promise<unknown>;
  setStatus?: (row: Row, on: boolean) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  schema?: S;
  /** Columns after the name. */
  extraColumns?: (t: TFunction) => ListColumn<Row>[];
  /** Form fields after the name. */
  extraFields?: (t: TFunction) => FormField<FieldName<S>>[];
  extraSearch?: (t: TFunction) => SearchField[];
  /** The record has no code of its own (keyed by id). */
  noCode?: boolean;
  rowId?: (row: Row) => string;
  hasRemark?: boolean;
  statusKey?: 'validstatus' | 'status';
  more?: Partial<ListScreenDef<Row, S>>;
}

/**
 * The fields every simple record's schema has. A builder generic in its schema cannot show the
 * compiler that the schema has them, so it says so here, once; each screen's own fields are checked.
 */
export const sharedFields = <S extends z.ZodType<FieldValues>>(
  fields: FormField<'code' | 'name' | 'sort' | 'remark'>[],
): FormField<FieldName<S>>[] => fields as FormField<string>[] as FormField<FieldName<S>>[];

export function simpleDef<
  Row extends SimpleRowLike,
  S extends z.ZodType<FieldValues> = typeof SimpleFormSchema,
>(o: SimpleDefOptions<Row, S>): ListScreenDef<Row, S> {
  const schema = (o.schema ?? SimpleFormSchema) as S;
  const hasRemark = o.hasRemark ?? true;
  const statusKey = o.statusKey ?? 'validstatus';
  return {
    key: o.key,
    what: (t) => t(o.what),
    rowId: o.rowId ?? ((r) => r.code),
    rowName: (r) => r.name,
    searchFields: (t) => [
      { kind: 'text', name: 'name', label: t('list.name') },
      ...(o.extraSearch?.(t) ?? []),
      { kind: 'select', name: statusKey, label: t('list.status'), options: statusOptions(t) },
    ],
    columns: (t) => [
      ...(o.noCode ? [] : [{ id: 'code', header: t('list.code'), sortable: true } satisfies ListColumn<Row>]),
      { id: 'name', header: t('list.name'), sortable: true },
      ...(o.extraColumns?.(t) ?? []),
      ...(hasRemark ? [{ id: 'remark', header: t('list.remark') } satisfies ListColumn<Row>] : []),
      { id: 'sort', header: t('list.sort'), sortable: true, align: 'right', defaultHidden: false },
    ],
    list: o.list,
    filterRows: o.whole ? (rows, filters) => matchFilters(rows, filters) : undefined,
    form: o.save
      ? {
          schema,
          defaults: { [statusKey]: 1, sort: 0 },
          fields: (t) => [
            ...sharedFields<S>([
              ...(o.noCode
                ? []
                : [
                    {
                      kind: 'text',
                      name: 'code',
                      label: t('list.code'),
                      required: true,
                      lockedOnEdit: true,
                      maxLength: 50,
                    } as const,
                  ]),
              { kind: 'text', name: 'name', label: t('list.name'), required: true, maxLength: 100 },
            ]),
            ...(o.extraFields?.(t) ?? []),
            ...sharedFields<S>([
              { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
              ...(hasRemark
                ? [{ kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 } as const]
                : []),
            ]),
          ],
          save: o.save,
        }
      : undefined,
    status: o.setStatus ? { isOn: (r) => isValid(r), set: o.setStatus } : undefined,
    remove: o.remove ? { call: o.remove } : undefined,
    ...o.more,
  };
}

/** The status switch of a record keyed by its code: `{ code, validstatus }` to the record's status call. */
export const codeStatus =
  (call: (i: { body: { code: string; validstatus: 0 | 1 } }) => Promise<unknown>) =>
  (r: { code: string }, on: boolean) =>
    call({ body: { code: r.code, validstatus: on ? 1 : 0 } });

/** The three calls of a plain code–name list of the settings (every such list has the same shapes). */
export interface PlainListApi {
  list: typeof sdk.clueSettings.transferList;
  save: typeof sdk.clueSettings.transferSave;
  status: typeof sdk.clueSettings.transferUpdateStatus;
}

/** A plain code–name list (reasons, types): listed and saved by its calls, switched by code. */
export const plainDef = (key: string, what: MessageKey, api: PlainListApi) =>
  simpleDef<TSimpleRow, typeof SimpleInput>({
    key,
    what,
    schema: SimpleInput,
    list: (a) => api.list({ query: listQuery(a) }),
    save: (body) => api.save({ body }),
    setStatus: codeStatus((i) => api.status(i)),
  });
