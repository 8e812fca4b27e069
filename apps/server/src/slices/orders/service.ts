// Income order commands (docs/order-states.md): create (also from a clue), edit, revoke, and the pay
// records that pay an order. One transaction per command; every move asks the order machine.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { shanghaiDate, centsOf } from '@bo/domain';
import type { Quote } from '../pricing/index.js';
import { toQ100 } from '../ledger/index.js';
import type { Ports } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { nextNumbered } from '../../db/numbering.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation } from '../../http/errors.js';
import { assertOpen, assertOpenAt } from '../sealing/index.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { checkVersion, lockOne } from '../../shared/stateMachine.js';
import { closeRequest, fileRequest } from '../approvals/index.js';
import { loadClue, move } from '../clues/index.js';
import { DELETED, createStudent, students } from '../students/index.js';
import {
  PAY_LIVE,
  PAY_PENDING,
  PAY_VOID,
  loadOrder,
  quoteLines,
  splitOf,
  writeLines,
  type LinesInput,
  type OrderRecord,
  type PayRecord,
} from './common.js';
import { INCOME_ORDER_PAY } from './approval.js';
import { assertReason, fileGiveaway, giveawayOf, limitOf } from './giveaway.js';
import { derivedOrderType } from './orderType.js';
import { nextStatus, ORDER_STATUS_CODE } from './states.js';
import { orders, payRecords } from './tables.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

/**
 * What a command needs: the database (or a seed's transaction) and the clock; the server's
 * configuration where a rule reads a setting (a seed writing history passes none, and the give-away
 * limits then take their default).
 */
export interface Deps {
  db: DbOrTx;
  now: () => Date;
  /** Prices (offers, list prices); a clue paying becomes a student: the phone rule asks who holds the phone. */
  ports: Pick<Ports, 'phoneHolder' | 'pricing'>;
  config?: { PAY_DATE_MAX_DAYS_BACK?: number; GIVEAWAY_LIMITS?: string | undefined };
}

/** Who does it and when; a gateway notification has no user. */
export interface Actor {
  userId: number | null;
  username: string | null;
  at: Date;
  ip: string | null;
}
const actorOf = (u: AuthUser, at: Date, ip: string): Actor => ({
  userId: u.id,
  username: u.username,
  at,
  ip,
});

const audit = (tx: DbOrTx, a: Actor, action: string, target: string, detail: Record<string, unknown>) =>
  writeAudit(tx, {
    action,
    target,
    detail,
    userId: a.userId,
    username: a.username,
    ip: a.ip,
    at: a.at,
  });

async function loadStudent(tx: DbOrTx, id: number) {
  const [s] = await tx.select().from(students).where(eq(students.id, id));
  if (!s || s.status === DELETED) throw badInput('studentId', 'studentId: 学员不存在 / no such student');
  return s;
}

export async function insertOrder(
  tx: DbOrTx,
  a: Actor,
  v: Omit<typeof orders.$inferInsert, 'id' | 'code' | 'createdBy' | 'createdAt' | 'updatedAt'>,
) {
  const { id, code } = await nextNumbered(tx, orders, { prefix: 'DD', digits: 10 });
  const [row] = await tx
    .insert(orders)
    .values({
      ...v,
      id,
      code,
      createdBy: a.userId,
      createdAt: a.at,
      updatedAt: a.at,
    })
    .returning();
  return must(row, 'order');
}

type CreateBody = LinesInput & {
  schoolItemCode: string;
  studentId: number;
  adviserId?: number | null | undefined;
  remark: string;
  giveawayReason?: string | undefined;
};

/**
 * The give-away of a priced order against the caller's limit: within it nothing changes (status
 * `within`); above it (or at payable 0) a reason is required and the order waits for the campus
 * head's approval, filed by `askApproval` once the order exists.
 */
function checkGiveaway(
  deps: Deps,
  u: AuthUser,
  q: Quote,
  b: LinesInput & { giveawayReason?: string | undefined },
) {
  const typed = b.items.map((i) => (i.giftQuantity ? toQ100(i.giftQuantity) : 0));
  const facts = giveawayOf(q, typed, centsOf(b.manualDiscount), limitOf(u, deps.config?.GIVEAWAY_LIMITS));
  const reason = assertReason(facts, b.giveawayReason);
  return {
    needed: facts.over.length > 0,
    askApproval: (tx: DbOrTx, o: OrderRecord, studentName: string, a: Actor) =>
      fileGiveaway(tx, a.userId, o, studentName, facts, reason, a.at),
  };
}

/** The declined offers an order keeps: each code once, in the order sent. */
const declinedOf = (sent: readonly string[] | undefined): string[] => [...new Set(sent ?? [])];

/** The new or edited order's adviser: the one sent, else the student's (so the commission has an owner). */
const adviserOf = (sent: number | null | undefined, student: { adviserId: number | null }) =>
  sent ?? student.adviserId ?? null;

/** Files the give-away approval of a written order (status 5) and keeps its id on the order. */
async function giveAway(
  tx: DbOrTx,
  o: OrderRecord,
  give: ReturnType<typeof checkGiveaway>,
  studentName: string,
  a: Actor,
) {
  const id = await give.askApproval(tx, o, studentName, a);
  await tx.update(orders).set({ giveawayApprovalId: id }).where(eq(orders.id, o.id));
  return id;
}

/** What a sealed period refuses here (sealing's message names it). */
const ORDERS = '订单 / orders';

/** Creates an unpaid order for a student of the caller's campuses, priced on the server. */
export async function createOrder(deps: Deps, u: AuthUser, b: CreateBody, ip: string) {
  const a = actorOf(u, deps.now(), ip);
  assertCampus(u, b.schoolItemCode);
  if (b.orderType === 4)
    throw badInput(
      'orderType',
      'orderType: 线索缴费请从线索创建订单 / a clue payment is created from the clue',
    );
  return deps.db.transaction(async (tx) => {
    const s = await loadStudent(tx, b.studentId);
    assertCampus(u, s.schoolItemCode);
    await assertOpenAt(tx, a.at, ORDERS);
    if (s.schoolItemCode !== b.schoolItemCode)
      throw badInput(
        'schoolItemCode',
        'schoolItemCode: 订单校区须为学员所在校区 / the order’s campus must be the student’s',
      );
    // The type follows the student's history; a type the client sent is not read (issue 33 §4).
    const orderType = await derivedOrderType(tx, s.id);
    const q = await quoteLines(deps.ports.pricing, tx, s.schoolItemCode, s.id, { ...b, orderType }, a.at);
    const split = await splitOf(tx, q, b, s.insurance);
    const give = checkGiveaway(deps, u, q, b);
    const o = await insertOrder(tx, a, {
      orderType,
      status: give.needed ? 5 : 10,
      studentId: s.id,
      schoolItemCode: s.schoolItemCode,
      listCents: q.listCents,
      discountCents: q.discountCents,
      payableCents: q.payableCents,
      ...split,
      manualDiscountCents: centsOf(b.manualDiscount),
      declinedOffers: declinedOf(b.declinedOffers),
      adviserId: adviserOf(b.adviserId, s),
      remark: b.remark,
    });
    await writeLines(deps.ports.pricing, tx, o.id, q);
    const giveawayApprovalId = give.needed ? await giveAway(tx, o, give, s.name, a) : null;
    await audit(tx, a, 'order.create', `orders:${o.code}`, { payable: q.payableCents, student: s.code });
    return {
      id: o.id,
      code: o.code,
      studentId: s.id,
      studentCode: s.code,
      status: o.status,
      giveawayApprovalId,
    };
  });
}

type ClueCreateBody = LinesInput & {
  giveawayReason?: string | undefined;
  clueId: number;
  student: { name: string; gender: number; birthDate?: string | null | undefined; parentName: string };
  adviserId?: number | null | undefined;
  remark: string;
};

/**
 * A clue pays before it is a student: the student is created, the clue converted and the order
 * written in one transaction — a failure anywhere leaves none of them.
 */
export async function createClueOrder(deps: Deps, u: AuthUser, b: ClueCreateBody, ip: string) {
  const a = actorOf(u, deps.now(), ip);
  return deps.db.transaction(async (tx) => {
    const c = await loadClue(tx, b.clueId, true, 'clueId');
    if (!c.schoolItemCode) throw ruleViolation('线索尚未分配校区 / the clue has no campus yet', 'clueId');
    assertCampus(u, c.schoolItemCode);
    await assertOpenAt(tx, a.at, ORDERS);
    if (c.studentCode)
      throw conflict(
        `线索已是学员 ${c.studentCode} / the clue is already student ${c.studentCode}`,
        'clueId',
      );
    const s = await createStudent(
      deps.ports.phoneHolder,
      tx,
      {
        name: b.student.name,
        gender: b.student.gender,
        birthDate: b.student.birthDate ?? null,
        parentName: b.student.parentName,
        phone: c.phone,
        schoolItemCode: c.schoolItemCode,
        sourceClueId: c.id,
        insurance: c.insurance,
      },
      { userId: u.id, at: a.at },
    );
    await move(tx, c, {
      action: 'payConvert',
      actor: u,
      now: a.at,
      patch: { studentCode: s.code, convertedAt: a.at, nextVisitAt: null },
      detail: { studentCode: s.code, payment: true },
    });
    // Priced after the student exists: a refused price rolls the student and the clue back with it.
    // A clue payment by its flow (issue 33 §4), whatever type the client sent.
    const q = await quoteLines(deps.ports.pricing, tx, c.schoolItemCode, s.id, { ...b, orderType: 4 }, a.at);
    const split = await splitOf(tx, q, b, c.insurance);
    const give = checkGiveaway(deps, u, q, b);
    const o = await insertOrder(tx, a, {
      orderType: 4,
      status: give.needed ? 5 : 10,
      studentId: s.id,
      schoolItemCode: c.schoolItemCode,
      listCents: q.listCents,
      discountCents: q.discountCents,
      payableCents: q.payableCents,
      ...split,
      manualDiscountCents: centsOf(b.manualDiscount),
      declinedOffers: declinedOf(b.declinedOffers),
      adviserId: b.adviserId ?? c.ownerUserId ?? null,
      remark: b.remark,
    });
    await writeLines(deps.ports.pricing, tx, o.id, q);
    const giveawayApprovalId = give.needed ? await giveAway(tx, o, give, s.name, a) : null;
    await audit(tx, a, 'order.clueCreate', `orders:${o.code}`, { clue: c.cluecode, student: s.code });
    return {
      id: o.id,
      code: o.code,
      studentId: s.id,
      studentCode: s.code,
      status: o.status,
      giveawayApprovalId,
    };
  });
}

/** Changes an unpaid order's lines (state 10 only, on the version read), priced again. */
export async function editOrder(
  deps: Deps,
  u: AuthUser,
  b: LinesInput & {
    id: number;
    version: number;
    adviserId?: number | null | undefined;
    remark: string;
    giveawayReason?: string | undefined;
  },
  ip: string,
) {
  const a = actorOf(u, deps.now(), ip);
  return deps.db.transaction(async (tx) => {
    const o = await loadOrder(tx, u, b.id, true, 'id');
    checkVersion(o.version, b.version);
    nextStatus('edit', o.status);
    await assertOpenAt(tx, o.createdAt, ORDERS);
    const s = await loadStudent(tx, o.studentId);
    // New enrolment or renewal follow the history again; the other types stay with their flow.
    const orderType =
      o.orderType === 0 || o.orderType === 1 ? await derivedOrderType(tx, s.id, o.id) : o.orderType;
    // An edit that names no declined offers keeps the order's (a client that does not know the field
    // must not put back an offer the family declined); an empty list declines none.
    const declinedOffers = b.declinedOffers === undefined ? o.declinedOffers : declinedOf(b.declinedOffers);
    const q = await quoteLines(
      deps.ports.pricing,
      tx,
      o.schoolItemCode,
      s.id,
      { ...b, orderType, declinedOffers },
      a.at,
      o.id,
    );
    const split = await splitOf(tx, q, b, s.insurance);
    const give = checkGiveaway(deps, u, q, b);
    const edited = await updateVersioned(tx, orders, {
      where: eq(orders.id, o.id),
      version: o.version,
      set: {
        orderType,
        status: give.needed ? nextStatus('askGiveaway', o.status) : o.status,
        listCents: q.listCents,
        discountCents: q.discountCents,
        payableCents: q.payableCents,
        ...split,
        manualDiscountCents: centsOf(b.manualDiscount),
        declinedOffers,
        adviserId: adviserOf(b.adviserId, s),
        remark: b.remark,
      },
      at: a.at,
    });
    await writeLines(deps.ports.pricing, tx, o.id, q);
    const giveawayApprovalId = give.needed ? await giveAway(tx, edited, give, s.name, a) : null;
    await audit(tx, a, 'order.edit', `orders:${o.code}`, { payable: q.payableCents });
    return {
      id: o.id,
      code: o.code,
      studentId: s.id,
      studentCode: s.code,
      status: edited.status,
      giveawayApprovalId,
    };
  });
}

/** Revokes an order not yet effective: its pending records become void, an open approval closes. */
export async function revokeOrder(
  deps: Deps,
  u: AuthUser,
  id: number,
  b: { reason: string; version?: number | undefined },
  ip: string,
) {
  const a = actorOf(u, deps.now(), ip);
  await deps.db.transaction(async (tx) => {
    const o = await loadOrder(tx, u, id, true);
    checkVersion(o.version, b.version);
    const status = nextStatus('revoke', o.status);
    await assertOpenAt(tx, o.createdAt, ORDERS);
    if (o.paidCents > 0)
      throw ruleViolation(
        '订单已有确认的付款，不能撤销 / the order has confirmed payments and cannot be revoked',
        'status',
      );
    await tx
      .update(payRecords)
      .set({ status: PAY_VOID, updatedAt: a.at, version: nextVersion(payRecords) })
      .where(and(eq(payRecords.orderId, o.id), eq(payRecords.status, PAY_PENDING)));
    if (o.status === ORDER_STATUS_CODE.awaitingApproval && o.approvalId)
      await closeRequest(tx, o.approvalId, u, a.at, b.reason || '订单已撤销 / the order was revoked');
    if (o.status === ORDER_STATUS_CODE.awaitingGiveaway && o.giveawayApprovalId)
      await closeRequest(tx, o.giveawayApprovalId, u, a.at, b.reason || '订单已撤销 / the order was revoked');
    await setStatus(tx, o, status, a.at);
    await audit(tx, a, 'order.revoke', `orders:${o.code}`, { from: o.status, reason: b.reason });
  });
}

/** Moves a locked order to a status on the version read. */
export async function setStatus(
  tx: DbOrTx,
  o: OrderRecord,
  status: number,
  at: Date,
  patch: Partial<typeof orders.$inferInsert> = {},
) {
  return updateVersioned(tx, orders, {
    where: eq(orders.id, o.id),
    version: o.version,
    set: { ...patch, status },
    at,
  });
}

/** A payment time as typed (a day is its Shanghai midnight); refused when unreadable or after today. */
export function paidAtOf(text: string, now: Date): Date {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00+08:00` : text);
  if (Number.isNaN(at.getTime())) throw badInput('paidAt', '付款时间无效 / not a valid payment time');
  if (shanghaiDate(at) > shanghaiDate(now))
    throw badInput('paidAt', '付款日期不能晚于今天 / the payment date cannot be in the future');
  return at;
}

const PAY_RECORDS = '付款记录 / pay records';
const DAY_MS = 86_400_000;

/**
 * The date rules of a pay record (docs/order-states.md "Payment date"), each with its own message on
 * `paidAt`: never before the order existed (422) and at most `maxDaysBack` days before today (422),
 * for a date someone typed; never in a sealed month (409, sealing's one check), for every record.
 * `maxDaysBack` null: the gateway dated it, or a seed writes demo history. The future is refused
 * where the date is typed (paidAtOf).
 */
export async function assertPayDate(
  tx: DbOrTx,
  o: Pick<OrderRecord, 'code' | 'createdAt'>,
  paidAt: Date,
  now: Date,
  maxDaysBack: number | null,
) {
  const day = shanghaiDate(paidAt);
  if (maxDaysBack !== null) {
    const created = shanghaiDate(o.createdAt);
    if (day < created)
      throw ruleViolation(
        `付款日期 ${day} 早于订单${o.code}的创建日 ${created} / the payment date ${day} is before order ${o.code} existed (created ${created})`,
        'paidAt',
      );
    const earliest = shanghaiDate(new Date(now.getTime() - maxDaysBack * DAY_MS));
    if (day < earliest)
      throw ruleViolation(
        `付款日期 ${day} 超出可补录的 ${maxDaysBack} 天（最早 ${earliest}） / the payment date ${day} is more than ${maxDaysBack} days back (the earliest allowed is ${earliest})`,
        'paidAt',
      );
  }
  await assertOpen(tx, { day, what: PAY_RECORDS, field: 'paidAt' });
}

export interface PayInput {
  orderId: number;
  payer: 'family' | 'funder';
  method: number;
  amountCents: number;
  paidAt: Date;
  reference: string | null;
  remark: string;
  /** How many days back paidAt may be (the setting, for a typed date); null: the gateway dated it. */
  maxDaysBack: number | null;
}

/** What a payer may still record on an order: its share less its live records (except one being corrected). */
async function roomFor(tx: DbOrTx, o: OrderRecord, payer: 'family' | 'funder', exceptId?: number) {
  const rows = await tx
    .select({
      payer: payRecords.payer,
      cents: sql<string>`coalesce(sum(${payRecords.amountCents}), 0)::text`,
    })
    .from(payRecords)
    .where(
      and(
        eq(payRecords.orderId, o.id),
        inArray(payRecords.status, PAY_LIVE),
        exceptId ? ne(payRecords.id, exceptId) : undefined,
      ),
    )
    .groupBy(payRecords.payer);
  const of = (p: string) => Number(rows.find((r) => r.payer === p)?.cents ?? 0);
  const share = payer === 'family' ? o.familyCents : o.funderCents;
  return { room: share - of(payer), total: of('family') + of('funder') };
}

function overPaid(payer: 'family' | 'funder', room: number): never {
  throw ruleViolation(
    `付款金额超过${payer === 'family' ? '家庭' : '资助方'}应付余额 ¥${(Math.max(room, 0) / 100).toFixed(2)} / the amount exceeds what the ${payer} still owes (¥${(Math.max(room, 0) / 100).toFixed(2)})`,
    'amount',
  );
}

async function assertReferenceFree(tx: DbOrTx, method: number, reference: string | null, exceptId?: number) {
  if (!reference) return;
  const [taken] = await tx
    .select({ id: payRecords.id })
    .from(payRecords)
    .where(
      and(
        eq(payRecords.method, method),
        eq(payRecords.reference, reference),
        inArray(payRecords.status, PAY_LIVE),
        exceptId ? ne(payRecords.id, exceptId) : undefined,
      ),
    );
  if (taken)
    throw conflict(`流水号 ${reference} 已登记 / reference ${reference} is already recorded`, 'reference');
}

/** Files the payment approval when the live records cover the payable exactly, else marks part paid. */
async function afterRecords(tx: DbOrTx, o: OrderRecord, total: number, a: Actor) {
  if (total === o.payableCents) {
    nextStatus('payInFull', o.status);
    const s = await loadStudent(tx, o.studentId);
    const approvalId = await fileRequest(
      tx,
      a.userId,
      {
        kind: INCOME_ORDER_PAY,
        subjectId: o.id,
        subjectCode: o.code,
        subjectName: s.name,
        schoolItemCode: o.schoolItemCode,
        amountCents: o.payableCents,
        payload: { orderId: o.id },
      },
      a.at,
    );
    const moved = await setStatus(tx, o, nextStatus('payInFull', o.status), a.at, { approvalId });
    return { status: moved.status, approvalId };
  }
  const moved = await setStatus(tx, o, total > 0 ? nextStatus('pay', o.status) : o.status, a.at);
  return { status: moved.status, approvalId: null };
}

/**
 * Records a payment on a locked order: refused above what its payer still owes; records covering
 * the payable exactly file the payment approval (state 30), else the order is part paid.
 */
export async function addRecord(tx: DbOrTx, o: OrderRecord, p: PayInput, a: Actor) {
  if (p.amountCents <= 0) throw badInput('amount', 'amount: 付款金额须大于0 / the amount must be above 0');
  nextStatus('pay', o.status);
  if (p.payer === 'funder' && !o.funderCents)
    throw badInput('payer', 'payer: 该订单没有资助方分摊 / the order has no funder share');
  const { room, total } = await roomFor(tx, o, p.payer);
  if (p.amountCents > room) overPaid(p.payer, room);
  await assertReferenceFree(tx, p.method, p.reference);
  await assertPayDate(tx, o, p.paidAt, a.at, p.maxDaysBack);
  const [rec] = await tx
    .insert(payRecords)
    .values({
      orderId: o.id,
      payer: p.payer,
      method: p.method,
      amountCents: p.amountCents,
      paidAt: p.paidAt,
      reference: p.reference,
      remark: p.remark,
      status: PAY_PENDING,
      createdBy: a.userId,
      createdAt: a.at,
      updatedAt: a.at,
    })
    .returning();
  const r = must(rec, 'pay record');
  const next = await afterRecords(tx, o, total + p.amountCents, a);
  await audit(tx, a, 'order.pay', `orders:${o.code}`, {
    record: r.id,
    cents: p.amountCents,
    method: p.method,
  });
  return { id: r.id, orderStatus: next.status, approvalId: next.approvalId };
}

/** The setting of how far back a typed payment date may be (none for a seed writing history). */
export const payDateWindow = (deps: Pick<Deps, 'config'>) => deps.config?.PAY_DATE_MAX_DAYS_BACK ?? null;

export async function addPayRecord(
  deps: Deps,
  u: AuthUser,
  b: {
    orderId: number;
    payer: 'family' | 'funder';
    method: number;
    amount: string;
    paidAt: string;
    reference?: string | null | undefined;
    remark: string;
    version?: number | undefined;
  },
  ip: string,
) {
  const a = actorOf(u, deps.now(), ip);
  const paidAt = paidAtOf(b.paidAt, a.at);
  if (b.method === 4 && !b.reference)
    throw badInput(
      'reference',
      'reference: 线上支付须填写交易流水号 / an online payment needs its trade number',
    );
  return deps.db.transaction(async (tx) => {
    const o = await loadOrder(tx, u, b.orderId, true, 'orderId');
    checkVersion(o.version, b.version);
    return addRecord(
      tx,
      o,
      {
        orderId: o.id,
        payer: b.payer,
        method: b.method,
        amountCents: centsOf(b.amount),
        paidAt,
        reference: b.reference || null,
        remark: b.remark,
        maxDaysBack: payDateWindow(deps),
      },
      a,
    );
  });
}

/** Corrects a pending record while its order waits for payment (records cover the payable exactly → approval). */
export async function updatePayRecord(
  deps: Deps,
  u: AuthUser,
  b: {
    id: number;
    version: number;
    method: number;
    amount: string;
    paidAt: string;
    reference?: string | null | undefined;
    remark: string;
  },
  ip: string,
) {
  const a = actorOf(u, deps.now(), ip);
  const paidAt = paidAtOf(b.paidAt, a.at);
  const amountCents = centsOf(b.amount);
  if (amountCents <= 0) throw badInput('amount', 'amount: 付款金额须大于0 / the amount must be above 0');
  await deps.db.transaction(async (tx) => {
    const [head] = await tx
      .select({ orderId: payRecords.orderId })
      .from(payRecords)
      .where(eq(payRecords.id, b.id));
    if (!head) throw notFound('付款记录 / pay record');
    const o = await loadOrder(tx, u, head.orderId, true);
    const r: PayRecord = await lockOne(
      tx.select().from(payRecords).where(eq(payRecords.id, b.id)),
      '付款记录 / pay record',
      'id',
    );
    checkVersion(r.version, b.version);
    if (r.status !== PAY_PENDING)
      throw ruleViolation('只能修改待确认的付款记录 / only a pending pay record can be changed', 'status');
    nextStatus('updatePay', o.status);
    if (r.method === 4 && b.method !== 4)
      throw badInput('method', 'method: 线上支付记录不能改为其他方式 / an online payment keeps its method');
    const { room, total } = await roomFor(tx, o, r.payer as 'family' | 'funder', r.id);
    if (amountCents > room) overPaid(r.payer as 'family' | 'funder', room);
    await assertReferenceFree(tx, b.method, b.reference || null, r.id);
    // The record as it was and as it becomes: neither may be dated in a sealed month.
    await assertOpenAt(tx, r.paidAt, PAY_RECORDS, 'paidAt');
    await assertPayDate(tx, o, paidAt, a.at, payDateWindow(deps));
    await updateVersioned(tx, payRecords, {
      where: eq(payRecords.id, r.id),
      version: r.version,
      set: { method: b.method, amountCents, paidAt, reference: b.reference || null, remark: b.remark },
      at: a.at,
    });
    await afterRecords(tx, o, total + amountCents, a);
    await audit(tx, a, 'order.payUpdate', `orders:${o.code}`, { record: r.id, cents: amountCents });
  });
}

/**
 * An online payment the payments slice confirmed at the gateway, in its transaction. Idempotent on
 * the gateway's trade number: a repeated notification answers the record already written.
 */
export async function recordPayment(
  tx: DbOrTx,
  p: {
    orderId: number;
    payer?: 'family' | 'funder';
    method: 4;
    amountCents: number;
    reference: string;
    paidAt: Date;
  },
  by: { userId: number | null; at: Date },
): Promise<{ id: number; orderStatus: number; approvalId: number | null; repeated: boolean }> {
  const [seen] = await tx
    .select()
    .from(payRecords)
    .where(and(eq(payRecords.method, p.method), eq(payRecords.reference, p.reference)));
  if (seen) {
    const o = await loadOrder(tx, null, seen.orderId);
    if (seen.orderId !== p.orderId || seen.amountCents !== p.amountCents)
      throw conflict(
        `交易号 ${p.reference} 已用于另一笔付款 / trade number ${p.reference} belongs to another payment`,
        'reference',
      );
    return { id: seen.id, orderStatus: o.status, approvalId: o.approvalId, repeated: true };
  }
  const o = await loadOrder(tx, null, p.orderId, true);
  const actor: Actor = { userId: by.userId, username: null, at: by.at, ip: null };
  const r = await addRecord(
    tx,
    o,
    {
      orderId: o.id,
      payer: p.payer ?? 'family',
      method: p.method,
      amountCents: p.amountCents,
      paidAt: p.paidAt,
      reference: p.reference,
      remark: '',
      maxDaysBack: null,
    },
    actor,
  );
  return { ...r, repeated: false };
}
