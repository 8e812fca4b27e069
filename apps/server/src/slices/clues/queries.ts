// Clue reads: scoped lists, the detail, follow records, phone look-ups, approvals, steps done.
import {
  and,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { countUpTo } from '../../db/paging.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { noPermission, notFound } from '../../http/errors.js';
import { schoolItems, students, users } from '../../db/schema.js';
import { clueContacts, clueEvents, clueFollows, clueMatriculations, clues, clueTags } from './tables.js';
import { allowedActions, assertCanSee, isManager } from './access.js';
import { and_, iso } from '../../db/rowHelpers.js';
import { loadClue } from './record.js';
import { loadRow, maskName, maskPhone, selectRows, toRow } from './rows.js';
import { dayBound } from '../../shared/days.js';
import { must } from '../../shared/must.js';
import type { ClueRecord } from './common.js';
import { STATE_NAMES, type ClueState } from './states.js';
import { CLUE_KINDS, clueKindOf, type ClueApprovalKind } from './approvalKinds.js';
import { approvalRequests, holdsCampus } from '../approvals/index.js';
import { APPROVAL_CODE } from '@bo/domain';

type ListQuery = z.output<(typeof contract.clues)['list']['query']>;
type ApprovalQuery = z.output<(typeof contract.clues)['invalidList']['query']>;
export type ListMode = 'mine' | 'scope' | 'pool' | 'highSea';

/** The lists' scope (spec §6): consultants own clues plus the campus pool; managers their campuses; admin all. */
function scopeWhere(u: AuthUser, mode: ListMode, q: ListQuery): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (mode === 'mine') parts.push(eq(clues.ownerUserId, u.id));
  if (mode === 'pool') parts.push(eq(clues.flowState, 'pool'));
  if (mode === 'highSea') parts.push(eq(clues.flowState, 'high_sea'));
  // Invalid and merged clues leave the lists unless asked for by state.
  if (!q.flowState) parts.push(notInArray(clues.flowState, ['invalid', 'merged']));
  if (!u.allScope && mode !== 'mine') {
    const campuses = u.schoolItems.length ? inArray(clues.schoolItemCode, u.schoolItems) : sql`false`;
    if (mode === 'highSea') parts.push(or(campuses, isNull(clues.schoolItemCode)));
    else if (isManager(u) || mode === 'pool') parts.push(campuses);
    else parts.push(and(campuses, or(eq(clues.ownerUserId, u.id), eq(clues.flowState, 'pool'))));
  }
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    parts.push(eq(clues.schoolItemCode, q.schoolItemCode));
  }
  if (q.channel) parts.push(eq(clues.channelCode, q.channel));
  if (q.startDate) parts.push(sql`${clues.createdAt} >= ${dayBound('query.startDate', q.startDate)}`);
  if (q.endDate) parts.push(lt(clues.createdAt, dayBound('query.endDate', q.endDate, { end: true })));
  if (q.flowState) parts.push(eq(clues.flowState, q.flowState));
  if (q.ownerUserId) parts.push(eq(clues.ownerUserId, q.ownerUserId));
  if (q.source) parts.push(eq(clues.source, q.source));
  if (q.tagId)
    parts.push(
      sql`exists (select 1 from clue_tags t where t.clue_id = ${clues.id} and t.tag_id = ${q.tagId})`,
    );
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    parts.push(
      or(
        ilike(clues.childName, k),
        ilike(clues.parentName, k),
        ilike(clues.phone, k),
        ilike(clues.cluecode, k),
      ),
    );
  }
  return and_(parts);
}

export async function listClues(deps: AppDeps, u: AuthUser, mode: ListMode, q: ListQuery) {
  const where = scopeWhere(u, mode, q);
  const t = await countUpTo(deps, clues, where);
  const rows = await selectRows(deps.db)
    .where(where)
    .orderBy(desc(clues.createdAt), desc(clues.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const now = deps.now();
  return { list: rows.map((r) => toRow(r, now)), ...t, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function stateSummary(deps: AppDeps, u: AuthUser, q: ListQuery) {
  const where = scopeWhere(u, 'scope', { ...q, flowState: undefined });
  const rows = await deps.db
    .select({ s: clues.flowState, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clues)
    .where(where)
    .groupBy(clues.flowState);
  const by = new Map(rows.map((r) => [r.s, r.n]));
  return (Object.keys(STATE_NAMES) as ClueState[])
    .filter((s) => s !== 'invalid' && s !== 'merged')
    .map((s) => ({ flowState: s, name: STATE_NAMES[s], count: by.get(s) ?? 0 }));
}

export async function flowRows(db: DbOrTx, clueIds: number[]) {
  if (!clueIds.length) return [];
  const rows = await db
    .select({ f: clueFollows, userName: users.name })
    .from(clueFollows)
    .leftJoin(users, eq(users.id, clueFollows.userId))
    .where(inArray(clueFollows.clueId, clueIds))
    .orderBy(desc(clueFollows.createdAt), desc(clueFollows.id));
  return rows.map(({ f, userName }) => ({
    id: f.id,
    clueId: f.clueId,
    content: f.content,
    intentionLevel: (f.intentionLevel as 'A' | 'B' | 'C' | 'D' | null) ?? null,
    nextVisitAt: iso(f.nextVisitAt),
    userId: f.userId,
    userName,
    createdAt: f.createdAt.toISOString(),
  }));
}

export async function visibleClue(deps: AppDeps, u: AuthUser, clueId: number): Promise<ClueRecord> {
  const c = await loadClue(deps.db, clueId);
  assertCanSee(u, c);
  return c;
}

export async function flows(deps: AppDeps, u: AuthUser, clueId: number) {
  await visibleClue(deps, u, clueId);
  return flowRows(deps.db, [clueId]);
}

const A = approvalRequests;
const payloadInt = (key: string) => sql`(${A.payload} ->> ${key})::int`;
/** Only the clue kinds' requests. */
const clueRequests = (kinds: readonly ClueApprovalKind[] = ['transfer', 'abandon', 'invalid']) =>
  and(
    eq(A.subjectType, 'clue'),
    inArray(
      A.kind,
      kinds.map((k) => CLUE_KINDS[k]),
    ),
  );

/** Approval rows (requests of the clue kinds on the engine) with names of clue, people and campus. */
export async function approvalRows(
  db: DbOrTx,
  where: SQL | undefined,
  limit?: { pageIdx: number; pageSize: number },
) {
  const name = (id: SQLWrapper) => sql<string | null>`(select name from users x where x.id = ${id})`;
  let q = db
    .select({
      a: A,
      cluecode: clues.cluecode,
      childName: clues.childName,
      phone: clues.phone,
      requestedByName: name(A.requestedBy),
      decidedByName: name(A.decidedBy),
      fromUserName: name(payloadInt('fromUserId')),
      toUserName: name(payloadInt('toUserId')),
    })
    .from(A)
    .innerJoin(clues, eq(clues.id, A.subjectId))
    .where(and(clueRequests(), where))
    .orderBy(desc(A.requestedAt), desc(A.id))
    .$dynamic();
  if (limit) q = q.limit(limit.pageSize).offset((limit.pageIdx - 1) * limit.pageSize);
  const rows = await q;
  return rows.map((r) => {
    const p = r.a.payload;
    return {
      id: r.a.id,
      kind: clueKindOf(r.a.kind),
      status: r.a.status as 5 | 10 | 20 | 30 | 40 | 50,
      clueId: r.a.subjectId,
      cluecode: r.cluecode,
      childName: r.childName,
      phone: r.phone,
      fromSchoolItemCode: r.a.schoolItemCode,
      toSchoolItemCode: r.a.toSchoolItemCode,
      fromUserName: r.fromUserName,
      toUserId: typeof p.toUserId === 'number' ? p.toUserId : null,
      toUserName: r.toUserName,
      reasonCode: typeof p.reasonCode === 'string' ? p.reasonCode : null,
      reason: r.a.reason,
      requestedByName: r.requestedByName,
      requestedAt: r.a.requestedAt.toISOString(),
      decidedByName: r.decidedByName,
      decidedAt: iso(r.a.decidedAt),
      comment: r.a.comment,
    };
  });
}

/** Approvals of one kind in the caller's scope (consultants: their own requests), paged. */
export async function listApprovals(
  deps: AppDeps,
  u: AuthUser,
  kind: ClueApprovalKind,
  q: ApprovalQuery,
  onlyPending = false,
) {
  const parts: Array<SQL | undefined> = [clueRequests([kind])];
  if (onlyPending) parts.push(eq(A.status, APPROVAL_CODE.WAIT));
  else if (q.status) parts.push(eq(A.status, q.status));
  if (!u.allScope) {
    const mine = u.schoolItems.length
      ? or(inArray(A.schoolItemCode, u.schoolItems), inArray(A.toSchoolItemCode, u.schoolItems))
      : sql`false`;
    parts.push(
      isManager(u)
        ? mine
        : and(mine, or(eq(A.requestedBy, u.id), sql`${payloadInt('fromUserId')} = ${u.id}`)),
    );
  }
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    parts.push(or(eq(A.schoolItemCode, q.schoolItemCode), eq(A.toSchoolItemCode, q.schoolItemCode)));
  }
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    parts.push(or(ilike(clues.childName, k), ilike(clues.phone, k), ilike(clues.cluecode, k)));
  }
  const where = and_(parts);
  const [t] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(A)
    .innerJoin(clues, eq(clues.id, A.subjectId))
    .where(where);
  return {
    list: await approvalRows(deps.db, where, q),
    total: t?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

export async function approvalDetail(deps: AppDeps, u: AuthUser, id: number, kind: ClueApprovalKind) {
  const [row] = await approvalRows(deps.db, and(eq(A.id, id), clueRequests([kind])));
  if (!row) throw notFound('审批申请 / request');
  const [a] = await deps.db.select().from(A).where(eq(A.id, id));
  const c = await loadClue(deps.db, row.clueId);
  if (a && !holdsCampus(u, a) && a.requestedBy !== u.id)
    throw noPermission('该申请不在您的校区范围内 / the request is outside your campuses');
  const now = deps.now();
  return { ...row, clue: await loadRow(deps.db, c.id, now), follows: await flowRows(deps.db, [c.id]) };
}

export async function detail(deps: AppDeps, u: AuthUser, clueId: number) {
  const c = await visibleClue(deps, u, clueId);
  const now = deps.now();
  const events = await deps.db
    .select({ e: clueEvents, userName: users.name })
    .from(clueEvents)
    .leftJoin(users, eq(users.id, clueEvents.userId))
    .where(eq(clueEvents.clueId, clueId))
    .orderBy(desc(clueEvents.at), desc(clueEvents.id));
  const contacts = await deps.db
    .select()
    .from(clueContacts)
    .where(eq(clueContacts.clueId, clueId))
    .orderBy(clueContacts.id);
  return {
    ...(await loadRow(deps.db, clueId, now)),
    follows: await flowRows(deps.db, [clueId]),
    events: events.map(({ e, userName }) => ({
      id: e.id,
      action: e.action,
      fromState: e.fromState,
      toState: e.toState,
      userName,
      detail: e.detail == null ? null : JSON.stringify(e.detail),
      at: e.at.toISOString(),
    })),
    contacts: contacts.map((x) => ({
      id: x.id,
      clueId: x.clueId,
      name: x.name,
      relation: x.relation,
      phone: x.phone,
      note: x.note,
    })),
    approvals: await approvalRows(deps.db, eq(A.subjectId, clueId)),
    actions: allowedActions(u, c),
  };
}

/** Every clue under a phone as holders: full names when the caller may open the clue, masked otherwise. */
export async function holders(
  deps: AppDeps,
  u: AuthUser,
  phone: string,
  o: { onlyMine?: boolean; state?: ClueState; includeInactive?: boolean } = {},
) {
  const parts: Array<SQL | undefined> = [eq(clues.phone, phone)];
  if (!o.includeInactive) parts.push(notInArray(clues.flowState, ['merged']));
  if (o.onlyMine) parts.push(eq(clues.ownerUserId, u.id));
  if (o.state) parts.push(eq(clues.flowState, o.state));
  const rows = await deps.db
    .select({ c: clues, ownerName: users.name, schoolItemName: schoolItems.name })
    .from(clues)
    .leftJoin(users, eq(users.id, clues.ownerUserId))
    .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
    .where(and_(parts))
    .orderBy(desc(clues.createdAt));
  return rows.map(({ c, ownerName, schoolItemName }) => {
    let visible = true;
    try {
      assertCanSee(u, c);
    } catch {
      visible = false;
    }
    return {
      clueId: c.id,
      cluecode: c.cluecode,
      childName: visible ? c.childName : maskName(c.childName),
      flowState: c.flowState as ClueState,
      flowStateName: STATE_NAMES[c.flowState as ClueState],
      schoolItemCode: c.schoolItemCode,
      schoolItemName,
      ownerName: visible ? ownerName : maskName(ownerName),
      mine: c.ownerUserId === u.id,
      visible,
      createdAt: c.createdAt.toISOString(),
    };
  });
}

export async function corFilter(deps: AppDeps, u: AuthUser, mobile: string) {
  const clueRows = (await holders(deps, u, mobile)).map((h) => ({
    kind: 'clue' as const,
    code: h.cluecode,
    name: h.childName,
    state: h.flowStateName,
    schoolItemCode: h.schoolItemCode,
    schoolItemName: h.schoolItemName,
    ownerName: h.ownerName,
    mine: h.mine,
    visible: h.visible,
  }));
  const st = await deps.db
    .select({ s: students, schoolItemName: schoolItems.name })
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, students.schoolItemCode))
    .where(eq(students.phone, mobile));
  const studentRows = st.map(({ s, schoolItemName }) => {
    const visible = u.allScope || u.schoolItems.includes(s.schoolItemCode);
    return {
      kind: 'student' as const,
      code: s.code,
      name: visible ? s.name : maskName(s.name),
      state: '在读学员',
      schoolItemCode: s.schoolItemCode,
      schoolItemName,
      ownerName: null,
      mine: s.createdBy === u.id,
      visible,
    };
  });
  return [...clueRows, ...studentRows];
}

export async function isInsurance(deps: AppDeps, mobile: string): Promise<boolean> {
  const [a] = await deps.db
    .select({ id: clues.id })
    .from(clues)
    .where(and(eq(clues.phone, mobile), eq(clues.insurance, true)))
    .limit(1);
  if (a) return true;
  const [b] = await deps.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.phone, mobile), eq(students.insurance, true)))
    .limit(1);
  return !!b;
}

export async function bizIdByPhone(deps: AppDeps, u: AuthUser, phone: string) {
  const list = await holders(deps, u, phone);
  const active = list.find((h) => h.visible && !['invalid', 'merged'].includes(h.flowState));
  const [s] = await deps.db
    .select({ code: students.code, campus: students.schoolItemCode })
    .from(students)
    .where(eq(students.phone, phone))
    .limit(1);
  const studentVisible = s && (u.allScope || u.schoolItems.includes(s.campus));
  return {
    clueId: active?.clueId ?? null,
    cluecode: active?.cluecode ?? null,
    studentCode: studentVisible ? s.code : null,
  };
}

export async function flowsByPhone(deps: AppDeps, u: AuthUser, phone: string) {
  const ids = (await holders(deps, u, phone, { includeInactive: true }))
    .filter((h) => h.visible)
    .map((h) => h.clueId);
  return flowRows(deps.db, ids);
}

const STEP_NAMES = {
  created: '创建',
  followed: '已跟进',
  visit_scheduled: '已预约到访',
  visited: '已到访',
  assessed: '已评估',
  converted: '已转化',
} as const;

export async function completedSteps(deps: AppDeps, u: AuthUser, clueId: number) {
  const c = await visibleClue(deps, u, clueId);
  const [f] = await deps.db
    .select({ at: sql<string | null>`min(${clueFollows.createdAt})::text` })
    .from(clueFollows)
    .where(eq(clueFollows.clueId, clueId));
  const [sch] = await deps.db
    .select({ at: sql<string | null>`min(${clueEvents.at})::text` })
    .from(clueEvents)
    .where(and(eq(clueEvents.clueId, clueId), eq(clueEvents.action, 'scheduleVisit')));
  const firstFollow = f?.at ? new Date(f.at) : null;
  const scheduled = sch?.at ? new Date(sch.at) : null;
  const steps: Array<[keyof typeof STEP_NAMES, Date | null]> = [
    ['created', c.createdAt],
    ['followed', firstFollow],
    ['visit_scheduled', scheduled],
    ['visited', c.visitedAt],
    ['assessed', c.assessedAt],
    ['converted', c.convertedAt],
  ];
  return steps.map(([key, at]) => ({ key, name: STEP_NAMES[key], done: !!at, at: iso(at) }));
}

export async function studentDraft(deps: AppDeps, u: AuthUser, clueId: number) {
  const c = await visibleClue(deps, u, clueId);
  const [m] = await deps.db
    .select()
    .from(clueMatriculations)
    .where(eq(clueMatriculations.clueId, clueId))
    .orderBy(desc(clueMatriculations.id))
    .limit(1);
  return {
    clueId: c.id,
    name: c.childName,
    gender: c.gender,
    birthDate: c.birthDate,
    parentName: c.parentName,
    phone: c.phone,
    relation: c.relation,
    schoolItemCode: c.schoolItemCode,
    channel: c.channelCode,
    insurance: c.insurance,
    assessment: m ? matriculationRow(m) : null,
  };
}

export function matriculationRow(m: typeof clueMatriculations.$inferSelect) {
  return {
    id: m.id,
    // Rows read here are a clue's (selected by its id): a student's assessment has none.
    clueId: must(m.clueId, 'the assessment’s clue'),
    uuid: m.uuid,
    matriculationType: m.matriculationType,
    conclusion: m.conclusion,
    score: m.score,
    suggestion: m.suggestion,
    assessorName: m.assessorName,
    createdAt: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
  };
}

export async function recommenders(deps: AppDeps, u: AuthUser, keyword: string) {
  const k = `%${keyword}%`;
  const scope = u.allScope
    ? undefined
    : u.schoolItems.length
      ? inArray(clues.schoolItemCode, u.schoolItems)
      : sql`false`;
  const cs = await deps.db
    .select({ code: clues.cluecode, name: clues.childName, parentName: clues.parentName, phone: clues.phone })
    .from(clues)
    .where(
      and_([
        scope,
        notInArray(clues.flowState, ['invalid', 'merged']),
        or(ilike(clues.childName, k), ilike(clues.parentName, k), ilike(clues.phone, k)),
      ]),
    )
    .limit(20);
  const sScope = u.allScope
    ? undefined
    : u.schoolItems.length
      ? inArray(students.schoolItemCode, u.schoolItems)
      : sql`false`;
  const ss = await deps.db
    .select({
      code: students.code,
      name: students.name,
      parentName: students.parentName,
      phone: students.phone,
    })
    .from(students)
    .where(
      and_([sScope, or(ilike(students.name, k), ilike(students.parentName, k), ilike(students.phone, k))]),
    )
    .limit(20);
  return [
    ...ss.map((s) => ({ kind: 'student' as const, ...s, phone: maskPhone(s.phone) })),
    ...cs.map((c) => ({ kind: 'clue' as const, ...c, phone: maskPhone(c.phone) })),
  ];
}

export { clueTags };
