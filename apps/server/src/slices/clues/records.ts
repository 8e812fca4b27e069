// What is kept on a clue beside its state: other contacts, tags, its channel.
import { and, eq } from 'drizzle-orm';
import { type contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { assertClueTags, tagsOf } from './tags.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { clueContacts, clueEvents, clueTags } from './tables.js';
import { authorize } from './access.js';
import { loadClue, touch } from './record.js';
import { assertSettingsCodes } from './creation.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;

export async function saveContact(deps: AppDeps, u: AuthUser, b: Body<'contactSave'>) {
  const c = await loadClue(deps.db, b.clueId, false, 'clueId');
  authorize(u, c, 'follow');
  if (b.id) {
    const [x] = await deps.db
      .update(clueContacts)
      .set({ name: b.name, relation: b.relation, phone: b.phone, note: b.note })
      .where(and(eq(clueContacts.id, b.id), eq(clueContacts.clueId, b.clueId)))
      .returning();
    if (!x) throw notFound('联系人 / contact');
    return { id: x.id, clueId: x.clueId, name: x.name, relation: x.relation, phone: x.phone, note: x.note };
  }
  const [x] = await deps.db
    .insert(clueContacts)
    .values({
      clueId: b.clueId,
      name: b.name,
      relation: b.relation,
      phone: b.phone,
      note: b.note,
      createdAt: deps.now(),
    })
    .returning();
  const r = must(x, 'contact');
  return { id: r.id, clueId: r.clueId, name: r.name, relation: r.relation, phone: r.phone, note: r.note };
}

export async function deleteContact(deps: AppDeps, u: AuthUser, id: number) {
  const [x] = await deps.db.select().from(clueContacts).where(eq(clueContacts.id, id));
  if (!x) throw notFound('联系人 / contact');
  authorize(u, await loadClue(deps.db, x.clueId), 'follow');
  await deps.db.delete(clueContacts).where(eq(clueContacts.id, id));
}

export async function saveTags(deps: AppDeps, u: AuthUser, b: Body<'tagsSave'>) {
  const ids = [...new Set(b.tagIds)];
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'follow');
    const carried = (await tx.select().from(clueTags).where(eq(clueTags.clueId, c.id))).map((r) => r.tagId);
    await assertClueTags(tx, ids, carried);
    await tx.delete(clueTags).where(eq(clueTags.clueId, c.id));
    if (ids.length) await tx.insert(clueTags).values(ids.map((tagId) => ({ clueId: c.id, tagId })));
    return tagsOf(tx, c.id);
  });
}

export async function modifyChannel(deps: AppDeps, u: AuthUser, b: Body<'modifyClueChannel'>, ip: string) {
  const now = deps.now();
  await assertSettingsCodes(deps.db, { channel: b.channel });
  await deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    authorize(u, c, 'follow');
    await touch(tx, c, now, {
      channelCode: b.channel,
      ...(b.recommender !== undefined ? { recommender: b.recommender } : {}),
    });
    await tx.insert(clueEvents).values({
      clueId: c.id,
      action: 'modifyChannel',
      fromState: c.flowState,
      toState: c.flowState,
      userId: u.id,
      at: now,
      detail: { from: c.channelCode, to: b.channel } as never,
    });
    await writeAudit(tx, {
      action: 'clue.modifyChannel',
      target: `clues:${c.cluecode}`,
      detail: { from: c.channelCode, to: b.channel },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
}
