// Every import kind names a real JSON batch import endpoint of the contract, and its required columns
// cover the fields the server's row schema cannot do without.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BankAccountInput,
  CityInput,
  CityRankInput,
  ClueTargetInput,
  CourseCategoryInput,
  CourseInput,
  CourseRankInput,
  ImportRowsInput,
  MonthlyAdvanceInput,
  ProvinceTypeInput,
  SchoolCostInput,
  SchoolItemInput,
  SchoolRevenueInput,
  SysDictInput,
} from '@bo/api-sdk';
import { findEndpoint, unwrap } from '../lib/endpoint.js';
import { IMPORTS } from './registry.js';

/**
 * The row schema the server checks each row of a generic `importEndpoint` (rows of any record) with;
 * endpoints whose body types its rows (clues, resources) need no entry.
 */
const ROW_SCHEMAS: Record<string, z.ZodType> = {
  'organisation.provinceTypeImport': ProvinceTypeInput,
  'organisation.schoolItemImport': SchoolItemInput,
  'organisation.cityImport': CityInput,
  'organisation.cityRankImport': CityRankInput,
  'dictionaries.dictImport': SysDictInput,
  'courses.categoryImport': CourseCategoryInput,
  'courses.rankImport': CourseRankInput,
  'courses.courseImport': CourseInput,
  'finance.bankAccountImportRows': BankAccountInput,
  'clueSettings.clueTargetImportRows': ClueTargetInput,
  'schoolFinance.schoolCostImportRows': SchoolCostInput,
  'schoolFinance.schoolRevenueImportRows': SchoolRevenueInput,
  'schoolFinance.centerAdvanceIncomeImportRows': MonthlyAdvanceInput,
  'schoolFinance.centerAdvanceConsumerImportRows': MonthlyAdvanceInput,
  'schoolFinance.consultantAdvanceIncomeImportRows': MonthlyAdvanceInput,
  'schoolFinance.growthConsultantAdvanceIncomeImportRows': MonthlyAdvanceInput,
  'schoolFinance.growthConsultantAdvanceConsumerImportRows': MonthlyAdvanceInput,
};
/** Required fields the server fills itself or takes from another column. */
const SUPPLIED: Record<string, Record<string, string | null>> = {
  // the server resolves the pay type code (or name) of the template to payTypeId
  'finance.bankAccountImportRows': { payTypeId: 'payTypeCode' },
  // the server sets the upload's kind from the endpoint
  ...Object.fromEntries(
    Object.keys(ROW_SCHEMAS)
      .filter((e) => e.includes('AdvanceI') || e.includes('AdvanceC'))
      .map((e) => [e, { kind: null }]),
  ),
};

/** The row schema of an endpoint: listed above, or the element of its typed `rows`. */
function rowSchema(name: string): z.ZodType | undefined {
  const listed = ROW_SCHEMAS[name];
  if (listed) return listed;
  const { endpoint } = findEndpoint(name);
  if (endpoint.body === ImportRowsInput) return undefined;
  const rows =
    endpoint.body instanceof z.ZodObject
      ? (endpoint.body.shape as Record<string, z.ZodType>).rows
      : undefined;
  const arr = rows ? unwrap(rows) : undefined;
  return arr instanceof z.ZodArray ? (arr.element as z.ZodType) : undefined;
}

/** The top-level fields a row cannot leave out: those the schema refuses in an empty row. */
function requiredFields(schema: z.ZodType): string[] {
  const r = schema.safeParse({});
  if (r.success) return [];
  return [...new Set(r.error.issues.map((i) => String(i.path[0] ?? '')).filter(Boolean))].sort();
}

describe('the import registry', () => {
  it('has unique kind names and, per kind, unique headers and fields', () => {
    expect(new Set(IMPORTS.map((k) => k.name)).size).toBe(IMPORTS.length);
    for (const k of IMPORTS) {
      expect(new Set(k.columns.map((c) => c.header)).size, k.name).toBe(k.columns.length);
      expect(new Set(k.columns.map((c) => c.field)).size, k.name).toBe(k.columns.length);
    }
  });

  it.each(IMPORTS.map((k) => [k.name, k] as const))(
    '%s names a batch import endpoint of the contract',
    (_name, k) => {
      const { endpoint } = findEndpoint(k.endpoint);
      expect(endpoint.method).toBe('POST');
      const body = endpoint.body as unknown;
      expect(body).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((body as z.ZodObject).shape)).toEqual(expect.arrayContaining(['rows', 'dryRun']));
    },
  );

  it.each(IMPORTS.map((k) => [k.name, k] as const))(
    "%s: the required columns cover the row schema's required fields",
    (_name, k) => {
      const schema = rowSchema(k.endpoint);
      expect(schema, `no row schema listed for ${k.endpoint}`).toBeDefined();
      if (!schema) return;
      const required = new Set(k.columns.filter((c) => c.required).map((c) => c.field));
      const supplied = SUPPLIED[k.endpoint] ?? {};
      const uncovered = requiredFields(schema).filter((f) => {
        if (required.has(f)) return false;
        if (!(f in supplied)) return true;
        const via = supplied[f];
        return via !== null && via !== undefined && !required.has(via);
      });
      expect(uncovered).toEqual([]);
    },
  );
});
