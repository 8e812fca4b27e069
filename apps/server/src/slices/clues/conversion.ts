// Converting a clue: creating its student (through the students slice) or binding an existing one.
import { eq } from 'drizzle-orm';
import { FUTURE_BIRTH_DATE_MESSAGE, isAfterToday } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, notFound } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { createStudent as newStudent, students } from '../students/index.js';
import { authorize } from './access.js';
import { loadClue, move } from './record.js';
import { type Body, ctxAudit, campusExists } from './commandKit.js';

export async function createStudent(deps: AppDeps, u: AuthUser, b: Body<'studentCreate'>, ip: string) {
  const now = deps.now();
  if (isAfterToday(b.birthDate, now)) throw badInput('body.birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'convert');
    if (!(await campusExists(tx, b.schoolItemCode)))
      throw badInput('body.schoolItemCode', 'body.schoolItemCode: 校区不存在 / no such campus');
    // The students slice creates the row (phone rule, campus, dates); the clue keeps the code.
    const s = await newStudent(
      deps.ports.phoneHolder,
      tx,
      {
        name: b.name,
        gender: b.gender,
        birthDate: b.birthDate ?? null,
        parentName: b.parentName,
        relation: c.relation,
        phone: b.phone,
        schoolItemCode: b.schoolItemCode,
        sourceClueId: c.id,
        insurance: b.insurance ?? c.insurance,
      },
      { userId: u.id, at: now },
    );
    const st = must(s, 'student');
    await move(tx, c, {
      action: 'convert',
      actor: u,
      now,
      patch: { studentCode: st.code, convertedAt: now, nextVisitAt: null },
      detail: { studentCode: st.code },
    });
    await writeAudit(tx, {
      action: 'clue.convert',
      target: `clues:${c.cluecode}`,
      detail: { studentCode: st.code },
      ...ctxAudit(u, ip),
      at: now,
    });
    return { studentId: st.id, studentCode: st.code };
  });
}

export async function bindStudent(deps: AppDeps, u: AuthUser, b: Body<'bindingStudent'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'convert');
    const [s] = await tx.select().from(students).where(eq(students.code, b.studentCode));
    if (!s) throw notFound('学员 / student');
    assertCampus(u, s.schoolItemCode);
    await move(tx, c, {
      action: 'convert',
      actor: u,
      now,
      patch: { studentCode: s.code, convertedAt: now, nextVisitAt: null },
      detail: { studentCode: s.code, bound: true },
    });
    await writeAudit(tx, {
      action: 'clue.bindStudent',
      target: `clues:${c.cluecode}`,
      detail: { studentCode: s.code },
      ...ctxAudit(u, ip),
      at: now,
    });
  });
}
