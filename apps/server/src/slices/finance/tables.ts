// Fee and finance master data: bank accounts, bill/income/pay types, pay function names, tax rates,
// refund reasons, cost and voucher types, currencies, settlement organisations, materiel, dictionary reasons.
import { index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';

/** The columns every simple finance list shares: a unique code, a unique name, a status and an order. */
const simple = () => ({
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  remark: text('remark'),
  validStatus: integer('valid_status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

export const payTypes = pgTable('fee_pay_types', { ...simple(), ...audit });
export const billTypes = pgTable('fee_bill_types', { ...simple(), ...audit });
export const incomeTypes = pgTable(
  'fee_income_types',
  {
    ...simple(),
    /** The bill type an income of this type is billed under. */
    billTypeId: integer('bill_type_id'),
    /** The tax rate applied by default. */
    taxRateId: integer('tax_rate_id'),
    ...audit,
  },
  (t) => [index('fee_income_types_bill_idx').on(t.billTypeId)],
);
export const taxRates = pgTable('fee_tax_rates', {
  ...simple(),
  /** Percent, exact: 0.00 to 100.00. */
  rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
  ...audit,
});
export const payFunctionNames = pgTable(
  'fee_pay_function_names',
  {
    ...simple(),
    payTypeId: integer('pay_type_id').notNull(),
    ...audit,
  },
  (t) => [index('fee_pay_function_names_pay_type_idx').on(t.payTypeId)],
);
export const refundReasons = pgTable('fee_refund_reasons', { ...simple(), ...audit });
export const costTypes = pgTable('fee_cost_types', { ...simple(), ...audit });
export const voucherTypes = pgTable('fee_voucher_types', { ...simple(), ...audit });
export const currencies = pgTable('fee_currencies', {
  ...simple(),
  symbol: text('symbol').notNull().default(''),
  ...audit,
});
export const settlementOrgs = pgTable('fee_settlement_orgs', {
  ...simple(),
  /** Unified social credit code (taxpayer id) of the organisation. */
  taxNo: text('tax_no').notNull().default(''),
  ...audit,
});
export const materiels = pgTable('fee_materiels', {
  ...simple(),
  spec: text('spec').notNull().default(''),
  unit: text('unit').notNull().default(''),
  price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
  ...audit,
});

export const bankAccounts = pgTable(
  'fee_bank_accounts',
  {
    id: serial('id').primaryKey(),
    /** The account number (digits), unique. */
    accountNo: text('account_no').notNull().unique(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    /** Branch (开户支行). */
    branchName: text('branch_name').notNull().default(''),
    schoolItemCode: text('school_item_code').notNull(),
    payTypeId: integer('pay_type_id').notNull(),
    remark: text('remark'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('fee_bank_accounts_school_idx').on(t.schoolItemCode),
    index('fee_bank_accounts_pay_type_idx').on(t.payTypeId),
  ],
);

/** Dictionary reasons in two levels: a first-level reason (parentId null) and its second-level reasons. */
export const dictReasons = pgTable(
  'fee_dict_reasons',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    /** What the reasons are for, e.g. 'refund', 'adjust', 'leave'. */
    reasonType: text('reason_type').notNull().default('refund'),
    name: text('name').notNull(),
    remark: text('remark'),
    validStatus: integer('valid_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('fee_dict_reasons_parent_idx').on(t.parentId),
    unique('fee_dict_reasons_name_uq').on(t.reasonType, t.parentId, t.name).nullsNotDistinct(),
  ],
);
