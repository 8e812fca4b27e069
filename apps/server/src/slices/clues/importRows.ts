// The CLI batch import: every row checked first, nothing written on any error.
import { BirthDate, MOBILE_MESSAGE, isMobile, type contract } from '@bo/api-sdk';
import { isAfterToday } from '@bo/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { type AuthUser } from '../../http/auth.js';
import { writeAudit } from '../../shared/audit.js';
import { schoolItems } from '../../db/schema.js';
import { clueEvents } from './tables.js';
import { activeHolder } from './people.js';
import { assertSettingsCodes, enterPool, insertClue } from './creation.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;

const ImportLine = (now: Date) => ({
  check(
    r: Body<'importRows'>['rows'][number],
    i: number,
    errors: Array<{ row: number; column: string; reason: string }>,
  ) {
    const row = i + 1;
    const err = (column: string, reason: string) => errors.push({ row, column, reason });
    const phone = String(r.phone ?? '').trim();
    if (!isMobile(phone)) err('phone', MOBILE_MESSAGE);
    if (!String(r.childName ?? '').trim()) err('childName', '必填 / required');
    if (!String(r.parentName ?? '').trim()) err('parentName', '必填 / required');
    const g =
      r.gender === undefined || r.gender === ''
        ? 0
        : r.gender === '男'
          ? 1
          : r.gender === '女'
            ? 2
            : Number(r.gender);
    if (![0, 1, 2].includes(g)) err('gender', '0, 1 (男) or 2 (女)');
    const bd = r.birthDate ? String(r.birthDate).trim() : null;
    if (bd && (!BirthDate.safeParse(bd).success || isAfterToday(bd, now)))
      err('birthDate', 'YYYY-MM-DD, not in the future');
    return { phone, gender: g, birthDate: bd };
  },
});

export async function importRows(deps: AppDeps, u: AuthUser, b: Body<'importRows'>, ip: string) {
  const now = deps.now();
  const errors: Array<{ row: number; column: string; reason: string }> = [];
  const duplicates: Array<{ row: number; phone: string; owner: string }> = [];
  const campuses = new Set(
    (await deps.db.select({ code: schoolItems.code }).from(schoolItems)).map((r) => r.code),
  );
  const line = ImportLine(now);
  const checked = b.rows.map((r, i) => {
    const v = line.check(r, i, errors);
    const campus = r.schoolItemCode ? String(r.schoolItemCode).trim() : null;
    if (campus && !campuses.has(campus))
      errors.push({ row: i + 1, column: 'schoolItemCode', reason: '校区不存在 / no such campus' });
    else if (campus && !u.allScope && !u.schoolItems.includes(campus))
      errors.push({
        row: i + 1,
        column: 'schoolItemCode',
        reason: '校区不在您的范围内 / campus outside your scope',
      });
    else if (!campus && !u.allScope)
      errors.push({ row: i + 1, column: 'schoolItemCode', reason: '必填 / required' });
    return { r, ...v, campus, i };
  });
  for (const x of checked) {
    for (const [column, value] of [
      ['channel', x.r.channel],
      ['intention', x.r.intention],
    ] as const) {
      if (!value) continue;
      try {
        await assertSettingsCodes(deps.db, { [column]: value.trim() }, '');
      } catch {
        errors.push({ row: x.i + 1, column, reason: '代码不存在或已停用 / no such valid code' });
      }
    }
  }
  const seen = new Map<string, number>();
  const fresh: typeof checked = [];
  for (const [i, x] of checked.entries()) {
    if (errors.some((e) => e.row === i + 1)) continue;
    const h = await activeHolder(deps.db, x.phone);
    const earlier = seen.get(x.phone);
    if (h)
      duplicates.push({
        row: i + 1,
        phone: x.phone,
        owner: `${h.c.cluecode} ${h.ownerName ?? h.c.flowState} ${h.schoolItemName ?? ''}`.trim(),
      });
    else if (earlier) duplicates.push({ row: i + 1, phone: x.phone, owner: `row ${earlier}` });
    else {
      seen.set(x.phone, i + 1);
      fresh.push(x);
    }
  }
  const result = {
    total: b.rows.length,
    created: 0,
    skipped: b.rows.length - fresh.length,
    errors,
    duplicates,
  };
  if (errors.length) return { ...result, skipped: b.rows.length };
  // A dry run answers what the import would do: the same counts, nothing written.
  if (b.dryRun) return { ...result, created: fresh.length };
  await deps.db.transaction(async (tx) => {
    for (const x of fresh) {
      const c = await insertClue(tx, {
        childName: x.r.childName.trim(),
        gender: x.gender,
        birthDate: x.birthDate,
        parentName: x.r.parentName.trim(),
        phone: x.phone,
        relation: x.r.relation?.trim() ?? '',
        schoolItemCode: x.campus,
        channelCode: x.r.channel?.trim() || null,
        intention: x.r.intention?.trim() || null,
        note: x.r.note?.trim() ?? '',
        flowState: 'pool',
        source: 'import',
        createdBy: u.id,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(clueEvents).values({
        clueId: c.id,
        action: 'create',
        fromState: null,
        toState: 'pool',
        userId: u.id,
        at: now,
        detail: { source: 'import' } as never,
      });
      await enterPool(tx, c, now);
    }
    await writeAudit(tx, {
      action: 'clue.import',
      target: 'clues',
      detail: { created: fresh.length, duplicates: duplicates.length },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
  return { ...result, created: fresh.length };
}
