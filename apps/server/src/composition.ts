// The composition root: the one place an application's dependencies are built. It takes what the
// process opened (database, configuration, clock, auth) and adds the wiring between slices — the
// typed ports a slice answers for another that may not import it, and the in-transaction event bus —
// and the app's own caches. The server's start (main.ts), the tests' harness and the seeds use it,
// so two applications in one process (test files sharing a worker) share no state
// (docs/developing.md "Wiring", docs/decisions.md "A composition root").
import type { AppCaches, AppDeps, AppEvents, BaseDeps, Ports, Wiring } from './deps.js';
import { TokenCache } from './shared/providerHttp.js';
import { eventBus } from './shared/eventBus.js';
import { approvedLeaves } from './slices/absences/index.js';
import { passedConfirmationFilter } from './slices/classHours/index.js';
import { activeHolder, activeHolders, phoneTaken } from './slices/clues/index.js';
import { ordersForPayments } from './slices/orders/index.js';
import { salePriceOfCourse } from './slices/products/index.js';
import { promotionsSource } from './slices/promotions/index.js';
import { assertNotApplied } from './slices/salaryApplications/index.js';
import { recordSnapshots } from './slices/snapshots/index.js';
import { linkTermPayment } from './slices/termBills/index.js';
import { bookMakeupLesson, releaseMakeupLesson, releaseStudentLessons } from './slices/teaching/index.js';

/**
 * The production implementation of every port. Pricing reads the offers on the app's clock; without
 * one (a seed) it prices without offers, as the seeds always did (main.ts seeds before an app exists).
 */
function defaultPorts(now: (() => Date) | undefined): Ports {
  return {
    pricing: {
      offers: now ? promotionsSource(now) : null,
      listPrices: [{ name: 'productSalePrice', unitPrice: salePriceOfCourse }],
      rules: [],
    },
    ordersForPayments,
    leaves: approvedLeaves,
    phoneHolder: async (tx, phone) => {
      const h = await activeHolder(tx, phone);
      return h
        ? {
            clueId: h.c.id,
            clueCode: h.c.cluecode,
            studentCode: h.c.studentCode,
            ownerLabel: h.ownerName ?? h.c.flowState,
            taken: phoneTaken(h),
          }
        : null;
    },
    phoneHolders: async (tx, phones) => {
      const held = await activeHolders(tx, phones);
      return new Map(
        [...held].map(([p, h]) => [
          p,
          { clueCode: h.cluecode, ownerLabel: h.owner, studentCode: h.studentCode },
        ]),
      );
    },
    // Payroll pays a teacher's lessons of a period only under a passed class-hour confirmation.
    confirmedHours: passedConfirmationFilter,
    // A campus's period whose salary application passed is locked: payroll refuses recomputing or adjusting it.
    applicationLock: assertNotApplied,
  };
}

/**
 * The wiring of one application on its clock `now` (or of one seed run, without one): its ports
 * (`ports` replaces some, e.g. a test's own orders for the payments slice) and a bus with the
 * slices' subscriptions.
 */
export function wire(o: { now?: () => Date; ports?: Partial<Ports> } = {}): Wiring {
  const ports: Ports = { ...defaultPorts(o.now), ...o.ports };
  const events = eventBus<AppEvents>();
  // An approved leave (or temporary absence) releases the student's booked, unsigned lessons of its
  // period in the decision's transaction.
  events.on('leaveApproved', async (tx, leave) => {
    await releaseStudentLessons(tx, leave.studentId, leave.fromDate, leave.toDate);
  });
  // An approved make-up books its lesson on the timetable in the decision's transaction; a conflict
  // (teacher busy, holiday, leave …) fails the approval with what collides.
  events.on('makeupApproved', async (tx, m) => {
    await bookMakeupLesson(tx, { db: tx, now: () => m.at, ports }, m.approvedBy, {
      studentId: m.studentId,
      schoolItemCode: m.schoolItemCode,
      courseCode: m.courseCode,
      date: m.date,
      timeSpan: m.timeSpan,
      hours: m.hours,
      teacherUserId: m.teacherId,
      missedAttendanceId: m.missedAttendanceId,
    });
  });
  events.on('makeupRevoked', async (tx, m) => {
    await releaseMakeupLesson(tx, m);
  });
  // Each computation records the paid employees' data as it was (the employee snapshot of the period).
  events.on('periodComputed', async (tx, e) => {
    await recordSnapshots(tx, e);
  });
  // A confirmed online payment of a term pays that term.
  events.on('onlinePaymentRecorded', linkTermPayment);
  return { ports, events };
}

/** A new application's caches. */
export const appCaches = (): AppCaches => ({ listEstimates: new Map() });

/** Builds an application's dependencies: what the process opened, plus its wiring and caches. */
export function composeDeps(base: BaseDeps, o: { ports?: Partial<Ports> } = {}): AppDeps {
  return { ...base, ...wire({ ...o, now: base.now }), caches: appCaches(), tokens: new TokenCache() };
}
