// Demo call records: about eighty calls of the e-sales specialists (to their resources) and of the
// consultant 'sales' (to her clues) over the last two weeks; a third scored by the director.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SeedContext } from '../../seed/context.js';
import { clues, resources, users } from '../../db/schema.js';
import { callQualityScores, callRecords } from './tables.js';

const TYPES = ['first_call', 'follow', 'invite', 'follow', 'service', 'other'] as const;
const RESULTS = ['answered', 'answered', 'answered', 'no_answer', 'busy', 'answered', 'failed'] as const;
const NOTES = [
  '家长询问课程安排和费用，已约周六到校评估。',
  '孩子近期在医院做过评估，家长想了解康复训练方案。',
  '家长表示在比较几家机构，下周再联系。',
  '',
  '确认到访时间，提醒携带既往评估报告。',
];
export const QUALITY_ITEMS = [
  { code: 'greeting', name: '开场问候' },
  { code: 'needs', name: '需求挖掘' },
  { code: 'product', name: '课程介绍' },
  { code: 'closing', name: '邀约促成' },
];

export async function seedCallsDemo(c: SeedContext) {
  const db = c.db;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['sales', 'esales', 'esales2', 'director']));
  const idOf = (n: string) => people.find((p) => p.username === n)?.id ?? null;
  const director = idOf('director');
  const agents = ['esales', 'esales2', 'sales'].map(idOf).filter((x): x is number => x !== null);
  if (!agents.length) return;
  const res = await db
    .select({
      id: resources.id,
      phone: resources.phone,
      owner: resources.ownerUserId,
      campus: resources.schoolItemCode,
    })
    .from(resources)
    .where(isNotNull(resources.ownerUserId));
  const salesId = idOf('sales');
  const salesClues = salesId
    ? await db
        .select({ id: clues.id, phone: clues.phone, campus: clues.schoolItemCode })
        .from(clues)
        .where(and(eq(clues.ownerUserId, salesId)))
    : [];
  const today = c.now.getTime();
  const n = 80 * c.scale;
  for (let i = 0; i < n; i += 1) {
    const agent = agents[i % agents.length] ?? agents[0] ?? 0;
    const mine = res.filter((r) => r.owner === agent);
    const r = mine.length ? mine[i % mine.length] : undefined;
    const clue = agent === salesId && salesClues.length ? salesClues[i % salesClues.length] : undefined;
    const result = RESULTS[i % RESULTS.length] ?? 'answered';
    const start = new Date(today - (i % 14) * 86_400_000 - (2 + (i % 8)) * 3600_000 - (i % 50) * 60_000);
    const duration = result === 'answered' ? 40 + ((i * 37) % 560) : 0;
    const phone = clue?.phone ?? r?.phone ?? `1860000${String(1000 + i).slice(-4)}`;
    const [row] = await db
      .insert(callRecords)
      .values({
        sessionId: `demo-${String(i + 1).padStart(4, '0')}`,
        userId: agent,
        clueId: clue?.id ?? null,
        resourceId: clue ? null : (r?.id ?? null),
        schoolItemCode: clue?.campus ?? r?.campus ?? 'SH01',
        phone,
        callerPhone: '02161230000',
        direction: i % 9 === 4 ? 'in' : 'out',
        callType: TYPES[i % TYPES.length] ?? 'other',
        result,
        provider: i % 4 === 3 ? 'zhichi' : 'tencent',
        startAt: start,
        endAt: new Date(start.getTime() + (duration + 8) * 1000),
        durationSeconds: duration,
        recordingUrl: duration ? `https://recordings.example.com/demo/${i + 1}.mp3` : null,
        content: duration ? (NOTES[i % NOTES.length] ?? '') : '',
        contentUpdatedAt: duration ? start : null,
        createdAt: start,
        updatedAt: start,
      })
      .returning({ id: callRecords.id });
    if (row && director && duration && i % 3 === 0) {
      const items = QUALITY_ITEMS.map((q, k) => ({ ...q, score: 60 + ((i * 7 + k * 11) % 41) }));
      const total = Math.round(items.reduce((s, x) => s + x.score, 0) / items.length);
      await db.insert(callQualityScores).values({
        callId: row.id,
        version: 1,
        current: true,
        items: items as never,
        total,
        comment: total >= 80 ? '沟通流畅，邀约明确' : '需求挖掘不够深入',
        reviewerId: director,
        reviewedAt: new Date(start.getTime() + 86_400_000),
      });
      await db.update(callRecords).set({ qualityTotal: total }).where(eq(callRecords.id, row.id));
    }
  }
}
