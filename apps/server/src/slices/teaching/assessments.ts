// Assessments of students on a scale (/education/adminAssessment, adminAssessmentNew): the records
// are the clue slice's entrance assessments (`clue_matriculations`), scored on the clue settings'
// assessment scales, so a child's assessments before and after enrolment are one list.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TAssessmentAnswer, TAssessmentDetail, TAssessmentFilter, TAssessmentRow } from '@bo/api-sdk';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { badInput, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { assessScales, clueMatriculations, clues, schoolItems } from '../../db/schema.js';
import { DELETED, students } from '../students/index.js';
import { must } from '../../shared/must.js';
import { shanghaiDaySql } from '../../shared/days.js';
import { today, type Deps } from './common.js';
import { assessTaskMembers } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

const m = clueMatriculations;
/** The student a record is of: its own, or the one its clue became (the first, if several). */
const studentOf = sql<
  number | null
>`coalesce(${m.studentId}, (select s2.id from students s2 where s2.source_clue_id = ${m.clueId} order by s2.id limit 1))`;
const campusOf = sql<string | null>`coalesce(${m.schoolItemCode}, ${clues.schoolItemCode})`;
const dayOf = sql<string>`coalesce(${m.assessedOn}::text, ${shanghaiDaySql(m.createdAt)})`;

const columns = {
  id: m.id,
  clueId: m.clueId,
  ownStudentId: m.studentId,
  studentId: students.id,
  studentCode: students.code,
  studentName: sql<string>`coalesce(${students.name}, ${clues.childName}, '')`,
  schoolItemCode: campusOf,
  schoolItemName: schoolItems.name,
  scaleCode: m.matriculationType,
  scaleName: sql<string>`coalesce(${assessScales.name}, ${m.matriculationType})`,
  assessorName: m.assessorName,
  assessedOn: dayOf,
  status: m.status,
  score: m.score,
  version: m.version,
  answers: m.answers,
  conclusion: m.conclusion,
  suggestion: m.suggestion,
};

function select(db: Deps['db']) {
  return db
    .select(columns)
    .from(m)
    .leftJoin(clues, eq(clues.id, m.clueId))
    .leftJoin(students, eq(students.id, studentOf))
    .leftJoin(schoolItems, eq(schoolItems.code, campusOf))
    .leftJoin(assessScales, eq(assessScales.code, m.matriculationType));
}
type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(u: AuthUser, f: TAssessmentFilter): SQL | undefined {
  if (f.schoolItemCode) assertCampus(u, f.schoolItemCode);
  const scope = campusScope(u);
  const k = f.name ? `%${escapeLike(f.name)}%` : null;
  return and(
    f.schoolItemCode ? sql`${campusOf} = ${f.schoolItemCode}` : undefined,
    scope ? (scope.length ? sql`${campusOf} in ${scope}` : sql`false`) : undefined,
    k ? or(ilike(students.name, k), ilike(students.code, k), ilike(clues.childName, k)) : undefined,
    f.scaleCode ? eq(m.matriculationType, f.scaleCode) : undefined,
    f.status ? eq(m.status, f.status) : undefined,
    f.from ? sql`${dayOf} >= ${f.from}` : undefined,
    f.to ? sql`${dayOf} <= ${f.to}` : undefined,
  );
}

const toRow = (r: Selected): TAssessmentRow => ({
  id: r.id,
  origin: r.ownStudentId ? 'student' : 'entrance',
  studentId: r.studentId,
  studentCode: r.studentCode,
  studentName: r.studentName,
  clueId: r.clueId,
  schoolItemCode: r.schoolItemCode,
  schoolItemName: r.schoolItemName,
  scaleCode: r.scaleCode,
  scaleName: r.scaleName,
  assessorName: r.assessorName,
  assessedOn: r.assessedOn,
  status: r.status === 'draft' ? 'draft' : 'submitted',
  score: r.score,
  version: r.version,
});
const toDetail = (r: Selected): TAssessmentDetail => ({
  ...toRow(r),
  answers: r.answers ?? [],
  conclusion: r.conclusion,
  suggestion: r.suggestion,
});

export async function assessmentList(
  deps: Deps,
  u: AuthUser,
  q: TAssessmentFilter & { pageIdx: number; pageSize: number },
) {
  const w = where(u, q);
  const [total] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .leftJoin(clues, eq(clues.id, m.clueId))
    .leftJoin(students, eq(students.id, studentOf))
    .where(w);
  const rows = await select(deps.db)
    .where(w)
    .orderBy(desc(dayOf), desc(m.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return { list: rows.map(toRow), total: Number(total?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/** The whole filtered result, newest first (an export). */
export async function assessmentAll(deps: Deps, u: AuthUser, f: TAssessmentFilter) {
  const rows = await select(deps.db).where(where(u, f)).orderBy(desc(dayOf), desc(m.id));
  return rows.map(toRow);
}

/**
 * Another campus's assessment is refused (403, as every record found by id); one of no campus (a
 * clue's entrance assessment before it had one) stays hidden from campus-limited users (404).
 */
function assertAssessmentCampus(u: AuthUser, schoolItemCode: string | null) {
  if (u.allScope) return;
  if (!schoolItemCode) throw notFound('评估 / assessment');
  assertCampus(u, schoolItemCode);
}

async function loadVisible(db: Deps['db'], u: AuthUser, id: number) {
  const [r] = await select(db).where(eq(m.id, id));
  if (!r) throw notFound('评估 / assessment');
  assertAssessmentCampus(u, r.schoolItemCode);
  return r;
}

export async function assessmentInfo(deps: Deps, u: AuthUser, id: number) {
  return toDetail(await loadVisible(deps.db, u, id));
}

interface SaveInput {
  id?: number | undefined;
  version?: number | undefined;
  studentId: number;
  scaleCode: string;
  assessedOn: string;
  answers: TAssessmentAnswer[];
  conclusion: string;
  suggestion: string;
  submit: boolean;
}

/**
 * Every answer is an item of the scale, once, within its maximum; a submitted assessment answers
 * every item. Answers are kept in the scale's order; the total is their sum.
 */
function scoreAnswers(
  items: { name: string; maxScore: number }[],
  answers: TAssessmentAnswer[],
  final: boolean,
) {
  const byName = new Map<string, TAssessmentAnswer>();
  answers.forEach((a, i) => {
    const item = items.find((x) => x.name === a.name);
    if (!item)
      throw badInput(`answers.${i}.name`, `量表中没有「${a.name}」 / the scale has no item “${a.name}”`);
    if (byName.has(a.name))
      throw badInput(`answers.${i}.name`, `「${a.name}」重复作答 / “${a.name}” is answered twice`);
    if (a.score > item.maxScore)
      throw badInput(
        `answers.${i}.score`,
        `「${a.name}」最高 ${item.maxScore} 分 / “${a.name}” scores at most ${item.maxScore}`,
      );
    byName.set(a.name, a);
  });
  if (final) {
    const missing = items.find((x) => !byName.has(x.name));
    if (missing) throw badInput('answers', `请为「${missing.name}」评分 / score the item “${missing.name}”`);
  }
  const ordered = items.flatMap((x) => {
    const a = byName.get(x.name);
    return a ? [{ name: x.name, score: a.score }] : [];
  });
  return { answers: ordered, score: ordered.reduce((n, a) => n + a.score, 0) };
}

export async function assessmentSave(deps: Deps, u: AuthUser, b: SaveInput) {
  const now = deps.now();
  if (b.assessedOn > today(deps))
    throw ruleViolation('评估日期不能晚于今天 / the assessment day cannot be in the future', 'assessedOn');
  const id = await deps.db.transaction(async (tx) => {
    const [s] = await tx.select().from(students).where(eq(students.id, b.studentId));
    if (!s || s.status === DELETED) throw badInput('studentId', '学员不存在 / no such student');
    assertCampus(u, s.schoolItemCode);
    const [scale] = await tx.select().from(assessScales).where(eq(assessScales.code, b.scaleCode));
    if (!scale) throw badInput('scaleCode', '评估量表不存在 / no such assessment scale');
    const scored = scoreAnswers(scale.items, b.answers, b.submit);
    const values = {
      studentId: s.id,
      schoolItemCode: s.schoolItemCode,
      matriculationType: scale.code,
      assessedOn: b.assessedOn,
      answers: scored.answers,
      score: scored.score,
      conclusion: b.conclusion,
      suggestion: b.suggestion,
      status: b.submit ? 'submitted' : 'draft',
      updatedAt: now,
    };
    if (b.id === undefined) {
      if (scale.validStatus !== 1)
        throw ruleViolation('该量表已停用 / this assessment scale is disabled', 'scaleCode');
      const [row] = await tx
        .insert(m)
        .values({
          ...values,
          uuid: randomUUID(),
          assessorName: u.name,
          createdBy: u.id,
          createdAt: now,
          source: 'staff',
        })
        .returning({ id: m.id });
      return must(row, 'assessment').id;
    }
    const cur = await lockDraft(tx, u, b.id, b.version);
    // A draft moved to another student keeps to the caller's campuses on both sides.
    assertCampus(u, cur.schoolItemCode);
    if (cur.studentId !== s.id || cur.matriculationType !== scale.code) {
      const [inTask] = await tx
        .select({ taskId: assessTaskMembers.taskId })
        .from(assessTaskMembers)
        .where(eq(assessTaskMembers.assessmentId, cur.id));
      if (inTask)
        throw ruleViolation(
          '评估任务中的评估不能更换学员或量表 / an assessment of an assessment task keeps its student and scale',
          cur.studentId !== s.id ? 'studentId' : 'scaleCode',
        );
    }
    await updateVersioned(tx, m, { where: eq(m.id, cur.id), version: undefined, set: { ...values } });
    return cur.id;
  });
  return assessmentInfo(deps, u, id);
}

/** The draft of a student's assessment, locked, at the version the caller read. */
async function lockDraft(tx: Deps['db'], u: AuthUser, id: number, version: number | undefined) {
  const [cur] = await tx.select().from(m).where(eq(m.id, id)).for('update');
  if (!cur || cur.studentId === null) throw notFound('评估 / assessment');
  assertAssessmentCampus(u, cur.schoolItemCode);
  if (version === undefined) throw badInput('version', '缺少版本号 / the version is required');
  if (cur.version !== version) throw staleVersion();
  if (cur.status !== 'draft')
    throw ruleViolation(
      '评估已提交，不能再修改 / the assessment is submitted and can no longer change',
      'id',
    );
  return cur;
}

export async function assessmentSubmit(deps: Deps, u: AuthUser, b: { id: number; version: number }) {
  await deps.db.transaction(async (tx) => {
    const cur = await lockDraft(tx, u, b.id, b.version);
    const [scale] = await tx.select().from(assessScales).where(eq(assessScales.code, cur.matriculationType));
    scoreAnswers(scale?.items ?? [], cur.answers ?? [], true);
    await updateVersioned(tx, m, {
      where: eq(m.id, cur.id),
      version: undefined,
      set: { status: 'submitted' },
      at: deps.now(),
    });
  });
  return assessmentInfo(deps, u, b.id);
}

/** A pending assessment: a draft of the student on the scale, nothing scored (an assessment task's). */
export async function createPendingAssessment(
  tx: Deps['db'],
  o: {
    studentId: number;
    schoolItemCode: string;
    scaleCode: string;
    assessorName: string;
    createdBy: number;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(m)
    .values({
      uuid: randomUUID(),
      studentId: o.studentId,
      schoolItemCode: o.schoolItemCode,
      matriculationType: o.scaleCode,
      answers: [],
      score: null,
      conclusion: '',
      suggestion: '',
      status: 'draft',
      assessorName: o.assessorName,
      createdBy: o.createdBy,
      createdAt: o.now,
      source: 'staff',
    })
    .returning({ id: m.id });
  return must(row, 'assessment').id;
}

/**
 * Records the result of a draft on its own scale (an assessment task's member): the draft is locked
 * at the version read, scored like any assessment, submitted when `submit`; in the caller's transaction.
 */
export async function recordDraft(
  deps: Deps,
  tx: Deps['db'],
  u: AuthUser,
  b: {
    id: number;
    version: number;
    assessedOn: string;
    answers: TAssessmentAnswer[];
    conclusion: string;
    suggestion: string;
    submit: boolean;
  },
) {
  if (b.assessedOn > today(deps))
    throw ruleViolation('评估日期不能晚于今天 / the assessment day cannot be in the future', 'assessedOn');
  const cur = await lockDraft(tx, u, b.id, b.version);
  const [scale] = await tx.select().from(assessScales).where(eq(assessScales.code, cur.matriculationType));
  const scored = scoreAnswers(scale?.items ?? [], b.answers, b.submit);
  await updateVersioned(tx, m, {
    where: eq(m.id, cur.id),
    version: undefined,
    set: {
      assessedOn: b.assessedOn,
      answers: scored.answers,
      score: scored.score,
      conclusion: b.conclusion,
      suggestion: b.suggestion,
      status: b.submit ? 'submitted' : 'draft',
    },
    at: deps.now(),
  });
}

/**
 * Every assessment of a student (assist2 entrance evaluation on the teaching side): its own, and the
 * entrance assessments of the clue it came from, newest first. Another campus's student is refused.
 */
export async function studentAssessments(deps: Deps, u: AuthUser, studentId: number) {
  const [s] = await deps.db
    .select({ id: students.id, campus: students.schoolItemCode, status: students.status })
    .from(students)
    .where(eq(students.id, studentId));
  if (!s || s.status === DELETED) throw notFound('学员 / student');
  assertCampus(u, s.campus);
  const rows = await select(deps.db)
    .where(sql`${studentOf} = ${s.id}`)
    .orderBy(desc(dayOf), desc(m.id));
  return rows.map(toRow);
}
