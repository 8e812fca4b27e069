// Generated over the master-data engine's registry (issue 33 §6): every deletable record type declares
// which columns name it (`usedBy`) or why none can (`unused`); for every table column the engine finds,
// a fresh record is named by an existing row, its delete is refused (422 naming what uses it, suggesting
// to disable) and the row is unchanged; once the row lets go, the delete succeeds. A new deletable type
// without a declaration, or without a fixture here, fails this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import '../src/slices/index.js';
import { recordTypes, schemaTables, type UsageColumn } from '../src/shared/masterdata/index.js';
import { usageCondition, usesOf } from '../src/shared/masterdata/usage.js';
import { USAGE_TABLE_LABELS } from '../src/shared/masterdata/usageLabels.js';
import { courses } from '../src/db/schema.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
}, 120_000);
afterAll(async () => t?.close());

let seq = 0;
const uniq = () => `${Date.now() % 100000}${(seq += 1)}`;

/** A fresh record of a type that the column can name: the value the column takes and how to delete it. */
type Fixture = (col: UsageColumn) => Promise<{ value: string | number; remove: () => Promise<unknown> }>;

/** The dictionary type whose codes a column keeps (the sysDict declarations, read back). */
const DICT_OF_COLUMN: Record<string, string> = {
  business_type_code: 'business_type',
  course_type_code: 'assist_course_type',
  family_code: 'post_family',
  gender: 'gender',
  teaching_mode: 'teaching_mode',
  purchase_unit: 'purchase_unit',
  type_calendar: 'calendar_type',
};

const FIXTURES: Record<string, Fixture> = {
  course: async () => {
    const [c] = await t.deps.db.select().from(courses).limit(1);
    if (!c) throw new Error('the demo seed has courses');
    const n = uniq();
    const row = await admin.courses.courseSave({
      body: {
        code: `UT${n}`,
        name: `用量测试课程${n}`,
        coursecategorycode: c.categoryCode,
        courserankcode: c.rankCode,
        price: '100.00',
      },
    });
    return { value: row.code, remove: () => admin.courses.courseDelete({ params: { id: row.id } }) };
  },
  sysDict: async (col) => {
    const dictType = DICT_OF_COLUMN[col.columnName];
    if (!dictType) throw new Error(`no dictionary type known for ${col.columnName}`);
    const numeric = col.column.dataType === 'number';
    const code = numeric ? String(700 + (seq += 1)) : `UT${uniq()}`;
    const row = await admin.dictionaries.dictSave({ body: { dictType, code, name: `用量测试${uniq()}` } });
    return {
      value: numeric ? Number(code) : code,
      remove: () => admin.dictionaries.dictDelete({ query: { id: row.id } }),
    };
  },
  tag: async () => {
    const row = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: `UT${uniq()}` } });
    return { value: row.id, remove: () => admin.dictionaries.tagDelete({ body: { id: row.id } }) };
  },
  channelGroup: async () => {
    const code = `UTG${uniq()}`;
    await admin.dictionaries.channelGroupSave({ body: { code, name: `用量测试分组${code}` } });
    return { value: code, remove: () => admin.dictionaries.channelGroupDelete({ query: { code } }) };
  },
  dictReason: async () => {
    const row = await admin.finance.dictReasonSave({
      body: { reasonType: 'refund', name: `用量测试${uniq()}` },
    });
    return { value: row.id, remove: () => admin.finance.dictReasonDeleteById({ params: { id: row.id } }) };
  },
  customerIntention: async () => {
    const code = `UTI${uniq()}`;
    await admin.clueSettings.customerIntentionSave({ body: { code, name: `用量测试意向${code}` } });
    return { value: code, remove: () => admin.clueSettings.customerIntentionDelete({ query: { code } }) };
  },
};

const deletable = recordTypes().filter((r) => r.deletable);

/** Using tables the demo data leaves empty: their column is checked by the refusal's query alone. */
const NO_DEMO_ROWS: Record<string, string[]> = {
  course: ['promo_terms', 'teaching_study_authorisations'],
};

/**
 * Points an existing row at the fresh record (and back), bypassing the triggers for the statement:
 * the ledger is append-only and its rollups follow it by trigger, while this only borrows a row.
 */
const write = (statement: SQL) =>
  t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('the registry of deletable master data', () => {
  it('knows the deletable types, each declaring who names it or why no one can', () => {
    expect(deletable.map((r) => r.name).sort()).toEqual(
      expect.arrayContaining(['course', 'sysDict', 'tag', 'channelGroup', 'dictReason', 'customerIntention']),
    );
    for (const r of deletable) {
      if (r.unused) expect(r.unused.length, r.name).toBeGreaterThan(20);
      else {
        expect(r.columns().length, `${r.name} declares usedBy but no table has its columns`).toBeGreaterThan(
          0,
        );
        expect(FIXTURES[r.name], `${r.name}: add a fixture to this file`).toBeDefined();
      }
    }
  });

  it('names every using table in the user’s words', () => {
    const unnamed = deletable.flatMap((r) =>
      r.unused
        ? []
        : r
            .columns()
            .filter((c) => !USAGE_TABLE_LABELS[c.tableName])
            .map((c) => c.tableName),
    );
    expect(unnamed, 'add these tables to shared/masterdata/usageLabels.ts').toEqual([]);
  });

  it('misses no column named like a declared one (source_course_code is a course too)', () => {
    const missed: string[] = [];
    for (const r of deletable) {
      if (r.unused) continue;
      const found = new Set(r.columns().map((c) => `${c.tableName}.${c.columnName}`));
      for (const decl of r.usedBy ?? []) {
        if (decl.only) continue;
        for (const table of schemaTables()) {
          const name = getTableName(table);
          if (decl.except?.[name] !== undefined) continue;
          for (const c of Object.values(getTableColumns(table)))
            if (decl.columns.some((d) => c.name.endsWith(`_${d}`)) && !found.has(`${name}.${c.name}`))
              missed.push(`${r.name}: ${name}.${c.name}`);
        }
      }
    }
    expect(missed, 'declare these columns in the type’s usedBy (or except them with the reason)').toEqual([]);
  });
});

describe('a record in use cannot be deleted', () => {
  for (const r of deletable.filter((x) => !x.unused)) {
    it(`${r.name}: every table naming it refuses the delete and keeps its row`, async () => {
      const db = t.deps.db;
      const empty: string[] = [];
      for (const col of r.columns()) {
        const where = col.kind === 'scalar' ? sql`${col.column} is not null` : sql`true`;
        const rows = (await db.execute(
          sql`select ctid::text as ctid, ${col.column} as old from ${col.table} where ${where} limit 1`,
        )) as unknown as { rows: Array<{ ctid: string; old: unknown }> };
        const row = rows.rows[0];
        if (!row) {
          // No demo row to borrow: the refusal's query over this column still runs on every delete.
          empty.push(col.tableName);
          await expect(usesOf(db, [col], { [col.decl.field ?? r.key]: 'UT-NONE' }, r.key)).resolves.toEqual(
            [],
          );
          continue;
        }
        const rec = await (FIXTURES[r.name] ?? (() => Promise.reject(new Error(`no fixture for ${r.name}`))))(
          col,
        );
        const named = usageCondition(col, rec.value);
        const element = typeof rec.value === 'number' ? sql`${rec.value}::int` : sql`${rec.value}::text`;
        const set = sql`update ${col.table} set ${sql.identifier(col.columnName)}`;
        await write(
          col.kind === 'array'
            ? sql`${set} = array_append(${col.column}, ${element}) where ctid = ${row.ctid}::tid`
            : col.kind === 'json'
              ? sql`${set} = ${col.column}::jsonb || jsonb_build_array(${element}) where ctid = ${row.ctid}::tid`
              : sql`${set} = ${rec.value} where ctid = ${row.ctid}::tid`,
        );
        const what = `${r.name} named by ${col.tableName}.${col.columnName}`;
        const e = await expectApiError(rec.remove(), ErrorCode.rule);
        const label = USAGE_TABLE_LABELS[col.tableName] ?? col.tableName;
        expect(e.message, what).toContain(`(1 ${label.split(' / ').pop() ?? label}`);
        expect(e.message, what).toContain('disable it instead');
        const kept = (await db.execute(
          sql`select count(*)::int as n from ${col.table} where ${named}`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(Number(kept.rows[0]?.n), what).toBe(1);
        // Let go of it: the delete then goes through (the refusal was the use, nothing else).
        await write(
          col.kind === 'array'
            ? sql`${set} = array_remove(${col.column}, ${element}) where ${named}`
            : col.kind === 'json'
              ? sql`${set} = ${JSON.stringify(row.old)}::jsonb where ${named}`
              : sql`${set} = ${row.old} where ${named}`,
        );
        expect(await rec.remove(), what).toBe(true);
      }
      // What the demo data has no row of (checked by its query only), so a table losing its demo rows is noticed.
      expect(empty.sort(), r.name).toEqual((NO_DEMO_ROWS[r.name] ?? []).sort());
    });
  }
});
