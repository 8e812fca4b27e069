import { SHEETS, templateColumns, type contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { sheetXlsxColumns, simpleHandlers, statusOf } from '../../shared/masterdata/index.js';
import { runFileImport, sheetLimits, templateFile, type XlsxColumn } from '../../shared/xlsx.js';
import * as s from './service.js';

const pay = simpleHandlers(s.payTypes);
const bill = simpleHandlers(s.billTypes);
const income = simpleHandlers(s.incomeTypes);
const payFn = simpleHandlers(s.payFunctionNames);
const tax = simpleHandlers(s.taxRates);
const refund = simpleHandlers(s.refundReasons);
const cost = simpleHandlers(s.costTypes);
const voucher = simpleHandlers(s.voucherTypes);
const currency = simpleHandlers(s.currencies);
const org = simpleHandlers(s.settlementOrgs);
const materiel = simpleHandlers(s.materiels);

/** The bank account template and upload: the columns of the contract's sheet (SHEETS.bankAccounts). */
export const BANK_ACCOUNT_COLUMNS: XlsxColumn[] = sheetXlsxColumns(templateColumns(SHEETS.bankAccounts));

export const financeHandlers: SliceHandlers<typeof contract.finance> = {
  bankAccountList: (ctx) => s.bankAccounts.page(ctx, ctx.query),
  bankAccountSave: (ctx) => s.bankAccounts.save(ctx, ctx.body),
  bankAccountUpdateStatus: async (ctx) => {
    await s.bankAccounts.updateStatus(ctx, ctx.body.id, statusOf(ctx.body), 'id');
    return true;
  },
  bankAccountDetail: (ctx) => s.bankAccounts.detail(ctx, ctx.query.id, 'id'),
  queryBankAccounts: (ctx) => s.queryBankAccounts(ctx, ctx.body),
  bankAccountImportRows: (ctx) => s.importBankAccounts(ctx, ctx.body.rows, ctx.body),
  bankAccountImport: (ctx) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: BANK_ACCOUNT_COLUMNS,
      today: ctx.deps.now(),
      importRows: (rows, o) => s.importBankAccounts(ctx, rows, o),
    }),
  bankAccountTemplate: () =>
    templateFile('银行账户', BANK_ACCOUNT_COLUMNS, [
      {
        accountNo: '6225880212345678',
        accountName: '上海某某教育科技有限公司',
        bankName: '招商银行',
        branchName: '上海徐汇支行',
        schoolItemCode: 'SH01',
        payTypeCode: 'BANK',
        remark: '',
      },
    ]),

  payTypeList: pay.list,
  payTypeSave: pay.save,
  payTypeUpdateStatus: pay.status,
  payTypeDetail: pay.detail,
  payTypes: (ctx) => s.payTypeOptions(ctx),

  billTypeList: bill.list,
  billTypeSave: bill.save,
  billTypeUpdateStatus: bill.status,
  billTypeDetail: bill.detail,
  billTypes: (ctx) => s.billTypeOptions(ctx),

  incomeTypeList: income.list,
  incomeTypeSave: income.save,
  incomeTypeUpdateStatus: income.status,
  incomeTypeDetail: income.detail,
  queryIncomeTypes: (ctx) => s.queryIncomeTypes(ctx, ctx.body),

  payFunctionNamePage: payFn.page,
  payFunctionNameSave: payFn.save,
  payFunctionNameUpdateStatus: payFn.status,
  payFunctionNameDetail: payFn.detail,

  taxRatePage: tax.page,
  taxRateSave: tax.save,
  taxRateUpdateStatus: tax.status,
  taxRateDetail: tax.detail,

  refundReasonList: refund.list,
  refundReasonSave: refund.save,
  refundReasonUpdateStatus: refund.status,
  refundReasonDetail: refund.detail,

  costTypeList: cost.list,
  costTypeSave: cost.save,
  costTypeUpdateStatus: cost.status,
  costTypeDetail: cost.detail,

  voucherTypeList: voucher.list,
  voucherTypeSave: voucher.save,
  voucherTypeUpdateStatus: voucher.status,
  voucherTypeDetail: voucher.detail,

  currencyList: currency.list,
  currencySave: currency.save,
  currencyUpdateStatus: currency.status,
  currencyDetail: currency.detail,

  settlementOrgList: org.list,
  settlementOrgSave: org.save,
  settlementOrgUpdateStatus: org.status,
  settlementOrgDetail: org.detail,

  materielList: materiel.list,
  materielSave: materiel.save,
  materielUpdateStatus: materiel.status,
  materielDetail: materiel.detail,

  dictReasonPage: (ctx) => s.dictReasons.page(ctx, ctx.body),
  dictReasonSave: (ctx) => s.dictReasons.save(ctx, ctx.body),
  dictReasonUpdate: (ctx) => s.dictReasons.save(ctx, ctx.body as Parameters<typeof s.dictReasons.save>[1]),
  dictReasonSaveSecond: (ctx) => s.dictReasonSaveSecond(ctx, ctx.body),
  dictReasonInfo: (ctx) => s.dictReasonInfo(ctx, ctx.params.id),
  dictReasonSelect: (ctx) => s.dictReasonSelect(ctx, ctx.query),
  dictReasonFindAll: (ctx) => s.dictReasonFindAll(ctx, ctx.query.reasonType),
  dictReasonDeleteById: async (ctx) => {
    await s.dictReasons.remove(ctx, ctx.params.id);
    return true;
  },
  dictReasonDeleteByParentId: async (ctx) => {
    await s.dictReasonDeleteByParent(ctx, ctx.params.id);
    return true;
  },
};
