// The importable kinds: each names its JSON batch import endpoint of the contract (taking
// { rows, dryRun, firstRow } and answering { total, created, updated, unchanged, errors }) and the
// columns of its template. Adding a kind is one entry here (see docs/api.md "CLI").
import {
  SCHOOL_COST_CATEGORIES,
  SCHOOL_REVENUE_CATEGORIES,
  SHEETS,
  exportColumns,
  type SheetDef,
} from '@bo/api-sdk';
import type { EndpointName } from '../lib/endpoint.js';

export interface ImportColumn {
  /** The header text of the template (zh-CN, as users see it). The field name is accepted too. */
  header: string;
  /** The API field name the cell goes to. */
  field: string;
  /** The file must have this column (its cells may still be checked by the server). */
  required?: boolean;
  /** Turns the cell text into the value sent (default: the trimmed text; empty cells are left out). Throw to refuse. */
  parse?: (text: string) => unknown;
  /** A hint shown by `sdk-cli template --help` and in the template's notes. */
  note?: string;
  /** The header as files are written ('校区编码 / campus code'); default `header`. */
  title?: string;
  /** Exported for reading only (a name beside its code): not in the template, ignored on import. */
  readOnly?: boolean;
}

export interface ImportKind {
  /** What the operator types: `sdk-cli import <name> file.xlsx`. */
  name: string;
  description: string;
  endpoint: EndpointName;
  columns: ImportColumn[];
  /**
   * How the endpoint numbers the rows of its errors: 'firstRow' (default) — it takes `firstRow` and
   * reports file rows (the master-data engine); 'index' — 1-based positions in the rows sent.
   */
  rowNumbers?: 'firstRow' | 'index';
  /**
   * The fields a row is matched by. The CLI sends a file in chunks, each its own call, so the dry run
   * settles a key repeated from an earlier chunk itself: 'notice' — the import reports it as a duplicate
   * and creates nothing (clues, resources); 'error' — a row error, as the server gives within one call.
   */
  key?: { fields: string[]; repeat: 'notice' | 'error' };
  /**
   * The kind's spreadsheet declaration shared with the server and the UI (`SHEETS` of the contract):
   * its columns are the template's, the export's (`sdk-cli export <kind>`) and the import's.
   */
  sheet?: SheetDef;
  /**
   * Rows per call when not the importer's 500: the kinds the server checks and writes as sets
   * (clues, students, orders) take up to 5000, so a 100,000-row file is 20 calls, not 200.
   */
  chunkSize?: number;
}

/**
 * Parses a number cell: what a numeric cell gives (see `cellText`), or text of digits with at most one
 * '.'. Separators, commas, spaces and exponents are refused ("10,5" is not guessed to be 105 or 10.5).
 */
export const asNumber = (t: string): number => {
  if (!/^-?\d+(\.\d+)?$/.test(t.trim()))
    throw new Error(
      `不是数字（勿用逗号、空格或科学计数法） / not a number (no commas, spaces or exponents): ${t}`,
    );
  return Number(t.trim());
};
/** 1/0, 是/否, 有效/无效, true/false, valid/invalid → 1 or 0. */
export const asFlag = (t: string): number => {
  const v = t.trim().toLowerCase();
  if (['1', '是', '有效', '启用', 'true', 'yes', 'valid', 'y'].includes(v)) return 1;
  if (['0', '否', '无效', '停用', 'false', 'no', 'invalid', 'n'].includes(v)) return 0;
  throw new Error(`应为 1/0 或 是/否 / expected 1/0 or yes/no: ${t}`);
};

/** The parse of a shared column's format (text and amounts go as typed: the server reads amounts strictly). */
const PARSE = { number: asNumber, flag: asFlag } as const;

/**
 * A kind declared once in the contract's `SHEETS`: its columns (template ones first, then the
 * read-only ones the export adds) with the Chinese half of the header as the name errors are reported by.
 */
const fromSheet = (
  sheet: SheetDef,
  o: { serverReads?: boolean } = {},
): Pick<ImportKind, 'columns' | 'sheet'> => ({
  sheet,
  columns: exportColumns(sheet).map((c): ImportColumn => {
    // `serverReads`: the endpoint reads every cell's text itself (是/否, 男/女), so the CLI sends it as typed.
    const parse =
      !o.serverReads && (c.format === 'number' || c.format === 'flag') ? PARSE[c.format] : undefined;
    return {
      header: (c.header.split(' / ')[0] ?? c.header).trim(),
      title: c.header,
      field: c.field,
      ...(c.required ? { required: true } : {}),
      ...(parse ? { parse } : {}),
      ...(c.note ? { note: c.note } : {}),
      ...(c.readOnly ? { readOnly: true } : {}),
    };
  }),
});

/** The columns of a kind's template (the read-only ones are only exported). */
export const templateOf = (kind: ImportKind): ImportColumn[] => kind.columns.filter((c) => !c.readOnly);

/** The month and campus columns of the monthly campus uploads (school cost, revenue, the five advances). */
const monthCampus: ImportColumn[] = [
  { header: '月份', field: 'month', required: true, note: 'YYYY-MM' },
  { header: '校区编码', field: 'schoolItemCode', required: true },
];
/** One amount column per category (房租, 人工成本 …), as the server's template names them. */
const amounts = (categories: readonly { key: string; name: string }[]): ImportColumn[] =>
  categories.map((c) => ({ header: c.name, field: c.key, note: 'amount ≥ 0 with ≤ 2 decimals (default 0)' }));
/** A monthly advance upload: per campus, or per campus and employee (the consultant kinds). */
const monthlyAdvance = (
  name: string,
  description: string,
  endpoint: EndpointName,
  perEmployee: boolean,
): ImportKind => ({
  name,
  description: `${description} (upsert by month + campus${perEmployee ? ' + employee' : ''})`,
  endpoint,
  columns: [
    ...monthCampus,
    ...(perEmployee ? [{ header: '员工编码', field: 'employeeCode', required: true }] : []),
    { header: '金额', field: 'amount', required: true, note: 'amount ≥ 0 with ≤ 2 decimals' },
  ],
});

/**
 * The registry. An entry is a few lines, e.g.:
 *
 *   { name: 'campuses', description: 'Campuses (校区)', endpoint: 'organisation.campusImportRows',
 *     columns: [{ header: '校区编码', field: 'code', required: true }, { header: '校区名称', field: 'name', required: true },
 *               { header: '状态', field: 'validstatus', parse: asFlag }] },
 */
export const IMPORTS: ImportKind[] = [
  {
    name: 'regions',
    key: { fields: ['code'], repeat: 'error' },
    description: '区域 regions (upsert by code)',
    endpoint: 'organisation.provinceTypeImport',
    ...fromSheet(SHEETS.regions),
  },
  {
    name: 'campuses',
    key: { fields: ['code'], repeat: 'error' },
    description: '校区 campuses (upsert by code)',
    endpoint: 'organisation.schoolItemImport',
    ...fromSheet(SHEETS.campuses),
  },
  {
    name: 'cities',
    key: { fields: ['code'], repeat: 'error' },
    description: '城市 cities (upsert by code)',
    endpoint: 'organisation.cityImport',
    ...fromSheet(SHEETS.cities),
  },
  {
    name: 'cityRanks',
    key: { fields: ['code'], repeat: 'error' },
    description: '城市级别 city ranks (upsert by code)',
    endpoint: 'organisation.cityRankImport',
    ...fromSheet(SHEETS.cityRanks),
  },
  {
    name: 'dictionaries',
    key: { fields: ['dictType', 'code'], repeat: 'error' },
    description: '字典项 dictionary items (upsert by dictType + code)',
    endpoint: 'dictionaries.dictImport',
    ...fromSheet(SHEETS.dictionaries),
  },
  {
    name: 'courseCategories',
    key: { fields: ['code'], repeat: 'error' },
    description: '课程类别 course categories (upsert by code)',
    endpoint: 'courses.categoryImport',
    ...fromSheet(SHEETS.courseCategories),
  },
  {
    name: 'courseRanks',
    key: { fields: ['code'], repeat: 'error' },
    description: '课程级别 course ranks (upsert by code)',
    endpoint: 'courses.rankImport',
    ...fromSheet(SHEETS.courseRanks),
  },
  {
    name: 'courses',
    key: { fields: ['code'], repeat: 'error' },
    description: '课程 courses (upsert by code)',
    endpoint: 'courses.courseImport',
    ...fromSheet(SHEETS.courses),
  },
  {
    name: 'clues',
    key: { fields: ['phone'], repeat: 'notice' },
    description: '线索 clues (duplicates by phone are reported, not created)',
    endpoint: 'clues.importRows',
    rowNumbers: 'index',
    chunkSize: 5000,
    ...fromSheet(SHEETS.clues, { serverReads: true }),
  },
  {
    name: 'students',
    key: { fields: ['phone'], repeat: 'notice' },
    description:
      '学员档案 students (a phone already held by a student or active clue is reported, not created)',
    endpoint: 'students.importRows',
    rowNumbers: 'index',
    chunkSize: 5000,
    ...fromSheet(SHEETS.students, { serverReads: true }),
  },
  {
    name: 'employees',
    key: { fields: ['code'], repeat: 'error' },
    description:
      '员工 employees (upsert by 工号; campus, post, type, rank by name or code; campuses and subjects as names separated by 、)',
    endpoint: 'employees.employeeImport',
    ...fromSheet(SHEETS.employees, { serverReads: true }),
  },
  {
    name: 'orders',
    key: { fields: ['legacyCode'], repeat: 'error' },
    description:
      '历史订单 legacy orders with their payment (one course line each; paid in full → effective, hours in the ledger; a legacy number imported before is skipped)',
    endpoint: 'orders.importRows',
    rowNumbers: 'index',
    chunkSize: 1000,
    ...fromSheet(SHEETS.orders, { serverReads: true }),
  },
  {
    name: 'resources',
    key: { fields: ['phone'], repeat: 'notice' },
    description: '资源 e-sales resources (duplicates by phone are reported, not created)',
    endpoint: 'resources.importRows',
    rowNumbers: 'index',
    ...fromSheet(SHEETS.resources, { serverReads: true }),
  },
  {
    name: 'bankAccounts',
    description: '银行账户 bank accounts (pay type by code or name)',
    endpoint: 'finance.bankAccountImportRows',
    ...fromSheet(SHEETS.bankAccounts),
  },
  {
    name: 'clueTargets',
    description: '线索目标 clue targets (upsert by year + type + campus + employee)',
    endpoint: 'clueSettings.clueTargetImportRows',
    columns: [
      { header: '年份', field: 'targetYear', required: true, parse: asNumber },
      {
        header: '目标类型',
        field: 'targetType',
        required: true,
        parse: asNumber,
        note: '1 校区 campus, 2 顾问 consultant',
      },
      { header: '校区编码', field: 'schoolItemCode', required: true },
      { header: '员工编码', field: 'employeeCode', note: 'consultant targets (type 2)' },
      ...Array.from({ length: 12 }, (_, i): ImportColumn => ({
        header: `${i + 1}月`,
        field: `m${i + 1}`,
        parse: asNumber,
      })),
      { header: '备注', field: 'remark' },
    ],
  },
  {
    name: 'schoolCosts',
    description: '校区成本 monthly campus costs (upsert by month + campus)',
    endpoint: 'schoolFinance.schoolCostImportRows',
    columns: [...monthCampus, ...amounts(SCHOOL_COST_CATEGORIES)],
  },
  {
    name: 'schoolRevenues',
    description: '校区收入 monthly campus revenue (upsert by month + campus)',
    endpoint: 'schoolFinance.schoolRevenueImportRows',
    columns: [...monthCampus, ...amounts(SCHOOL_REVENUE_CATEGORIES)],
  },
  monthlyAdvance(
    'center-monthly-advance-income',
    '中心月度预收收入 centre monthly advance income',
    'schoolFinance.centerAdvanceIncomeImportRows',
    false,
  ),
  monthlyAdvance(
    'center-monthly-advance-consumer',
    '中心月度预收消耗 centre monthly advance consumption',
    'schoolFinance.centerAdvanceConsumerImportRows',
    false,
  ),
  monthlyAdvance(
    'consultant-monthly-advance-income',
    '顾问月度预收收入 consultant monthly advance income',
    'schoolFinance.consultantAdvanceIncomeImportRows',
    true,
  ),
  monthlyAdvance(
    'growth-consultant-monthly-advance-income',
    '成长顾问月度预收收入 growth consultant monthly advance income',
    'schoolFinance.growthConsultantAdvanceIncomeImportRows',
    true,
  ),
  monthlyAdvance(
    'growth-consultant-monthly-advance-consumer',
    '成长顾问月度预收消耗 growth consultant monthly advance consumption',
    'schoolFinance.growthConsultantAdvanceConsumerImportRows',
    true,
  ),
];

export function findImport(name: string, registry: readonly ImportKind[] = IMPORTS): ImportKind | undefined {
  return registry.find((k) => k.name === name);
}
