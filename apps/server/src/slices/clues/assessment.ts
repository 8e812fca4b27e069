// After the visit: the entrance assessment and the links sent to the parent.
import { randomUUID } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { type contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { type AuthUser } from '../../http/auth.js';
import { noPermission, notFound } from '../../http/errors.js';
import { publicLink, sendSms } from '../../shared/sms.js';
import { must } from '../../shared/must.js';
import { clueEvaluationSends, clueMatriculations, clues } from './tables.js';
import { authorize } from './access.js';
import { loadClue, move } from './record.js';
import { matriculationRow, visibleClue } from './queries.js';
import { maskedPath, newLinkToken, publicPath, storeLink } from './publicLinks.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;

export async function entranceAssessment(deps: AppDeps, u: AuthUser, clueId: number) {
  await visibleClue(deps, u, clueId);
  const results = await deps.db
    .select()
    .from(clueMatriculations)
    .where(eq(clueMatriculations.clueId, clueId))
    .orderBy(desc(clueMatriculations.id));
  const uuids = results.map((r) => r.uuid);
  const sends = uuids.length
    ? await deps.db
        .select()
        .from(clueEvaluationSends)
        .where(inArray(clueEvaluationSends.uuid, uuids))
        .orderBy(desc(clueEvaluationSends.id))
    : [];
  return { clueId, results: results.map(matriculationRow), sends: sends.map(sendRow) };
}

const sendRow = (s: typeof clueEvaluationSends.$inferSelect) => ({
  id: s.id,
  uuid: s.uuid,
  phone: s.phone,
  matriculationType: s.matriculationType,
  link: s.link,
  sentAt: s.sentAt.toISOString(),
});

export async function saveMatriculation(deps: AppDeps, u: AuthUser, b: Body<'matriculationSave'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'assess');
    const [m] = await tx
      .insert(clueMatriculations)
      .values({
        clueId: c.id,
        uuid: randomUUID(),
        matriculationType: b.matriculationType,
        conclusion: b.conclusion,
        score: b.score ?? null,
        suggestion: b.suggestion,
        assessorName: b.assessorName || u.name,
        createdBy: u.id,
        createdAt: now,
      })
      .returning();
    await move(tx, c, {
      action: 'assess',
      actor: u,
      now,
      patch: { assessedAt: now, lastFollowAt: now },
      detail: { matriculationId: must(m, 'assessment').id },
    });
    return matriculationRow(must(m, 'assessment'));
  });
}

export async function sendMatriculation(deps: AppDeps, u: AuthUser, id: number) {
  const now = deps.now();
  // The text message goes out before anything is recorded: a failed send records nothing.
  const [m0] = await deps.db.select().from(clueMatriculations).where(eq(clueMatriculations.id, id));
  if (!m0?.clueId) throw notFound('评估结果 / assessment');
  const c0 = await loadClue(deps.db, m0.clueId);
  authorize(u, c0, 'follow');
  const t = newLinkToken();
  const link = publicLink(deps.config, publicPath('result', t.token));
  await sendSms(deps, { kind: 'evaluationResult', phone: c0.phone, params: [c0.childName, link] });
  return deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(clueMatriculations).where(eq(clueMatriculations.id, id));
    if (!m?.clueId) throw notFound('评估结果 / assessment');
    const c = await loadClue(tx, m.clueId);
    await tx.update(clueMatriculations).set({ sentAt: now }).where(eq(clueMatriculations.id, id));
    const [s] = await tx
      .insert(clueEvaluationSends)
      .values({
        uuid: m.uuid,
        phone: c.phone,
        matriculationType: m.matriculationType,
        link: maskedPath('result', t.token),
        sentBy: u.id,
        sentAt: now,
      })
      .returning();
    const send = must(s, 'send');
    await storeLink(
      tx,
      deps,
      t.hash,
      {
        kind: 'result',
        clueId: c.id,
        schoolItemCode: c.schoolItemCode,
        matriculationType: m.matriculationType,
        matriculationId: m.id,
        sendId: send.id,
        createdBy: u.id,
      },
      now,
    );
    // The whole link is answered once, to the sender; the record keeps only its beginning.
    return { ...sendRow(send), link };
  });
}

/**
 * Sends the evaluation form to the parent of the clue holding the phone (the newest one); the
 * answers land on that clue. `uuid` is the caller's reference of the evaluation, kept on the send.
 */
export async function sendEvaluate(
  deps: AppDeps,
  u: AuthUser,
  q: { uuid: string; phone: string; matriculationType: string },
) {
  const now = deps.now();
  const [h] = await deps.db
    .select()
    .from(clues)
    .where(eq(clues.phone, q.phone))
    .orderBy(desc(clues.id))
    .limit(1);
  if (!h) throw notFound('该手机号的线索 / a clue with this phone');
  if (!u.allScope && h.schoolItemCode && !u.schoolItems.includes(h.schoolItemCode))
    throw noPermission('该手机号的线索不在您的校区 / the phone’s clue is outside your campuses');
  const t = newLinkToken();
  const link = publicLink(deps.config, publicPath('evaluate', t.token));
  await sendSms(deps, { kind: 'evaluate', phone: q.phone, params: [link] });
  return deps.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(clueEvaluationSends)
      .values({
        uuid: q.uuid,
        phone: q.phone,
        matriculationType: q.matriculationType,
        link: maskedPath('evaluate', t.token),
        sentBy: u.id,
        sentAt: now,
      })
      .returning();
    const send = must(s, 'send');
    await storeLink(
      tx,
      deps,
      t.hash,
      {
        kind: 'evaluate',
        clueId: h.id,
        schoolItemCode: h.schoolItemCode,
        matriculationType: q.matriculationType,
        sendId: send.id,
        createdBy: u.id,
      },
      now,
    );
    return { ...sendRow(send), link };
  });
}
