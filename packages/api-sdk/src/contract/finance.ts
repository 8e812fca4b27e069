// Fee and finance master data (spec §7 "Fee and finance master data"): bank accounts, bill, income and
// pay types, pay function names, tax rates, refund reasons, cost and voucher types, currencies,
// settlement organisations, materiel and the two-level dictionary reasons.
import { z } from 'zod';
import { Money } from './fields.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  ValidStatus,
  get,
  page,
  post,
  priv,
  signedIn,
  type Access,
  type Service,
  type Slice,
} from './define.js';
import {
  CodeQuery,
  CodeStatusInput,
  IdParams,
  IdQuery,
  IdStatusInput,
  MdCode,
  MdName,
  MdSort,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';

const FINANCE = priv('/setting/finance');

// ---- shared shapes of the simple lists (also used by clue settings) ----

/** An exact non-negative amount of at most 2 decimals, as a string with 2 decimals ("12.5" → "12.50"); numbers are read by their decimal text. */
export const FeeAmount = Money;
/** A percentage 0–100 with at most 2 decimals, exact, as a string ("6.00" means 6%). */
export const RatePercent = FeeAmount.refine(
  (v) => Number(v) <= 100,
  '税率须在0到100之间 / a rate between 0 and 100',
);

/** A row of a simple settings list: code, name, status, order. */
export const SimpleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TSimpleRow = z.infer<typeof SimpleRow>;
/** Create (no version) or update (with the version read) a simple settings record; the code is its key. */
export const SimpleFields = z.object({
  code: MdCode,
  name: MdName,
  remark: MdText(500),
  validstatus: ValidStatus.default(1),
  sort: MdSort,
});
export const SimpleInput = versioned(SimpleFields);
export const SimpleListQuery = PageQuery.extend({
  code: z.string().trim().optional(),
  name: z.string().trim().optional(),
  validstatus: ValidStatus.optional(),
});
/** An option of a selector. */
export const SimpleOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export interface SimplePaths {
  /** The paged list: read by GET with a query (`list`) or by POST with a body (`page`). */
  list: string;
  save: string;
  status: string;
  detail: string;
}
/**
 * The endpoints of a simple settings list: a paged list (signed-in users: the lists are selector data
 * too) as GET `list` or POST `page` (take the one the screen uses), save, status switch by code and
 * detail by code; writes need `access`.
 */
export function simpleEndpoints<R extends z.ZodType, I extends z.ZodType>(o: {
  service: Service;
  access: Access;
  what: string;
  paths: SimplePaths;
  row: R;
  input: I;
  listAccess?: Access;
}) {
  const listAccess = o.listAccess ?? signedIn;
  const summary = `${o.what}: filtered (code, name, validstatus) and paged.`;
  return {
    list: get(o.paths.list, {
      service: o.service,
      summary,
      access: listAccess,
      query: SimpleListQuery,
      response: page(o.row),
    }),
    page: post(o.paths.list, {
      service: o.service,
      summary,
      access: listAccess,
      body: SimpleListQuery,
      response: page(o.row),
    }),
    save: post(o.paths.save, {
      service: o.service,
      summary: `Create ${o.what} (no version) or update it (with its version); code and name are unique.`,
      access: o.access,
      body: o.input,
      response: o.row,
    }),
    status: post(o.paths.status, {
      service: o.service,
      summary: `Enable or disable ${o.what} by code (status or validstatus: 1 valid, 0 invalid).`,
      access: o.access,
      body: CodeStatusInput,
      response: Ok,
    }),
    detail: get(o.paths.detail, {
      service: o.service,
      summary: `${o.what} by code.`,
      access: listAccess,
      query: CodeQuery,
      response: o.row,
    }),
  };
}

const fee = <R extends z.ZodType, I extends z.ZodType>(
  what: string,
  name: string,
  row: R,
  input: I,
  list: 'list' | 'page' = 'list',
) =>
  simpleEndpoints({
    service: 'setting',
    access: FINANCE,
    what,
    row,
    input,
    paths: {
      list: `/fee/${name}/${list}`,
      save: `/fee/${name}/save`,
      status: `/fee/${name}/updateStatus`,
      detail: `/fee/${name}/detail`,
    },
  });

// ---- record shapes ----

export const IncomeTypeRow = SimpleRow.extend({
  billTypeId: z.number().int().nullable(),
  billTypeName: z.string().nullable(),
  taxRateId: z.number().int().nullable(),
  taxRate: z.string().nullable(),
});
export const IncomeTypeInput = versioned(
  SimpleFields.extend({
    billTypeId: z.coerce
      .number()
      .int()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
    taxRateId: z.coerce
      .number()
      .int()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
  }),
);
export const TaxRateRow = SimpleRow.extend({ rate: z.string() });
export const TaxRateInput = versioned(SimpleFields.extend({ rate: RatePercent }));
export const PayFunctionNameRow = SimpleRow.extend({
  payTypeId: z.number().int(),
  payTypeName: z.string().nullable(),
});
export const PayFunctionNameInput = versioned(
  SimpleFields.extend({ payTypeId: z.coerce.number().int().min(1, 'payTypeId is required') }),
);
export const CurrencyRow = SimpleRow.extend({ symbol: z.string() });
export const CurrencyInput = versioned(
  SimpleFields.extend({ symbol: z.string().trim().max(10).default('') }),
);
export const SettlementOrgRow = SimpleRow.extend({ taxNo: z.string() });
export const SettlementOrgInput = versioned(
  SimpleFields.extend({
    taxNo: z
      .string()
      .trim()
      .regex(/^([0-9A-Z]{18})?$/, '统一社会信用代码为18位 / the taxpayer id has 18 letters or digits')
      .default(''),
  }),
);
export const MaterielRow = SimpleRow.extend({ spec: z.string(), unit: z.string(), price: z.string() });
export const MaterielInput = versioned(
  SimpleFields.extend({
    spec: z.string().trim().max(100).default(''),
    unit: z.string().trim().max(20).default(''),
    price: FeeAmount.default('0'),
  }),
);

export const BankAccountRow = z.object({
  id: z.number().int(),
  accountNo: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  payTypeId: z.number().int(),
  payTypeName: z.string().nullable(),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type TBankAccountRow = z.infer<typeof BankAccountRow>;
export const BankAccountInput = versioned(
  z.object({
    /** Absent: create. */
    id: z.coerce.number().int().min(1).optional(),
    accountNo: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{8,30}$/, '账号须为8到30位数字 / the account number has 8 to 30 digits')),
    accountName: MdName,
    bankName: MdName,
    branchName: z.string().trim().max(100).default(''),
    schoolItemCode: z.string().trim().min(1, 'schoolItemCode is required'),
    payTypeId: z.coerce.number().int().min(1, 'payTypeId is required'),
    remark: MdText(500),
    validstatus: ValidStatus.default(1),
    sort: MdSort,
  }),
);
export const BankAccountQuery = PageQuery.extend({
  schoolItemCode: z.string().trim().optional(),
  payTypeId: z.coerce.number().int().optional(),
  keyword: z.string().trim().optional(),
  validstatus: ValidStatus.optional(),
});
export const BankAccountOption = z.object({
  id: z.number().int(),
  accountNo: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  schoolItemCode: z.string(),
  payTypeId: z.number().int(),
});

export const DictReasonRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  reasonType: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  validstatus: z.number().int(),
  sort: z.number().int(),
  version: z.number().int(),
  /** Second-level reasons (first-level rows of findAll and info only). */
  children: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        validstatus: z.number().int(),
        sort: z.number().int(),
        version: z.number().int(),
      }),
    )
    .optional(),
});
export const ReasonType = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[a-z_]+$/, 'reasonType: lower-case letters and _')
  .default('refund');
export const DictReasonInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    reasonType: ReasonType,
    name: MdName,
    remark: MdText(500),
    validstatus: ValidStatus.default(1),
    sort: MdSort,
  }),
);
export const DictReasonSecondInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    parentId: z.coerce.number().int().min(1, 'parentId is required'),
    name: MdName,
    remark: MdText(500),
    validstatus: ValidStatus.default(1),
    sort: MdSort,
  }),
);
export const DictReasonQuery = PageQuery.extend({
  reasonType: z.string().trim().optional(),
  name: z.string().trim().optional(),
  validstatus: ValidStatus.optional(),
  /** Absent: first-level reasons; a parent id: its second-level reasons. */
  parentId: z.coerce.number().int().optional(),
});

// ---- the endpoints ----

const payType = fee('a pay type', 'payType', SimpleRow, SimpleInput);
const billType = fee('a bill type', 'billType', SimpleRow, SimpleInput);
const incomeType = fee('an income type', 'incomeType', IncomeTypeRow, IncomeTypeInput);
const payFunctionName = fee(
  'a pay function name',
  'payFunctionName',
  PayFunctionNameRow,
  PayFunctionNameInput,
  'page',
);
const taxRate = fee('a tax rate', 'taxRate', TaxRateRow, TaxRateInput, 'page');
const refundReason = fee('a refund reason', 'refundReason', SimpleRow, SimpleInput);
const costType = fee('a cost type', 'costType', SimpleRow, SimpleInput);
const voucherType = fee('a voucher type', 'voucherType', SimpleRow, SimpleInput);
const currency = fee('a currency', 'currency', CurrencyRow, CurrencyInput);
const settlementOrg = fee('a settlement organisation', 'settlementOrg', SettlementOrgRow, SettlementOrgInput);
const materiel = fee('a materiel', 'materiel', MaterielRow, MaterielInput);

const rs = (path: string) => `/fee/dictReason/${path}`;

export const finance = {
  // bank accounts (scoped by campus)
  bankAccountList: get('/fee/bankAccount/list', {
    service: 'setting',
    summary:
      'Bank accounts of the campuses in scope, filtered (campus, pay type, keyword on number/name/bank, status) and paged.',
    access: FINANCE,
    query: BankAccountQuery,
    response: page(BankAccountRow),
  }),
  bankAccountSave: post('/fee/bankAccount/save', {
    service: 'setting',
    summary:
      'Create a bank account (no id) or update it (id and version); the account number is unique; the campus must be in scope.',
    access: FINANCE,
    body: BankAccountInput,
    response: BankAccountRow,
  }),
  bankAccountUpdateStatus: post('/fee/bankAccount/updateStatus', {
    service: 'setting',
    summary: 'Enable or disable a bank account by id.',
    access: FINANCE,
    body: IdStatusInput,
    response: Ok,
  }),
  bankAccountDetail: get('/fee/bankAccount/detail', {
    service: 'setting',
    summary: 'A bank account by id (campus in scope).',
    access: FINANCE,
    query: IdQuery,
    response: BankAccountRow,
  }),
  queryBankAccounts: post('/fee/queryBankAccounts', {
    service: 'setting',
    summary:
      'Enabled bank accounts of a campus (in scope), optionally limited to pay types: the payment selector.',
    access: signedIn,
    body: z.object({
      schoolCode: z.string().trim().min(1, 'schoolCode is required'),
      payTypeIds: z.array(z.coerce.number().int()).default([]),
    }),
    response: z.array(BankAccountOption),
  }),
  bankAccountImportRows: importEndpoint('/fee/bankAccount/importRows', {
    service: 'setting',
    access: FINANCE,
    what: 'bank accounts',
  }),
  bankAccountImport: post('/fee/bankAccount/import', {
    service: 'setting',
    summary:
      'Import bank accounts from the xlsx template (upsert by account number, all-or-nothing): a JSON message when every row imported, the import-result workbook (row, column, reason) when rows failed.',
    access: FINANCE,
    kind: 'upload',
    returnsFile: true,
    response: z.null(),
  }),
  bankAccountTemplate: get('/fee/bankAccount/template', {
    service: 'setting',
    summary: 'The xlsx template of the bank account import (with an example row).',
    access: FINANCE,
    kind: 'download',
    response: FileResponse,
  }),

  // simple lists
  payTypeList: payType.list,
  payTypeSave: payType.save,
  payTypeUpdateStatus: payType.status,
  payTypeDetail: payType.detail,
  payTypes: get('/fee/paytypes', {
    service: 'setting',
    summary: 'Enabled pay types (selector).',
    access: signedIn,
    response: z.array(SimpleOption),
  }),

  billTypeList: billType.list,
  billTypeSave: billType.save,
  billTypeUpdateStatus: billType.status,
  billTypeDetail: billType.detail,
  billTypes: get('/fee/billtypes', {
    service: 'setting',
    summary: 'Enabled bill types (selector).',
    access: signedIn,
    response: z.array(SimpleOption),
  }),

  incomeTypeList: incomeType.list,
  incomeTypeSave: incomeType.save,
  incomeTypeUpdateStatus: incomeType.status,
  incomeTypeDetail: incomeType.detail,
  queryIncomeTypes: post('/fee/queryIncomeTypes', {
    service: 'setting',
    summary: 'Enabled income types, optionally of some bill types (selector).',
    access: signedIn,
    body: z
      .object({
        billTypeIds: z.array(z.coerce.number().int()).default([]),
        name: z.string().trim().optional(),
      })
      .default({ billTypeIds: [] }),
    response: z.array(IncomeTypeRow),
  }),

  payFunctionNamePage: payFunctionName.page,
  payFunctionNameSave: payFunctionName.save,
  payFunctionNameUpdateStatus: payFunctionName.status,
  payFunctionNameDetail: payFunctionName.detail,

  taxRatePage: taxRate.page,
  taxRateSave: taxRate.save,
  taxRateUpdateStatus: taxRate.status,
  taxRateDetail: taxRate.detail,

  refundReasonList: refundReason.list,
  refundReasonSave: refundReason.save,
  refundReasonUpdateStatus: refundReason.status,
  refundReasonDetail: refundReason.detail,

  costTypeList: costType.list,
  costTypeSave: costType.save,
  costTypeUpdateStatus: costType.status,
  costTypeDetail: costType.detail,

  voucherTypeList: voucherType.list,
  voucherTypeSave: voucherType.save,
  voucherTypeUpdateStatus: voucherType.status,
  voucherTypeDetail: voucherType.detail,

  currencyList: currency.list,
  currencySave: currency.save,
  currencyUpdateStatus: currency.status,
  currencyDetail: currency.detail,

  settlementOrgList: settlementOrg.list,
  settlementOrgSave: settlementOrg.save,
  settlementOrgUpdateStatus: settlementOrg.status,
  settlementOrgDetail: settlementOrg.detail,

  materielList: materiel.list,
  materielSave: materiel.save,
  materielUpdateStatus: materiel.status,
  materielDetail: materiel.detail,

  // dictionary reasons (two levels)
  dictReasonPage: post(rs('page'), {
    service: 'setting',
    summary:
      'Dictionary reasons, paged: first-level ones (no parentId) or the second-level ones of a parent.',
    access: FINANCE,
    body: DictReasonQuery,
    response: page(DictReasonRow),
  }),
  dictReasonSave: post(rs('save'), {
    service: 'setting',
    summary: 'Create a first-level reason (name unique within its reason type).',
    access: FINANCE,
    body: DictReasonInput,
    response: DictReasonRow,
  }),
  dictReasonUpdate: post(rs('update'), {
    service: 'setting',
    summary: 'Update a reason of either level by id and version (name, remark, status, order).',
    access: FINANCE,
    body: versioned(
      z.object({
        id: z.coerce.number().int().min(1, 'id is required'),
        name: MdName,
        remark: MdText(500),
        validstatus: ValidStatus.default(1),
        sort: MdSort,
      }),
    ),
    response: DictReasonRow,
  }),
  dictReasonSaveSecond: post(rs('saveSecond'), {
    service: 'setting',
    summary:
      'Create (no id) or update a second-level reason under an enabled first-level one (name unique within the parent).',
    access: FINANCE,
    body: DictReasonSecondInput,
    response: DictReasonRow,
  }),
  dictReasonInfo: get(rs('info/{id}'), {
    service: 'setting',
    summary: 'A reason with its second-level reasons.',
    access: FINANCE,
    params: IdParams,
    response: DictReasonRow,
  }),
  dictReasonSelect: get(rs('select'), {
    service: 'setting',
    summary:
      'Enabled reasons for a selector: first-level ones of a reason type, or the second-level ones of parentId.',
    access: signedIn,
    query: z.object({
      reasonType: z.string().trim().optional(),
      parentId: z.coerce.number().int().optional(),
    }),
    response: z.array(
      z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() }),
    ),
  }),
  dictReasonFindAll: get(rs('findAll'), {
    service: 'setting',
    summary:
      'Every enabled first-level reason (optionally of a reason type) with its enabled second-level reasons.',
    access: signedIn,
    query: z.object({ reasonType: z.string().trim().optional() }),
    response: z.array(DictReasonRow),
  }),
  dictReasonDeleteById: get(rs('deleteById/{id}'), {
    service: 'setting',
    summary: 'Delete a reason; a first-level reason must have no second-level reasons left.',
    access: FINANCE,
    params: IdParams,
    response: Ok,
  }),
  dictReasonDeleteByParentId: get(rs('deleteByParentId/{id}'), {
    service: 'setting',
    summary: 'Delete every second-level reason of a first-level reason.',
    access: FINANCE,
    params: IdParams,
    response: Ok,
  }),
} satisfies Slice;
