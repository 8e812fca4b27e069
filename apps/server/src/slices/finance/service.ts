// Finance master data on the master-data engine; bespoke rules: bank accounts (campus scope, pay type
// by code in imports), tax-rate and money values exact, two-level dictionary reasons.
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BankAccountInput,
  CurrencyInput,
  DictReasonInput,
  IncomeTypeInput,
  MaterielInput,
  PayFunctionNameInput,
  SettlementOrgInput,
  SimpleInput,
  TaxRateInput,
  type BankAccountRow,
  type CurrencyRow,
  type DictReasonRow,
  type DictReasonSecondInput,
  type IncomeTypeRow,
  type MaterielRow,
  type PayFunctionNameRow,
  type SettlementOrgRow,
  type TaxRateRow,
  type TImportResult,
  type TImportRowError,
  type TSimpleRow,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { badInput } from '../../http/errors.js';
import { assertCampus } from '../../http/auth.js';
import { writeAudit } from '../../shared/audit.js';
import {
  codeNames,
  idNames,
  defineRecordType,
  eqFilter,
  simpleType,
  type MdCtx,
  type MdRecord,
} from '../../shared/masterdata/index.js';
import { schoolItems } from '../../db/schema.js';
import {
  bankAccounts as bankAccountsT,
  billTypes as billTypesT,
  costTypes as costTypesT,
  currencies as currenciesT,
  dictReasons as dictReasonsT,
  incomeTypes as incomeTypesT,
  materiels as materielsT,
  payFunctionNames as payFunctionNamesT,
  payTypes as payTypesT,
  refundReasons as refundReasonsT,
  settlementOrgs as settlementOrgsT,
  taxRates as taxRatesT,
  voucherTypes as voucherTypesT,
} from './tables.js';

type Row<S extends z.ZodType> = z.output<S>;

const countWhere = async (
  tx: DbOrTx,
  table: typeof bankAccountsT | typeof incomeTypesT | typeof payFunctionNamesT,
  where: SQL | undefined,
) => {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(r?.n ?? 0);
};
const inUseMsg = (n: number, zh: string, en: string) =>
  n > 0 ? `有${n}个有效的${zh}正在使用，不能停用 / ${n} valid ${en}(s) use it; it cannot be disabled` : null;

export const payTypes = simpleType({
  name: 'payType',
  label: '支付方式 / pay type',
  table: payTypesT,
  input: SimpleInput,
  inUse: async (tx, row, op) => {
    const id = Number(row.id);
    const n =
      (await countWhere(
        tx,
        bankAccountsT,
        and(eq(bankAccountsT.payTypeId, id), eq(bankAccountsT.validStatus, 1)),
      )) +
      (await countWhere(
        tx,
        payFunctionNamesT,
        and(eq(payFunctionNamesT.payTypeId, id), eq(payFunctionNamesT.validStatus, 1)),
      ));
    return op === 'disable' ? inUseMsg(n, '银行账户或支付功能', 'bank account or pay function') : null;
  },
});

export const billTypes = simpleType({
  name: 'billType',
  label: '票据类型 / bill type',
  table: billTypesT,
  input: SimpleInput,
  inUse: async (tx, row) =>
    inUseMsg(
      await countWhere(
        tx,
        incomeTypesT,
        and(eq(incomeTypesT.billTypeId, Number(row.id)), eq(incomeTypesT.validStatus, 1)),
      ),
      '收入类型',
      'income type',
    ),
});

export const taxRates = simpleType<Row<typeof TaxRateRow>, z.output<typeof TaxRateInput>>({
  name: 'taxRate',
  label: '税率 / tax rate',
  table: taxRatesT,
  input: TaxRateInput,
  extra: { rate: taxRatesT.rate },
  sort: [asc(taxRatesT.rate), asc(taxRatesT.code)],
  inUse: async (tx, row) =>
    inUseMsg(
      await countWhere(
        tx,
        incomeTypesT,
        and(eq(incomeTypesT.taxRateId, Number(row.id)), eq(incomeTypesT.validStatus, 1)),
      ),
      '收入类型',
      'income type',
    ),
});

export const incomeTypes = simpleType<Row<typeof IncomeTypeRow>, z.output<typeof IncomeTypeInput>>({
  name: 'incomeType',
  label: '收入类型 / income type',
  table: incomeTypesT,
  input: IncomeTypeInput,
  extra: { billTypeId: incomeTypesT.billTypeId, taxRateId: incomeTypesT.taxRateId },
  parents: [
    {
      field: 'billTypeId',
      table: billTypesT,
      key: billTypesT.id,
      status: billTypesT.validStatus,
      label: '票据类型 / bill type',
    },
    {
      field: 'taxRateId',
      table: taxRatesT,
      key: taxRatesT.id,
      status: taxRatesT.validStatus,
      label: '税率 / tax rate',
    },
  ],
  decorate: async (tx, rows) => {
    const bills = await idNames(
      tx,
      billTypesT,
      rows.map((r) => r.billTypeId),
    );
    const rateIds = [
      ...new Set(rows.map((r) => r.taxRateId).filter((x): x is number => typeof x === 'number')),
    ];
    const rates = rateIds.length
      ? await tx
          .select({ id: taxRatesT.id, rate: taxRatesT.rate })
          .from(taxRatesT)
          .where(inArray(taxRatesT.id, rateIds))
      : [];
    const rateOf = new Map(rates.map((r) => [r.id, r.rate]));
    return rows.map((r) => ({
      ...r,
      billTypeName: r.billTypeId === null ? null : (bills.get(r.billTypeId) ?? null),
      taxRate: r.taxRateId === null ? null : (rateOf.get(r.taxRateId) ?? null),
    }));
  },
});

export const payFunctionNames = simpleType<
  Row<typeof PayFunctionNameRow>,
  z.output<typeof PayFunctionNameInput>
>({
  name: 'payFunctionName',
  label: '支付功能名称 / pay function name',
  table: payFunctionNamesT,
  input: PayFunctionNameInput,
  extra: { payTypeId: payFunctionNamesT.payTypeId },
  parents: [
    {
      field: 'payTypeId',
      table: payTypesT,
      key: payTypesT.id,
      status: payTypesT.validStatus,
      label: '支付方式 / pay type',
    },
  ],
  decorate: async (tx, rows) => {
    const names = await idNames(
      tx,
      payTypesT,
      rows.map((r) => r.payTypeId),
    );
    return rows.map((r) => ({ ...r, payTypeName: names.get(r.payTypeId) ?? null }));
  },
});

export const refundReasons = simpleType({
  name: 'refundReason',
  label: '退费原因 / refund reason',
  table: refundReasonsT,
  input: SimpleInput,
});
export const costTypes = simpleType({
  name: 'costType',
  label: '费用类型 / cost type',
  table: costTypesT,
  input: SimpleInput,
});
export const voucherTypes = simpleType({
  name: 'voucherType',
  label: '凭证类型 / voucher type',
  table: voucherTypesT,
  input: SimpleInput,
});
export const currencies = simpleType<Row<typeof CurrencyRow>, z.output<typeof CurrencyInput>>({
  name: 'currency',
  label: '币种 / currency',
  table: currenciesT,
  input: CurrencyInput,
  extra: { symbol: currenciesT.symbol },
});
export const settlementOrgs = simpleType<Row<typeof SettlementOrgRow>, z.output<typeof SettlementOrgInput>>({
  name: 'settlementOrg',
  label: '结算组织 / settlement organisation',
  table: settlementOrgsT,
  input: SettlementOrgInput,
  extra: { taxNo: settlementOrgsT.taxNo },
});
export const materiels = simpleType<Row<typeof MaterielRow>, z.output<typeof MaterielInput>>({
  name: 'materiel',
  label: '物料 / materiel',
  table: materielsT,
  input: MaterielInput,
  extra: { spec: materielsT.spec, unit: materielsT.unit, price: materielsT.price },
});

// ---- selectors ----

export async function payTypeOptions(ctx: MdCtx) {
  return ctx.deps.db
    .select({ id: payTypesT.id, code: payTypesT.code, name: payTypesT.name })
    .from(payTypesT)
    .where(eq(payTypesT.validStatus, 1))
    .orderBy(asc(payTypesT.sort), asc(payTypesT.code));
}
export async function billTypeOptions(ctx: MdCtx) {
  return ctx.deps.db
    .select({ id: billTypesT.id, code: billTypesT.code, name: billTypesT.name })
    .from(billTypesT)
    .where(eq(billTypesT.validStatus, 1))
    .orderBy(asc(billTypesT.sort), asc(billTypesT.code));
}
export async function queryIncomeTypes(ctx: MdCtx, q: { billTypeIds: number[]; name?: string | undefined }) {
  const rows = await incomeTypes.all(ctx, { validstatus: 1, ...(q.name ? { name: q.name } : {}) });
  return q.billTypeIds.length
    ? rows.filter((r) => r.billTypeId !== null && q.billTypeIds.includes(r.billTypeId))
    : rows;
}

// ---- bank accounts ----

type TBankAccountRow = Row<typeof BankAccountRow>;
type TBankAccountInput = z.output<typeof BankAccountInput>;

export const bankAccounts = defineRecordType<TBankAccountRow, TBankAccountInput>({
  name: 'bankAccount',
  label: '银行账户 / bank account',
  table: bankAccountsT,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: bankAccountsT.id,
    accountNo: bankAccountsT.accountNo,
    accountName: bankAccountsT.accountName,
    bankName: bankAccountsT.bankName,
    branchName: bankAccountsT.branchName,
    schoolItemCode: bankAccountsT.schoolItemCode,
    payTypeId: bankAccountsT.payTypeId,
    remark: bankAccountsT.remark,
    validstatus: bankAccountsT.validStatus,
    sort: bankAccountsT.sort,
    version: bankAccountsT.version,
  },
  input: BankAccountInput,
  filters: {
    schoolItemCode: eqFilter(bankAccountsT.schoolItemCode),
    payTypeId: eqFilter(bankAccountsT.payTypeId),
    validstatus: eqFilter(bankAccountsT.validStatus),
  },
  where: (q) => {
    const k =
      typeof q.keyword === 'string' && q.keyword
        ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
    return k
      ? or(
          ilike(bankAccountsT.accountNo, k),
          ilike(bankAccountsT.accountName, k),
          ilike(bankAccountsT.bankName, k),
        )
      : undefined;
  },
  sort: [asc(bankAccountsT.schoolItemCode), asc(bankAccountsT.sort), asc(bankAccountsT.id)],
  unique: [{ field: 'accountNo', label: '账号 / account number' }],
  parents: [
    {
      field: 'schoolItemCode',
      table: schoolItems,
      key: schoolItems.code,
      status: schoolItems.validStatus,
      label: '校区 / campus',
    },
    {
      field: 'payTypeId',
      table: payTypesT,
      key: payTypesT.id,
      status: payTypesT.validStatus,
      label: '支付方式 / pay type',
    },
  ],
  scope: { kind: 'campus', field: 'schoolItemCode' },
  status: 'validstatus',
  version: 'version',
  updatedAt: bankAccountsT.updatedAt,
  decorate: async (tx, rows) => {
    const pays = await idNames(
      tx,
      payTypesT,
      rows.map((r) => r.payTypeId),
    );
    const schoolName = await codeNames(
      tx,
      schoolItems,
      rows.map((r) => r.schoolItemCode),
    );
    return rows.map((r) => ({
      ...r,
      payTypeName: pays.get(r.payTypeId) ?? null,
      schoolItemName: schoolName.get(r.schoolItemCode) ?? null,
    }));
  },
});

/**
 * Imports bank accounts: rows may name the pay type by code (payTypeCode, as the template does) instead
 * of payTypeId. An unknown code is a row error; any error and nothing is written.
 */
export async function importBankAccounts(
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
): Promise<TImportResult> {
  const first = o.firstRow ?? 1;
  const pays = await ctx.deps.db
    .select({ id: payTypesT.id, code: payTypesT.code, name: payTypesT.name })
    .from(payTypesT);
  const byCode = new Map(
    pays.flatMap((p) => [[p.code.toLowerCase(), p.id] as const, [p.name.toLowerCase(), p.id] as const]),
  );
  const pre: TImportRowError[] = [];
  const mapped = rows.map((r, i) => {
    const code = r.payTypeCode;
    if (
      (r.payTypeId === undefined || r.payTypeId === null || r.payTypeId === '') &&
      code !== undefined &&
      code !== null &&
      code !== ''
    ) {
      const id = byCode.get(String(code).trim().toLowerCase());
      if (id === undefined)
        pre.push({
          row: first + i,
          column: 'payTypeCode',
          reason: `支付方式「${String(code)}」不存在 / pay type "${String(code)}" does not exist`,
        });
      const { payTypeCode: _c, ...rest } = r;
      return id === undefined ? rest : { ...rest, payTypeId: id };
    }
    const { payTypeCode: _c, ...rest } = r;
    return rest;
  });
  const res = await bankAccounts.importRows(ctx, mapped, {
    dryRun: o.dryRun || pre.length > 0,
    firstRow: first,
  });
  if (!pre.length) return res;
  const errors = [
    ...pre,
    ...res.errors.filter((e) => !(e.column === 'payTypeId' && pre.some((p) => p.row === e.row))),
  ].sort((a, b) => a.row - b.row);
  return { ...res, errors, dryRun: o.dryRun, written: false };
}

/** Enabled accounts of a campus for payment screens; a campus outside the caller's scope is refused. */
export async function queryBankAccounts(ctx: MdCtx, q: { schoolCode: string; payTypeIds: number[] }) {
  assertCampus(ctx.user, q.schoolCode);
  const conds = [eq(bankAccountsT.schoolItemCode, q.schoolCode), eq(bankAccountsT.validStatus, 1)];
  if (q.payTypeIds.length) conds.push(inArray(bankAccountsT.payTypeId, q.payTypeIds));
  return ctx.deps.db
    .select({
      id: bankAccountsT.id,
      accountNo: bankAccountsT.accountNo,
      accountName: bankAccountsT.accountName,
      bankName: bankAccountsT.bankName,
      schoolItemCode: bankAccountsT.schoolItemCode,
      payTypeId: bankAccountsT.payTypeId,
    })
    .from(bankAccountsT)
    .where(and(...conds))
    .orderBy(asc(bankAccountsT.sort), asc(bankAccountsT.id));
}

// ---- dictionary reasons (two levels) ----

type TDictReasonRow = Row<typeof DictReasonRow>;
type TDictReasonInput = z.output<typeof DictReasonInput> & { parentId?: number | null };

export const dictReasons = defineRecordType<TDictReasonRow, TDictReasonInput>({
  name: 'dictReason',
  label: '字典原因 / dictionary reason',
  table: dictReasonsT,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: dictReasonsT.id,
    parentId: dictReasonsT.parentId,
    reasonType: dictReasonsT.reasonType,
    name: dictReasonsT.name,
    remark: dictReasonsT.remark,
    validstatus: dictReasonsT.validStatus,
    sort: dictReasonsT.sort,
    version: dictReasonsT.version,
  },
  input: DictReasonInput,
  filters: { reasonType: eqFilter(dictReasonsT.reasonType), validstatus: eqFilter(dictReasonsT.validStatus) },
  where: (q) => {
    const conds = [
      q.parentId === undefined || q.parentId === null
        ? isNull(dictReasonsT.parentId)
        : eq(dictReasonsT.parentId, Number(q.parentId)),
    ];
    if (typeof q.name === 'string' && q.name)
      conds.push(ilike(dictReasonsT.name, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    return and(...conds);
  },
  sort: [asc(dictReasonsT.reasonType), asc(dictReasonsT.sort), asc(dictReasonsT.id)],
  unique: [{ field: 'name', within: ['reasonType', 'parentId'], label: '名称 / name' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: dictReasonsT.updatedAt,
  deletable: true,
  // Only a first-level reason is named, by its second-level reasons (the records keep reason names as text).
  usedBy: () => [{ columns: ['parent_id'], only: [dictReasonsT] }],
  prepare: async (tx, { input, existing }) => {
    // The level never changes; a second-level reason takes its parent's reason type.
    const parentId = existing ? existing.parentId : (input.parentId ?? null);
    if (existing && input.parentId !== undefined && input.parentId !== existing.parentId)
      throw badInput('parentId', '原因的层级不能更改 / the level of a reason cannot change');
    if (parentId === null)
      return existing ? { parentId: null, reasonType: existing.reasonType } : { parentId: null };
    const [p] = await tx.select().from(dictReasonsT).where(eq(dictReasonsT.id, parentId)).limit(1);
    if (!p || p.parentId !== null)
      throw badInput('parentId', `一级原因${parentId}不存在 / first-level reason ${parentId} does not exist`);
    if (!existing && p.validStatus !== 1)
      throw badInput('parentId', `一级原因「${p.name}」已停用 / first-level reason "${p.name}" is disabled`);
    return { parentId, reasonType: p.reasonType };
  },
  inUse: async (tx, row, op) => {
    if (op !== 'delete' || row.parentId !== null) return null;
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dictReasonsT)
      .where(eq(dictReasonsT.parentId, row.id));
    const n = Number(r?.n ?? 0);
    return n
      ? `该原因下还有${n}个二级原因，请先删除 / ${n} second-level reason(s) remain; delete them first`
      : null;
  },
  decorate: async (tx, rows) => {
    const nameOf = await idNames(
      tx,
      dictReasonsT,
      rows.map((r) => r.parentId),
    );
    return rows.map((r) => ({
      ...r,
      parentName: r.parentId === null ? null : (nameOf.get(r.parentId) ?? null),
    }));
  },
});

const childrenOf = async (tx: DbOrTx, ids: number[], onlyValid: boolean) => {
  if (!ids.length) return new Map<number, NonNullable<TDictReasonRow['children']>>();
  const conds = [inArray(dictReasonsT.parentId, ids)];
  if (onlyValid) conds.push(eq(dictReasonsT.validStatus, 1));
  const rows = await tx
    .select({
      id: dictReasonsT.id,
      parentId: dictReasonsT.parentId,
      name: dictReasonsT.name,
      validstatus: dictReasonsT.validStatus,
      sort: dictReasonsT.sort,
      version: dictReasonsT.version,
    })
    .from(dictReasonsT)
    .where(and(...conds))
    .orderBy(asc(dictReasonsT.sort), asc(dictReasonsT.id));
  const out = new Map<number, NonNullable<TDictReasonRow['children']>>();
  for (const { parentId, ...c } of rows)
    if (parentId !== null) out.set(parentId, [...(out.get(parentId) ?? []), c]);
  return out;
};

export async function dictReasonInfo(ctx: MdCtx, id: number): Promise<TDictReasonRow> {
  const r = await dictReasons.detail(ctx, id);
  if (r.parentId !== null) return r;
  return { ...r, children: (await childrenOf(ctx.deps.db, [r.id], false)).get(r.id) ?? [] };
}

export async function dictReasonFindAll(
  ctx: MdCtx,
  reasonType: string | undefined,
): Promise<TDictReasonRow[]> {
  const firsts = await dictReasons.all(ctx, { validstatus: 1, ...(reasonType ? { reasonType } : {}) });
  const kids = await childrenOf(
    ctx.deps.db,
    firsts.map((f) => f.id),
    true,
  );
  return firsts.map((f) => ({ ...f, children: kids.get(f.id) ?? [] }));
}

export async function dictReasonSelect(
  ctx: MdCtx,
  q: { reasonType?: string | undefined; parentId?: number | undefined },
) {
  const rows = await dictReasons.all(ctx, {
    validstatus: 1,
    ...(q.reasonType ? { reasonType: q.reasonType } : {}),
    ...(q.parentId ? { parentId: q.parentId } : {}),
  });
  return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId }));
}

export const dictReasonSaveSecond = (ctx: MdCtx, input: z.output<typeof DictReasonSecondInput>) =>
  dictReasons.save(ctx, { ...input, reasonType: 'refund' } as TDictReasonInput);

/** Deletes every second-level reason of a first-level one, in one transaction. */
export async function dictReasonDeleteByParent(ctx: MdCtx, parentId: number): Promise<void> {
  const parent = await dictReasons.detail(ctx, parentId);
  if (parent.parentId !== null)
    throw badInput('id', `${parentId}不是一级原因 / ${parentId} is not a first-level reason`);
  await ctx.deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(dictReasonsT)
      .where(eq(dictReasonsT.parentId, parentId))
      .returning({ id: dictReasonsT.id, name: dictReasonsT.name });
    await writeAudit(tx, {
      action: 'dictReason.delete',
      target: `fee_dict_reasons:${parentId}`,
      detail: { children: gone },
      userId: ctx.user.id,
      username: ctx.user.username,
      ip: ctx.ip ?? null,
      at: ctx.deps.now(),
    });
  });
}

export type { TSimpleRow };
