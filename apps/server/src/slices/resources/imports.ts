// Resource imports: the JSON batch (CLI) and the xlsx upload. All rows are checked first: any error and
// nothing is written; phones held by an active resource or clue (or an earlier row) are reported, not created.
import { and, eq, inArray } from 'drizzle-orm';
import {
  BirthDate,
  MOBILE_MESSAGE,
  SHEETS,
  isMobile,
  templateColumns,
  type DownloadResult,
} from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../http/auth.js';
import type { DbOrTx } from '../../db/client.js';
import { writeAudit } from '../../shared/audit.js';
import { sheetXlsxColumns } from '../../shared/masterdata/index.js';
import {
  importResultFile,
  readSheet,
  sheetLimits,
  templateFile,
  type XlsxColumn,
} from '../../shared/xlsx.js';
import { clueChannels, clues, provinceTypes, schoolItems, users } from '../../db/schema.js';
import { ACTIVE } from '../clues/index.js';
import { resourceFlows, resources } from './tables.js';
import { ACTIVE_RES } from './states.js';
import { inScope, isManager } from './common.js';
import { insertResource } from './service.js';

/** The resource template and upload: the columns of the contract's sheet (SHEETS.resources). */
export const RESOURCE_COLUMNS: XlsxColumn[] = sheetXlsxColumns(templateColumns(SHEETS.resources));

type Row = Record<string, unknown>;
type RowError = { row: number; column: string; reason: string };
type Duplicate = { row: number; phone: string; owner: string };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** Who holds each phone, in bulk: a working resource first, else an active clue (the clue slice's ACTIVE states). */
async function phoneHolders(db: DbOrTx, phones: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < phones.length; i += 1000) {
    const chunk = phones.slice(i, i + 1000);
    const cl = await db
      .select({
        phone: clues.phone,
        cluecode: clues.cluecode,
        flowState: clues.flowState,
        ownerName: users.name,
        campus: schoolItems.name,
      })
      .from(clues)
      .leftJoin(users, eq(users.id, clues.ownerUserId))
      .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
      .where(and(inArray(clues.phone, chunk), inArray(clues.flowState, [...ACTIVE])));
    for (const c of cl)
      out.set(c.phone, `线索 ${c.cluecode} ${c.ownerName ?? c.flowState} ${c.campus ?? ''}`.trim());
    const rs = await db
      .select({ phone: resources.phone, rescode: resources.rescode, ownerName: users.name })
      .from(resources)
      .leftJoin(users, eq(users.id, resources.ownerUserId))
      .where(and(inArray(resources.phone, chunk), inArray(resources.status, [...ACTIVE_RES])));
    for (const r of rs) out.set(r.phone, `资源 ${r.rescode} ${r.ownerName ?? '资源池'}`);
  }
  return out;
}

export interface ImportOutcome {
  total: number;
  created: number;
  skipped: number;
  errors: RowError[];
  duplicates: Duplicate[];
}

export async function importRows(
  deps: AppDeps,
  u: AuthUser,
  rows: Row[],
  dryRun: boolean,
  ip: string,
): Promise<ImportOutcome> {
  const now = deps.now();
  const errors: RowError[] = [];
  const duplicates: Duplicate[] = [];
  const campuses = new Map(
    (
      await deps.db.select({ code: schoolItems.code, region: schoolItems.provinceTypeCode }).from(schoolItems)
    ).map((r) => [r.code, r.region]),
  );
  const regions = new Set(
    (await deps.db.select({ code: provinceTypes.code }).from(provinceTypes)).map((r) => r.code),
  );
  const channels = new Set(
    (await deps.db.select({ code: clueChannels.code }).from(clueChannels)).map((r) => r.code),
  );
  const checked = rows.map((r, i) => {
    const row = i + 1;
    const err = (column: string, reason: string) => errors.push({ row, column, reason });
    const name = str(r.name);
    if (!name) err('name', '必填 / required');
    else if (name.length > 50) err('name', '最多50字 / at most 50 characters');
    const phone = str(r.phone);
    if (!isMobile(phone)) err('phone', MOBILE_MESSAGE);
    const childName = str(r.childName);
    if (childName.length > 50) err('childName', '最多50字 / at most 50 characters');
    const gRaw = str(r.gender);
    const gender = gRaw === '' ? 0 : gRaw === '男' ? 1 : gRaw === '女' ? 2 : Number(gRaw);
    if (![0, 1, 2].includes(gender)) err('gender', '0, 1 (男) or 2 (女)');
    const birthDate = str(r.birthDate) || null;
    if (birthDate && (!BirthDate.safeParse(birthDate).success || isAfterToday(birthDate, now)))
      err('birthDate', 'YYYY-MM-DD, not in the future');
    const campus = str(r.schoolItemCode) || null;
    let region = str(r.provinceTypeCode) || null;
    if (campus) {
      const cr = campuses.get(campus);
      if (!cr) err('schoolItemCode', '校区不存在 / no such campus');
      else if (region && region !== cr)
        err('provinceTypeCode', `与校区所在区域不符 / does not match the campus's region ${cr}`);
      else region = cr;
    } else if (region && !regions.has(region)) err('provinceTypeCode', '区域不存在 / no such region');
    if (!u.allScope) {
      if (!campus && !region) err('schoolItemCode', '请填写校区或区域 / a campus or a region is required');
      else if (!inScope(u, { schoolItemCode: campus, provinceTypeCode: region }))
        err(campus ? 'schoolItemCode' : 'provinceTypeCode', '不在您的范围内 / outside your scope');
    }
    const channel = str(r.channel) || null;
    if (channel && channels.size && !channels.has(channel)) err('channel', '渠道不存在 / no such channel');
    const level = str(r.level).toUpperCase() || null;
    if (level && !['A', 'B', 'C', 'D'].includes(level)) err('level', 'A, B, C or D');
    const note = str(r.note);
    if (note.length > 1000) err('note', '最多1000字 / at most 1000 characters');
    return { row, name, phone, childName, gender, birthDate, campus, region, channel, level, note };
  });
  const seen = new Map<string, number>();
  const fresh: typeof checked = [];
  const bad = new Set(errors.map((e) => e.row));
  const holders = await phoneHolders(deps.db, [
    ...new Set(checked.filter((x) => !bad.has(x.row)).map((x) => x.phone)),
  ]);
  for (const x of checked) {
    if (bad.has(x.row)) continue;
    const earlier = seen.get(x.phone);
    const holder = holders.get(x.phone);
    if (holder) duplicates.push({ row: x.row, phone: x.phone, owner: holder });
    else if (earlier)
      duplicates.push({ row: x.row, phone: x.phone, owner: `第${earlier}行 / row ${earlier}` });
    else {
      seen.set(x.phone, x.row);
      fresh.push(x);
    }
  }
  const total = rows.length;
  if (errors.length) return { total, created: 0, skipped: total, errors, duplicates };
  // A dry run answers what the import would do: the same counts, nothing written.
  if (dryRun) return { total, created: fresh.length, skipped: total - fresh.length, errors, duplicates };
  const owner = isManager(u) ? null : u.id;
  await deps.db.transaction(async (tx) => {
    for (const x of fresh) {
      const r = await insertResource(tx, {
        name: x.name,
        childName: x.childName,
        gender: x.gender,
        birthDate: x.birthDate,
        phone: x.phone,
        schoolItemCode: x.campus,
        provinceTypeCode: x.region,
        channelCode: x.channel,
        level: x.level,
        note: x.note,
        status: owner ? 'assigned' : 'new',
        ownerUserId: owner,
        assignedAt: owner ? now : null,
        source: 'import',
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(resourceFlows).values({
        resourceId: r.id,
        action: 'create',
        fromStatus: null,
        toStatus: r.status,
        content: 'import',
        userId: u.id,
        createdAt: now,
      });
    }
    await writeAudit(tx, {
      action: 'resource.import',
      target: 'resources',
      detail: { created: fresh.length, duplicates: duplicates.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
  return { total, created: fresh.length, skipped: total - fresh.length, errors, duplicates };
}

/**
 * The xlsx upload: a JSON message when every row was created; the import-result workbook when any row
 * failed (nothing written; every row listed with its reasons) or was a duplicate (the others were created;
 * the duplicates listed with their holder).
 */
export async function importFile(
  deps: AppDeps,
  u: AuthUser,
  data: Buffer,
  ip: string,
): Promise<DownloadResult | { message: string }> {
  const sheet = await readSheet(data, RESOURCE_COLUMNS, sheetLimits(deps.config));
  const r = await importRows(
    deps,
    u,
    sheet.map((x) => x.values),
    false,
    ip,
  );
  const fileRow = (i: number) => sheet[i - 1]?.rowNo ?? i;
  if (r.errors.length)
    return importResultFile(
      RESOURCE_COLUMNS,
      sheet,
      r.errors.map((e) => ({ ...e, row: fileRow(e.row) })),
      deps.now(),
    );
  if (r.duplicates.length) {
    const dupRows = new Set(r.duplicates.map((d) => fileRow(d.row)));
    return importResultFile(
      RESOURCE_COLUMNS,
      sheet.filter((s) => dupRows.has(s.rowNo)),
      r.duplicates.map((d) => ({
        row: fileRow(d.row),
        column: 'phone',
        reason: `重复，已存在：${d.owner}（本次新增${r.created}行） / duplicate of ${d.owner} (${r.created} rows created)`,
      })),
      deps.now(),
    );
  }
  return { message: `导入成功，新增${r.created}条资源 / imported ${r.created} resources` };
}

export const importTemplate = () =>
  templateFile('电销资源', RESOURCE_COLUMNS, [
    {
      name: '王女士',
      phone: '13900001111',
      childName: '小明',
      gender: '男',
      birthDate: '2021-05-01',
      schoolItemCode: 'SH01',
      level: 'B',
      note: '',
    },
  ]);
