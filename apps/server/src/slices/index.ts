// Every server slice, registered from the contract. One line per slice.
import type { FastifyInstance } from 'fastify';
import { contract } from '@bo/api-sdk';
import type { AppDeps } from '../deps.js';
import { registerSlice } from '../http/register.js';
import { systemHandlers } from './system/index.js';
import { feedbackHandlers } from './feedback/index.js';
import { commonHandlers } from './common/index.js';
import { organisationHandlers } from './organisation/index.js';
import { dictionariesHandlers } from './dictionaries/index.js';
import { coursesHandlers } from './courses/index.js';
import { financeHandlers } from './finance/index.js';
import { employeesHandlers } from './employees/index.js';
import { clueSettingsHandlers } from './clueSettings/index.js';
import { courseAuthorityHandlers } from './courseAuthority/index.js';
import { schoolFinanceHandlers } from './schoolFinance/index.js';
import { cluesHandlers } from './clues/index.js';
import { resourcesHandlers } from './resources/index.js';
import { callsHandlers } from './calls/index.js';
import { tasksHandlers } from './tasks/index.js';
import { workbenchHandlers } from './workbench/index.js';
import { clueAnalysisHandlers } from './clueAnalysis/index.js';
import { courseTransfersHandlers } from './courseTransfers/index.js';
import { dashboardsHandlers, staffFiguresHandlers } from './dashboards/index.js';
import { reportsHandlers } from './reports/index.js';
import { dataRecoveryHandlers } from './dataRecovery/index.js';
import { approvalsHandlers } from './approvals/index.js';
import { registerPayments } from './payments/index.js';
import { studentsHandlers } from './students/index.js';

/** The parents' pages of text-message links (server-rendered HTML outside /api). */
export { publicPages } from './clues/index.js';
import { ordersHandlers } from './orders/index.js';
import { refundsHandlers } from './refunds/index.js';
import { statementsHandlers } from './statements/index.js';
import { termBillsHandlers } from './termBills/index.js';
import {
  bookMakeupLesson,
  releaseMakeupLesson,
  releaseStudentLessons,
  teachingHandlers,
  useApprovedLeaves,
} from './teaching/index.js';
import { setOfferSource } from './pricing/index.js';
import { promotionsHandlers, promotionsSource } from './promotions/index.js';
import {
  absencesHandlers,
  approvedLeaves,
  onLeaveApproved,
  onMakeupApproved,
  onMakeupRevoked,
} from './absences/index.js';
import { schoolTransfersHandlers } from './schoolTransfers/index.js';
import { refundApplicationsHandlers } from './refundApplications/index.js';
import { registerContracts } from './contracts/index.js';
import { invoicesHandlers } from './invoices/index.js';
import { productsHandlers } from './products/index.js';
import {
  onPeriodComputed,
  payrollHandlers,
  useApplicationLock,
  useConfirmedHoursFilter,
} from './payroll/index.js';
import { discountRatesHandlers } from './discountRates/index.js';
import { classHoursHandlers, passedConfirmationFilter } from './classHours/index.js';
import { sealingHandlers } from './sealing/index.js';
import { trainingHandlers } from './training/index.js';
import { assertNotApplied, salaryApplicationsHandlers } from './salaryApplications/index.js';
import { recordSnapshots, snapshotsHandlers } from './snapshots/index.js';
import { hrSyncHandlers } from './hrSync/index.js';

// Payroll pays a teacher's lessons of a period only under a passed class-hour confirmation.
useConfirmedHoursFilter(passedConfirmationFilter);
// A campus's period whose salary application passed is locked: payroll refuses recomputing or adjusting it.
useApplicationLock(assertNotApplied);
// Each computation records the paid employees' data as it was (the employee snapshot of the period).
onPeriodComputed(recordSnapshots);
// Teaching refuses to book a student on approved leave, and an approved leave (or temporary absence)
// releases the student's booked, unsigned lessons of its period in the decision's transaction.
useApprovedLeaves(approvedLeaves);
onLeaveApproved(async (tx, leave) => {
  await releaseStudentLessons(tx, leave.studentId, leave.fromDate, leave.toDate);
});
// An approved make-up books its lesson on the timetable in the decision's transaction; a conflict
// (teacher busy, holiday, leave …) fails the approval with what collides.
onMakeupApproved(async (tx, m) => {
  await bookMakeupLesson(tx, { db: tx, now: () => m.at }, m.approvedBy, {
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
onMakeupRevoked(async (tx, m) => {
  await releaseMakeupLesson(tx, m);
});

export function registerSlices(app: FastifyInstance, deps: AppDeps) {
  registerSlice(app, deps, 'system', contract.system, systemHandlers);
  registerSlice(app, deps, 'feedback', contract.feedback, feedbackHandlers);
  registerSlice(app, deps, 'common', contract.common, commonHandlers);
  registerSlice(app, deps, 'organisation', contract.organisation, organisationHandlers);
  registerSlice(app, deps, 'dictionaries', contract.dictionaries, dictionariesHandlers);
  registerSlice(app, deps, 'courses', contract.courses, coursesHandlers);
  registerSlice(app, deps, 'finance', contract.finance, financeHandlers);
  registerSlice(app, deps, 'employees', contract.employees, employeesHandlers);
  registerSlice(app, deps, 'clueSettings', contract.clueSettings, clueSettingsHandlers);
  registerSlice(app, deps, 'courseAuthority', contract.courseAuthority, courseAuthorityHandlers);
  registerSlice(app, deps, 'schoolFinance', contract.schoolFinance, schoolFinanceHandlers);
  registerSlice(app, deps, 'clues', contract.clues, cluesHandlers);
  registerSlice(app, deps, 'resources', contract.resources, resourcesHandlers);
  registerSlice(app, deps, 'calls', contract.calls, callsHandlers);
  registerSlice(app, deps, 'tasks', contract.tasks, tasksHandlers);
  registerSlice(app, deps, 'workbench', contract.workbench, workbenchHandlers);
  registerSlice(app, deps, 'clueAnalysis', contract.clueAnalysis, clueAnalysisHandlers);
  registerSlice(app, deps, 'approvals', contract.approvals, approvalsHandlers);
  registerPayments(app, deps);
  registerSlice(app, deps, 'students', contract.students, studentsHandlers);
  registerSlice(app, deps, 'orders', contract.orders, ordersHandlers);
  registerSlice(app, deps, 'refunds', contract.refunds, refundsHandlers);
  registerSlice(app, deps, 'courseTransfers', contract.courseTransfers, courseTransfersHandlers);
  registerSlice(app, deps, 'termBills', contract.termBills, termBillsHandlers);
  registerSlice(app, deps, 'dashboards', contract.dashboards, dashboardsHandlers);
  registerSlice(app, deps, 'reports', contract.reports, reportsHandlers);
  registerSlice(app, deps, 'dataRecovery', contract.dataRecovery, dataRecoveryHandlers);
  registerSlice(app, deps, 'staffFigures', contract.staffFigures, staffFiguresHandlers);
  registerSlice(app, deps, 'statements', contract.statements, statementsHandlers);
  registerSlice(app, deps, 'teaching', contract.teaching, teachingHandlers);
  registerSlice(app, deps, 'promotions', contract.promotions, promotionsHandlers);
  // Every quote of this app reads the offers on the app's clock.
  setOfferSource(promotionsSource(deps.now));
  registerSlice(app, deps, 'absences', contract.absences, absencesHandlers);
  registerSlice(app, deps, 'schoolTransfers', contract.schoolTransfers, schoolTransfersHandlers);
  registerSlice(app, deps, 'refundApplications', contract.refundApplications, refundApplicationsHandlers);
  registerContracts(app, deps);
  registerSlice(app, deps, 'invoices', contract.invoices, invoicesHandlers);
  registerSlice(app, deps, 'products', contract.products, productsHandlers);
  registerSlice(app, deps, 'payroll', contract.payroll, payrollHandlers);
  registerSlice(app, deps, 'discountRates', contract.discountRates, discountRatesHandlers);
  registerSlice(app, deps, 'classHours', contract.classHours, classHoursHandlers);
  registerSlice(app, deps, 'sealing', contract.sealing, sealingHandlers);
  registerSlice(app, deps, 'training', contract.training, trainingHandlers);
  registerSlice(app, deps, 'salaryApplications', contract.salaryApplications, salaryApplicationsHandlers);
  registerSlice(app, deps, 'snapshots', contract.snapshots, snapshotsHandlers);
  registerSlice(app, deps, 'hrSync', contract.hrSync, hrSyncHandlers);
}
