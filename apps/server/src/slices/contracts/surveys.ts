// The special-needs survey (特殊情况调查): one current questionnaire per student, filled with the
// family before an electronic contract is sent and corrected with a version.
import { eq } from 'drizzle-orm';
import { SpecialSurveyAnswers, type TSpecialSurveyInput } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { conflict, notFound, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { lockOne } from '../../shared/stateMachine.js';
import { students } from '../students/index.js';
import { specialSurveys } from './tables.js';
import { STUDENT_STATUS } from '@bo/domain';
import { updateVersioned } from '../../shared/versioned.js';

const SURVEY = '特殊情况调查 / special survey';

const joined = (tx: DbOrTx) =>
  tx
    .select({
      x: specialSurveys,
      studentName: students.name,
      studentCode: students.code,
      filledByName: users.name,
    })
    .from(specialSurveys)
    .innerJoin(students, eq(students.id, specialSurveys.studentId))
    .leftJoin(users, eq(users.id, specialSurveys.filledBy));
type Joined = Awaited<ReturnType<typeof joined>>[number];

const toOut = (j: Joined) => ({
  id: j.x.id,
  studentId: j.x.studentId,
  studentName: j.studentName,
  studentCode: j.studentCode,
  // Stored answers were validated on save; parsing again fills defaults of questions added since.
  answers: SpecialSurveyAnswers.parse(j.x.answers),
  guardianConsent: j.x.guardianConsent,
  filledByName: j.filledByName,
  updatedAt: j.x.updatedAt.toISOString(),
  version: j.x.version,
});

export async function surveyOfStudent(deps: AppDeps, u: AuthUser, studentId: number) {
  const [s] = await deps.db.select().from(students).where(eq(students.id, studentId));
  if (!s || s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student');
  assertCampus(u, s.schoolItemCode);
  const [j] = await joined(deps.db).where(eq(specialSurveys.studentId, studentId));
  return { survey: j ? toOut(j) : null };
}

export async function surveyById(deps: AppDeps, u: AuthUser, id: number) {
  const [j] = await joined(deps.db).where(eq(specialSurveys.id, id));
  if (!j) throw notFound(SURVEY);
  assertCampus(u, j.x.schoolItemCode);
  return toOut(j);
}

export async function saveSurvey(deps: AppDeps, u: AuthUser, b: TSpecialSurveyInput) {
  const now = deps.now();
  const answers = SpecialSurveyAnswers.parse(b.answers);
  return deps.db.transaction(async (tx) => {
    const s = await lockOne(
      tx
        .select()
        .from(students)
        .where(eq(students.id, Number(b.studentId))),
      '学员 / student',
      'studentId',
    );
    if (s.status === STUDENT_STATUS.deleted) throw notFound('学员 / student', 'studentId');
    assertCampus(u, s.schoolItemCode);
    const [cur] = await tx.select().from(specialSurveys).where(eq(specialSurveys.studentId, s.id));
    let out: { id: number; version: number };
    if (!cur) {
      if (b.version !== undefined) throw staleVersion();
      const [r] = await tx
        .insert(specialSurveys)
        .values({
          studentId: s.id,
          schoolItemCode: s.schoolItemCode,
          answers,
          guardianConsent: true,
          filledBy: u.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: specialSurveys.id, version: specialSurveys.version });
      out = must(r, 'survey');
    } else {
      if (b.version === undefined)
        throw conflict(
          '该学员已有调查，请刷新后修改 / the student has a survey already; reload to edit it',
          'version',
        );
      if (b.version !== cur.version) throw staleVersion();
      const r = await updateVersioned(
        tx,
        specialSurveys,
        {
          where: eq(specialSurveys.id, cur.id),
          version: undefined,
          set: { answers, guardianConsent: true, schoolItemCode: s.schoolItemCode, filledBy: u.id },
          at: now,
        },
        { id: specialSurveys.id, version: specialSurveys.version },
      );
      out = must(r, 'survey');
    }
    await writeAudit(tx, {
      action: cur ? 'specialSurvey.update' : 'specialSurvey.create',
      target: `special_surveys:${out.id}`,
      detail: { studentId: s.id, version: out.version },
      userId: u.id,
      username: u.username,
      at: now,
    });
    return out;
  });
}
