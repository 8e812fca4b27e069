// Seeds an empty database: reference data always, demo data when asked. Order matters (references).
import type { PasswordCost } from '../shared/password.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SeedContext } from './context.js';
import { DETAILED_SCALE_MAX, seedBulkCalls, seedBulkClues, seedBulkResources } from './bulk.js';
import { seedBulkMoney } from './bulkMoney.js';
import { seedBulkPayroll } from './bulkPayroll.js';
import { users } from '../slices/system/tables.js';
import { seedOrganisation } from '../slices/organisation/seed.js';
import { seedEmployeesDemo } from '../slices/employees/seed.js';
import { seedClues } from '../slices/clues/seed.js';
import { seedStudentsDemo } from '../slices/students/seed.js';
import { seedCoursesDemo } from '../slices/courses/seed.js';
import { seedDictionaries, seedDictionariesDemo } from '../slices/dictionaries/seed.js';
import { seedResourcesDemo } from '../slices/resources/seed.js';
import { seedCallsDemo } from '../slices/calls/seed.js';
import { seedFinance } from '../slices/finance/seed.js';
import { seedClueSettings } from '../slices/clueSettings/seed.js';
import { seedCourseAuthority } from '../slices/courseAuthority/seed.js';
import { seedSchoolFinance } from '../slices/schoolFinance/seed.js';
import { seedOrdersDemo } from '../slices/orders/seed.js';
import { seedRefundsDemo } from '../slices/refunds/seed.js';
import { seedInvoiceRequestsDemo, seedInvoicesDemo } from '../slices/invoices/seed.js';
import { seedPayrollDemo } from '../slices/payroll/seed.js';
import { seedClassHoursDemo, seedClassHoursHistoryDemo } from '../slices/classHours/seed.js';
import { seedSalaryApplicationsDemo } from '../slices/salaryApplications/seed.js';
import { seedPayrollHistoryDemo } from '../slices/salaryApplications/historySeed.js';
import { seedProductsDemo } from '../slices/products/seed.js';
import { seedPromotionsDemo } from '../slices/promotions/seed.js';
import { seedAgreementsDemo } from '../slices/contracts/seed.js';
import { seedInstalmentsDemo } from '../slices/termBills/seed.js';
import { seedDiscountRatesDemo } from '../slices/discountRates/seed.js';
import { seedStatementsDemo } from '../slices/statements/seed.js';
import { seedRefundApplicationsDemo } from '../slices/refundApplications/seed.js';
import { seedFunderSharesDemo } from '../slices/orders/funderSeed.js';
import { seedAssessmentsDemo } from '../slices/products/assessSeed.js';
import { seedSealingDemo } from '../slices/sealing/seed.js';
import { seedTrainingDemo } from '../slices/training/seed.js';
import { seedTeachingPlanDemo } from '../slices/teaching/seed.js';
import { seedTimetableDemo } from '../slices/teaching/timetableSeed.js';
import { seedDemoUsers, seedFirstAdmin, seedPrivileges, seedRoles } from '../slices/system/seed.js';
// Teaching and services demo rows (docs/demo.md "Teaching and services").
import { seedCentreLeaderDemo } from '../slices/system/seed.js';
import { seedPupilOrdersDemo } from '../slices/orders/pupilSeed.js';
import { seedLessonHistoryDemo, seedTodayLessonsDemo } from '../slices/teaching/historySeed.js';
import { seedSchoolTransfersDemo } from '../slices/schoolTransfers/seed.js';
import { seedAbsencesDemo } from '../slices/absences/seed.js';
import { seedTeachingServicesDemo } from '../slices/teaching/servicesSeed.js';
import { seedFeedbackDemo } from '../slices/feedback/seed.js';
import { seedCourseTransfersDemo } from '../slices/courseTransfers/seed.js';
import { wire } from '../composition.js';
import { seedSaturationSnapshotsDemo } from '../slices/dashboards/seed.js';
// The demo roles' last empty screens (docs/demo.md "Teacher, HR and sales screens").
import { seedExtraHoursDemo } from '../slices/payroll/extraHoursSeed.js';
import { seedTeacherMonthDemo } from '../slices/teaching/confirmSeed.js';
import { seedClueReferralsDemo } from '../slices/clues/referralSeed.js';
import { seedTodosDemo } from '../slices/tasks/seed.js';

/** Reference data every database needs (roles, privileges, dictionaries), demo or not. One line per slice. */
const referenceSeeds: Array<(c: SeedContext) => Promise<void>> = [
  seedRoles,
  seedPrivileges,
  seedDictionaries,
];

/** Demo data, in dependency order. One line per slice. */
const demoSeeds: Array<(c: SeedContext) => Promise<void>> = [
  seedOrganisation,
  seedTimetableDemo,
  seedEmployeesDemo,
  seedDemoUsers,
  seedDictionariesDemo,
  seedCoursesDemo,
  seedFinance,
  seedClueSettings,
  seedCourseAuthority,
  seedSchoolFinance,
  seedClues,
  seedStudentsDemo,
  seedResourcesDemo,
  seedCallsDemo,
  seedOrdersDemo,
  seedRefundsDemo,
  seedInvoicesDemo,
  seedPayrollDemo,
  seedClassHoursDemo,
  // A year of the running company's money (docs/demo.md "Finance, HR and sales"): class hours and
  // payroll of every closed month (before SH01's applied month below), products and offers.
  seedTrainingDemo,
  seedClassHoursHistoryDemo,
  // Hours outside the timetable of the closed months, before the payroll history computes them.
  seedExtraHoursDemo,
  seedPayrollHistoryDemo,
  seedProductsDemo,
  seedPromotionsDemo,
  seedInvoiceRequestsDemo,
  seedAgreementsDemo,
  seedInstalmentsDemo,
  seedDiscountRatesDemo,
  seedStatementsDemo,
  seedRefundApplicationsDemo,
  seedFunderSharesDemo,
  seedAssessmentsDemo,
  seedSalaryApplicationsDemo,
  seedTeachingPlanDemo,
  // Teaching and services.
  seedCentreLeaderDemo,
  seedPupilOrdersDemo,
  seedLessonHistoryDemo,
  seedSchoolTransfersDemo,
  seedAbsencesDemo,
  seedCourseTransfersDemo,
  seedTeachingServicesDemo,
  seedFeedbackDemo,
  seedTodayLessonsDemo,
  // The nightly saturation snapshots of the past month, once the lessons above are booked.
  seedSaturationSnapshotsDemo,
  // The teacher's month to confirm, referrals, a consultant's approval and todos.
  seedTeacherMonthDemo,
  seedClueReferralsDemo,
  seedTodosDemo,
  // Last: a sealed month refuses what the seeds above date in it (docs/demo.md "Finance, HR and sales").
  seedSealingDemo,
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (r?.n ?? 0) === 0;
}

export type SeedMode = { kind: 'demo' } | { kind: 'admin'; password: string } | { kind: 'none' };

/**
 * Benchmark volume beyond the detailed demo rows (scale > DETAILED_SCALE_MAX), in bulk SQL (the
 * payroll by its own computation); returns how many rows of each kind it added (months of payroll).
 * The bulk tables are analyzed as they are filled; at the end every table not yet analyzed is, since
 * the small reference tables (posts, campuses, courses…) are too small for autovacuum ever to analyze
 * them, and a plan over a million rows should not guess their size.
 */
export async function seedBulk(ctx: SeedContext) {
  const added = {
    clues: await seedBulkClues(ctx),
    resources: await seedBulkResources(ctx),
    calls: await seedBulkCalls(ctx),
    orders: await seedBulkMoney(ctx),
    payrollMonths: await seedBulkPayroll(ctx),
  };
  if (ctx.scale > DETAILED_SCALE_MAX) {
    // The tables the bulk steps analyzed as they filled them are not read a second time.
    const never = (await ctx.db.execute(sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0`)) as unknown as {
      rows: Array<{ relname: string }>;
    };
    for (const { relname } of never.rows) await ctx.db.execute(sql`analyze ${sql.identifier(relname)}`);
  }
  return added;
}

/** Told before each step of a seed: the step's name (its seed function's), its number and how many. */
export type SeedProgress = (step: string, index: number, count: number) => void;

/** Seeds in one transaction, so a failed seed leaves the database empty. */
export async function seed(
  db: Db,
  mode: SeedMode,
  o: { scale: number; now: Date; passwordCost: PasswordCost; progress?: SeedProgress },
) {
  const { progress, ...opts } = o;
  await db.transaction(async (tx) => {
    // The slices seed their detailed demo rows one by one; volume beyond that is bulk SQL.
    const bulk = mode.kind === 'demo' && opts.scale > DETAILED_SCALE_MAX;
    const ctx: SeedContext = {
      db: tx,
      // The seams between slices (an approved leave releases lessons, an approved make-up books one):
      // the demo rows' approvals run them as the endpoints' do.
      wiring: wire(),
      ...opts,
      scale: Math.min(opts.scale, DETAILED_SCALE_MAX),
      bulkFollows: bulk,
    };
    const steps = mode.kind === 'demo' ? [...referenceSeeds, ...demoSeeds] : referenceSeeds;
    const count = steps.length + (bulk ? 1 : 0);
    for (const [i, s] of steps.entries()) {
      progress?.(s.name.replace(/^seed/, '').replace(/Demo$/, ''), i + 1, count);
      await s(ctx);
    }
    if (mode.kind === 'demo') {
      if (bulk) progress?.('Bulk volume', count, count);
      await seedBulk({ ...ctx, scale: opts.scale });
      // The monthly aggregates again from the movements the slices posted (the bulk load fills
      // them itself, after its lessons are staffed).
      if (!bulk) await tx.execute(sql`select ledger_aggregates_fill()`);
    }
    if (mode.kind === 'admin') await seedFirstAdmin(ctx, mode.password);
  });
}
