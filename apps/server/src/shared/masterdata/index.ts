// The generic master-data engine (spec §3 "Master data", §4 enable/disable, DESIGN "one generic implementation").
//
// Usage — one declaration per record type, then handlers of one line each:
//
//   // slices/<slice>/service.ts
//   export const cityRanks = defineRecordType<TCityRankRow, TCityRankInput>({
//     name: 'cityRank', label: '城市级别 / city rank',          // audit action prefix, bilingual messages
//     table: cityRanksTable, key: 'code', keyKind: 'code',      // keyKind 'id' for serial ids
//     fields: { code: t.code, name: t.name, validstatus: t.validStatus, sort: t.sort, version: t.version }, // API field → column
//     input: CityRankInput,                                     // the contract's save schema (validates import rows)
//     filters: { name: likeFilter(t.name), status: eqFilter(t.validStatus), codes: inFilter(t.code) },
//     sort: [asc(t.sort), asc(t.code)],
//     unique: [{ field: 'name' }],                             // the key is always unique; { field, within: ['parentcode'] }
//     parents: [{ field: 'rankcode', table: ranks, key: ranks.code, status: ranks.validStatus, label: '级别 / rank' }],
//     children: [{ table: cities, column: cities.rankCode, status: cities.validStatus, label: '城市 / city' }], // refuse disable/delete
//     scope: { kind: 'campus', field: 'schoolItemCode' },        // or 'region'; list filtered, named record outside → 403
//     status: 'validstatus', version: 'version', updatedAt: t.updatedAt,
//     inUse: async (tx, row, op) => null,                       // or a message → 422 on disable/delete
//     deletable: false,
//     prepare / afterWrite / decorate: bespoke checks, link tables, computed fields,
//   });
//
//   // slices/<slice>/handlers.ts (ctx is the HandlerCtx: it carries deps, user, ip)
//   cityRankList:   (ctx) => cityRanks.page(ctx, ctx.query),      // or .all(ctx, query) for selectors
//   cityRankSave:   (ctx) => cityRanks.save(ctx, ctx.body),       // no key / unknown code + no version = create; key + version = update
//   cityRankStatus: (ctx) => cityRanks.updateStatus(ctx, ctx.body.code, statusOf(ctx.body)).then(() => true),
//   cityRankDetail: (ctx) => cityRanks.detail(ctx, ctx.query.code),
//   cityRankImport: (ctx) => cityRanks.importRows(ctx, ctx.body.rows, ctx.body),   // contract: importEndpoint(...)
//
// Errors: duplicate → 409 conflict naming the field; stale version → 409 field 'version'; missing or disabled
// parent → 400 naming the field; in use / valid children → 422; outside scope → 403; unknown key → 404.
// Every create/update/status/delete/import writes an audit row (`<name>.create|update|status|delete|import`,
// target `<table>:<key>`, detail: new / changes {field: [old, new]} / {field, from, to} / old / counts).
export { exportWorkbook, exportSheet, sheetXlsxColumns } from './export.js';
export { codeNames, idNames } from './codeNames.js';
export { simpleType, simpleHandlers, simpleFields, type SimpleColumns } from './simple.js';
export { importByCompositeKey, type CompositeKey } from './compositeKey.js';
export {
  recordTypes,
  schemaTables,
  usageLabel,
  type UsedBy,
  type UsageColumn,
  type RegisteredType,
} from './usage.js';
export {
  MD_STATUS,
  defineRecordType,
  eqFilter,
  likeFilter,
  inFilter,
  statusOf,
  usageRegistry,
  type MdCtx,
  type MdKey,
  type MdRecord,
  type FilterSpec,
  type ParentRef,
  type ChildRef,
  type UniqueKey,
  type RecordTypeDef,
  type RecordType,
  type PageOut,
} from './engine.js';
