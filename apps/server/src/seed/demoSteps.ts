// Steps the demo seeds share: the demo accounts acting in a seed, a purchase paid by the family and
// approved by finance, and a one-to-one lesson booked and signed. Each runs the slices' own commands,
// so a seed using them writes the rows a person would.
import { eq, inArray } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import type { AuthUser } from '../http/auth.js';
import { users, orders } from '../db/schema.js';
import { decide } from '../slices/approvals/index.js';
import { addPayRecord, createOrder } from '../slices/orders/index.js';
import { insertLessons, sign, type InsertInput } from '../slices/teaching/index.js';
import { seedActor, type SeedContext } from './context.js';

const IP = '127.0.0.1';

/**
 * The demo accounts named (username → roles) as seed actors acting on every campus, or null when
 * one of them is missing (a trimmed seed).
 */
export async function demoActors<N extends string>(
  db: SeedContext['db'],
  roles: Record<N, number[]>,
): Promise<Record<N, AuthUser> | null> {
  const names = Object.keys(roles) as N[];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const actors = {} as Record<N, AuthUser>;
  for (const name of names) {
    const row = people.find((p) => p.username === name);
    if (!row) return null;
    actors[name] = seedActor(row.id, name, roles[name]);
  }
  return actors;
}

/** A seed actor with privileges besides its roles' (a scheduler who plans and signs). */
export const withPrivileges = (actor: AuthUser, privileges: Iterable<string>): AuthUser => ({
  ...actor,
  privileges: new Set(privileges),
});

type OrderDeps = Parameters<typeof createOrder>[0];

/**
 * An order entered by `seller`, paid in full by the family on the deps' clock (`paidAt`) with
 * `method`, the payment approved by `finance`.
 */
export async function buyAndPay(
  deps: OrderDeps & Parameters<typeof decide>[0],
  seller: AuthUser,
  finance: AuthUser,
  order: Parameters<typeof createOrder>[2],
  pay: { method: number; paidAt: Date },
) {
  const o = await createOrder(deps, seller, order, IP);
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, o.id));
  if (!row) return;
  const r = await addPayRecord(
    deps,
    seller,
    {
      orderId: o.id,
      payer: 'family',
      method: pay.method,
      amount: fromCents(row.payableCents),
      paidAt: pay.paidAt.toISOString(),
      reference: `SEED-${o.code}`,
      remark: '',
    },
    IP,
  );
  if (r.approvalId) await decide(deps, finance, { id: r.approvalId, pass: true, comment: '已核对到账' }, IP);
}

type LessonDeps = Parameters<typeof insertLessons>[0];
type Mark = Parameters<typeof sign>[2]['items'][number];

/**
 * One lesson of one student booked by `actor` on `booking`'s clock (one-to-one unless `kind` says
 * otherwise), then, when `signing` is given, signed by the same actor on its clock with the
 * student's status; answers the lesson ids.
 */
export async function bookAndSign(
  booking: LessonDeps,
  actor: AuthUser,
  lesson: Omit<InsertInput, 'kind' | 'studentIds' | 'hours'> & {
    kind?: InsertInput['kind'];
    studentId: number;
  },
  signing?: { deps: LessonDeps; status: Mark['status']; remark: string },
) {
  const { studentId, kind, ...rest } = lesson;
  const { lessonIds } = await insertLessons(booking, actor, {
    ...rest,
    kind: kind ?? 'oneToOne',
    studentIds: [studentId],
    hours: 1,
  });
  if (signing)
    for (const lessonId of lessonIds)
      await sign(signing.deps, actor, {
        lessonId,
        items: [{ studentId, status: signing.status, remark: signing.remark }],
      });
  return lessonIds;
}
