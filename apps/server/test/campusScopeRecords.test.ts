// Campus scope of records found by id or code in the after-sale, teaching, payroll and money slices:
// a user who holds every privilege but only another campus (GZ01) names records of SH01 one by one
// (reads and commands, by path, query or body) and is refused each time with 403, and nothing is
// written. Generated part: every endpoint of those slices that names one record by a field `id` is
// either called below or listed with where its scope is checked instead, so a new one cannot slip by.
// Last, records filed under a campus: the campus must exist (an all-campus user passes assertCampus
// with any code), and a class's classroom must be one of its campus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ApiError, ErrorCode, type Sdk } from '@bo/api-sdk';
import {
  privileges,
  rolePrivileges,
  roles,
  userCampuses,
  userRoles,
  users,
} from '../src/slices/system/tables.js';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/tables.js';
import { attendances, lessons } from '../src/slices/teaching/tables.js';
import { classHourConfirmations } from '../src/slices/classHours/tables.js';
import { salaryLines } from '../src/slices/payroll/tables.js';
import { salaryApplications } from '../src/slices/salaryApplications/tables.js';
import { studentPlanTargets } from '../src/slices/teaching/planTables.js';
import { endpoints, leaves } from './contractKit.js';
import { startTestServer, type TestServer } from './harness.js';

const SLICES = new Set([
  'absences',
  'classHours',
  'contracts',
  'courseTransfers',
  'invoices',
  'payroll',
  'promotions',
  'refundApplications',
  'salaryApplications',
  'schoolTransfers',
  'statements',
  'teaching',
  'termBills',
  'training',
]);

/** Records of master data every campus shares (no campus of their own): not expected to refuse. */
const SHARED =
  /^(promotions\.(discount|coupon|activity|first|term)\w*|termBills\.plan(Save|Detail|Status)|teaching\.(planObject|planTarget|planStrategy|lessonPlan)\w*|invoices\.content\w*|payroll\.ruleSave)$/;
const SHARED_WHY =
  'master data of the head office (offers, instalment plan templates, the teaching-plan library, invoice contents, salary rules): no campus of its own';

/** Endpoints naming a record by `id` that are checked elsewhere, with where. */
const ELSEWHERE: Record<string, string> = {
  'teaching.degreeRelease':
    'seats: loadDegree refuses another campus (teaching.test.ts "seats", degreeInfo/degreeItemDelete)',
  'teaching.degreeInfo': 'seats: teaching.test.ts, director.teaching.degreeInfo of a BJ01 seat',
  'teaching.degreeItemDelete':
    'seats: teaching.test.ts, director.teaching.degreeItemDelete of a BJ01 seat item',
  'teaching.degreeItemUpdate': 'seats: the same loadItem as degreeItemDelete (teaching/degrees.ts)',
  'teaching.degreeItemInfo': 'seats: the same loadItem as degreeItemDelete (teaching/degrees.ts)',
  'teaching.degreeAudit': 'seats: loadDegree first, as degreeInfo (teaching/degrees.ts history)',
  'teaching.assessTaskInfo':
    'assessment tasks: loadTask refuses another campus (teachingAssessTasks.test.ts, a BJ01 task read and recorded by the director)',
  'teaching.assessTaskCancel':
    'assessment tasks: the cancel refuses another campus before anything changes (teachingAssessTaskList.test.ts, a BJ01 task cancelled by the director)',
  'teaching.studentUnAuth': 'student authorisations: the authorisation’s student campus (teaching.test.ts)',
  'teaching.assessmentSave': 'with an id: lockDraft, the check of assessmentSubmit below',
  'teaching.studentPlanTargetSave': 'with an id: lockTarget, the check of studentPlanTargetStatus below',
  'contracts.eContractSync': 'e-contracts (econtracts.test.ts): ownRow refuses another campus',
  'contracts.eContractFile': 'e-contracts (econtracts.test.ts): ownRow refuses another campus',
  'refundApplications.attachmentDownload': 'as attachmentInfo below: loadApplication refuses another campus',
};

const OUTSIDER_CAMPUS = 'GZ01';
let t: TestServer;
let outsider: Sdk;
/** The administrator: every campus, so only the existence checks stand in the way. */
let root: Sdk;
const ids = {
  student: 0,
  student2: 0,
  order: 0,
  orderCode: '',
  orderItem: 0,
  studentCode: '',
  unpaid: 0,
  bill: 0,
  billItem: 0,
  billApproval: 0,
  leave: 0,
  leaveApproval: 0,
  absence: 0,
  missed: 0,
  makeup: 0,
  makeupApproval: 0,
  assessment: 0,
  planTarget: 0,
  planTargetVersion: 0,
  salaryApplication: 0,
  voucherCode: '',
  refundApp: 0,
  paper: 0,
  supplement: 0,
  serviceTime: 0,
  survey: 0,
  schoolTransfer: 0,
  schoolTransferApproval: 0,
  statement: 0,
  invoice: 0,
  targetOrder: 0,
  targetOrderCode: '',
  klass: 0,
  classroom: 0,
  timeSpan: 0,
  holiday: 0,
  training: 0,
  lesson: 0,
  attendance: 0,
  confirmation: 0,
  salaryLine: 0,
};

const must = <T>(v: T | undefined | null, what: string): T => {
  if (v === undefined || v === null) throw new Error(what);
  return v;
};

beforeAll(async () => {
  t = await startTestServer();
  const db = t.deps.db;
  const [admin, finance, sales, director, hr] = await Promise.all(
    ['admin', 'finance', 'sales', 'director', 'hr'].map((n) => t.as(n)),
  );
  if (!admin || !finance || !sales || !director || !hr) throw new Error('demo accounts');
  const sh = await db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(3);
  const [s1, s2, s3] = sh;
  if (!s1 || !s2 || !s3) throw new Error('three SH01 students');
  ids.student = s1.id;
  ids.student2 = s2.id;
  ids.studentCode = s1.code;
  const now = () => t.clock.now().toISOString();

  // An effective order of SH01 (created, paid exactly, approved by finance), and an unpaid one.
  const created = await sales.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: s1.id,
      orderType: 0,
      items: [{ courseCode: 'C001', quantity: 10 }],
    },
  });
  const d = await sales.orders.detail({ params: { id: created.id } });
  const paid = await sales.orders.addPayRecord({
    body: { orderId: created.id, method: 1, amount: d.payable, paidAt: now() },
  });
  await finance.approvals.pass({ body: { id: must(paid.approvalId, 'payment approval') } });
  const o = await finance.orders.detail({ params: { id: created.id } });
  ids.order = o.id;
  ids.orderCode = o.code;
  ids.orderItem = must(o.items[0], 'order item').id;
  const unpaid = await finance.orders.create({
    body: {
      schoolItemCode: 'SH01',
      studentId: s1.id,
      orderType: 0,
      items: [{ courseCode: 'C001', quantity: 10 }],
      manualDiscount: '0.01',
    },
  });
  ids.unpaid = unpaid.id;

  // Instalments of the unpaid order.
  const plan = await admin.termBills.planSave({
    body: { name: '校区范围两期', shares: [50, 50], intervalMonths: 1, firstDueDays: 0 },
  });
  const bill = await sales.termBills.applySubmit({ body: { orderId: unpaid.id, planId: plan.id } });
  ids.bill = bill.id;
  ids.billApproval = bill.approvalId;
  const terms = await finance.termBills.detailByOrderCode({ query: { orderCode: unpaid.code } });
  ids.billItem = must(terms?.terms[0], 'a term').id;

  // Absences: leave, temporary absence, a make-up of a missed lesson.
  const leave = await sales.absences.leaveAdd({
    body: { studentId: s1.id, fromDate: '2030-03-02', toDate: '2030-03-04', reason: '发烧' },
  });
  ids.leave = leave.id;
  ids.leaveApproval = leave.approvalId;
  ids.absence = (
    await sales.absences.temporaryAbsenceSave({
      body: { studentId: s2.id, fromDate: '2030-09-01', toDate: '2030-10-31', reason: '住院' },
    })
  ).id;
  const [purchase] = await db
    .select()
    .from(studentLedger)
    .where(and(eq(studentLedger.orderId, o.id), eq(studentLedger.kind, 'purchase')));
  const p = must(purchase, 'purchase movement');
  const [missed] = await db
    .insert(studentLedger)
    .values({
      studentId: p.studentId,
      schoolItemCode: p.schoolItemCode,
      orderId: p.orderId,
      orderItemId: p.orderItemId,
      courseCode: p.courseCode,
      kind: 'consume',
      hours: '-1.00',
      valueCents: -Math.round(p.valueCents / Number(p.hours)),
      sourceType: 'attendance',
      sourceId: 980000 + p.id,
      postedAt: t.clock.now(),
      note: 'absent',
    })
    .returning();
  ids.missed = must(missed, 'missed lesson').id;
  const makeup = await sales.absences.makeupAdd({
    body: { missedId: ids.missed, makeupDate: '2030-03-10', timeSpan: '09:00-10:00', reason: '补课' },
  });
  ids.makeup = makeup.id;
  ids.makeupApproval = makeup.approvalId;

  // Contracts, refund application, school transfer, statement, invoice, course transfer.
  ids.refundApp = (
    await sales.refundApplications.add({
      body: {
        orderId: o.id,
        reasonCode: 'MOVE',
        content: '搬家',
        applicantName: '王妈妈',
        applicantPhone: '13800001111',
      },
    })
  ).id;
  ids.paper = (
    await director.contracts.paperContractAdd({
      body: { orderId: o.id, contractNo: `PC-SCOPE-${o.id}`, signedDate: '2030-01-05' },
    })
  ).id;
  ids.supplement = (
    await admin.contracts.supplementAdd({
      body: { orderId: o.id, kind: 'amount', amount: '100.00', content: '补充' },
    })
  ).id;
  ids.serviceTime = (
    await admin.contracts.serviceTimeApply({
      body: { studentId: s1.id, serviceEndDate: '2031-12-31', reason: '顺延' },
    })
  ).id;
  ids.survey = (
    await director.contracts.specialSurveySave({
      body: {
        studentId: s1.id,
        answers: {
          conditions: ['autism'],
          communication: 'limited',
          toileting: 'withHelp',
          seizureHistory: false,
          emergencyContactName: '王芳',
          emergencyContactPhone: '13811112222',
        },
        guardianConsent: true,
      },
    })
  ).id;
  const move = await sales.schoolTransfers.apply({
    body: { studentId: s3.id, toSchoolItemCode: 'SH02', reason: '搬家' },
  });
  ids.schoolTransfer = move.id;
  ids.schoolTransferApproval = move.approvalId;
  await finance.statements.generate({
    body: { schoolItemCode: 'SH01', month: now().slice(0, 7), studentId: s1.id },
  });
  const st = await finance.statements.queryPage({ query: { schoolItemCode: 'SH01', keyword: s1.code } });
  ids.statement = must(st.list[0], 'statement').id;
  const content = await finance.invoices.contentCreate({
    body: { name: '校区范围服务费', taxCode: '3070201020000000000', taxRate: '3' },
  });
  ids.invoice = (
    await finance.invoices.insert({
      body: {
        orderId: o.id,
        amount: '10.00',
        contentId: content.id,
        buyerType: 1,
        buyerName: '王芳',
        email: 'f@example.com',
      },
    })
  ).id;
  const moved = await finance.courseTransfers.transferCreate({
    body: { orderItemId: ids.orderItem, targetCourseCode: 'C004', hours: 1, startDate: '2026-12-01' },
  });
  ids.targetOrder = moved.targetOrderId;
  ids.targetOrderCode = moved.targetOrderCode;

  // Teaching: a class, a classroom, a time span, a campus event, a demo lesson and its attendance.
  ids.klass = (
    await admin.teaching.classSave({
      body: {
        schoolItemCode: 'SH01',
        name: '校区范围班',
        courseCode: 'C001',
        teacherCode: 'E0005',
        capacity: 4,
      },
    })
  ).id;
  ids.classroom = (
    await admin.teaching.classroomSave({
      body: { schoolItemCode: 'SH01', name: '校区范围教室', capacity: 4 },
    })
  ).id;
  ids.timeSpan = (
    await admin.teaching.timeSpanSave({
      body: {
        schoolItemCode: 'SH01',
        name: '校区范围时段',
        bandType: 1,
        startTime: '07:00',
        endTime: '07:30',
      },
    })
  ).id;
  ids.holiday = (
    await admin.teaching.holidaySave({
      body: {
        schoolItemCode: 'SH01',
        kind: 'event',
        name: '开放日',
        startDate: '2031-05-01',
        endDate: '2031-05-01',
      },
    })
  ).id;
  ids.training = (
    await hr.training.save({
      body: {
        schoolItemCode: 'SH01',
        subject: '校区范围培训',
        trainingDate: '2032-05-10',
        hours: 1,
        trainer: '王',
      },
    })
  ).id;
  const [l] = await db.select().from(lessons).where(eq(lessons.schoolItemCode, 'SH01')).limit(1);
  ids.lesson = must(l, 'a demo SH01 lesson').id;
  const [a] = await db
    .select({ id: attendances.id })
    .from(attendances)
    .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
    .where(eq(lessons.schoolItemCode, 'SH01'))
    .limit(1);
  ids.attendance = must(a, 'a demo SH01 attendance').id;
  const [c] = await db
    .select({ id: classHourConfirmations.approvalRequestId })
    .from(classHourConfirmations)
    .where(eq(classHourConfirmations.schoolItemCode, 'SH01'))
    .limit(1);
  ids.confirmation = must(c?.id, 'a demo SH01 class-hour confirmation');
  const [line] = await db.select().from(salaryLines).where(eq(salaryLines.schoolItemCode, 'SH01')).limit(1);
  ids.salaryLine = must(line, 'a demo SH01 salary line').id;

  // A draft assessment of the student; demo records of other kinds, at any campus but the outsider's.
  ids.assessment = (
    await director.teaching.assessmentSave({
      body: {
        studentId: s1.id,
        scaleCode: 'S_LANG',
        assessedOn: now().slice(0, 10),
        answers: [{ name: '语言表达', score: 12 }],
      },
    })
  ).id;
  const [pt] = await db
    .select()
    .from(studentPlanTargets)
    .where(ne(studentPlanTargets.schoolItemCode, OUTSIDER_CAMPUS))
    .limit(1);
  ids.planTarget = must(pt, 'a demo student plan target').id;
  ids.planTargetVersion = must(pt, 'a demo student plan target').version;
  const [sa] = await db
    .select({ id: salaryApplications.approvalRequestId })
    .from(salaryApplications)
    .where(ne(salaryApplications.schoolItemCode, OUTSIDER_CAMPUS))
    .limit(1);
  ids.salaryApplication = must(sa?.id, 'a demo salary application');

  // A voucher issued to the student.
  const today = now().slice(0, 10);
  const coupon = await admin.promotions.couponSave({
    body: {
      name: '校区范围券',
      mode: 'amount',
      amount: '10.00',
      minSpend: '0.00',
      startDate: today,
      endDate: '2031-12-31',
    },
  });
  await admin.promotions.couponStatus({ body: { id: coupon.id, status: 1 } });
  const [voucher] = await admin.promotions.voucherIssue({
    body: { configId: coupon.id, count: 1, studentId: s1.id },
  });
  ids.voucherCode = must(voucher, 'a voucher').code;

  // The outsider: every privilege (not an administrator), the campus GZ01 only.
  await db.insert(roles).values({ code: 9901, name: '校外全权', isAdmin: false, allScope: false });
  const all = await db.select({ code: privileges.code }).from(privileges);
  await db.insert(rolePrivileges).values(all.map((x) => ({ roleCode: 9901, privilegeCode: x.code })));
  const [me] = await db.select().from(users).where(eq(users.username, 'sales'));
  const [u] = await db
    .insert(users)
    .values({ username: 'outsider', name: '校外', passwordHash: must(me, 'sales').passwordHash })
    .returning();
  const id = must(u, 'outsider').id;
  await db.insert(userRoles).values({ userId: id, roleCode: 9901 });
  await db.insert(userCampuses).values({ userId: id, schoolItemCode: OUTSIDER_CAMPUS });
  outsider = await t.as('outsider');
  root = admin;
}, 300_000);
afterAll(async () => t?.close());

/** Each call names a record of SH01; the outsider must get 403 from every one. */
function cases(x: Sdk): Record<string, () => Promise<unknown>> {
  const camp = OUTSIDER_CAMPUS;
  return {
    'termBills.detailByOrderCode': () =>
      x.termBills.detailByOrderCode({ query: { orderCode: ids.orderCode } }),
    'termBills.nearestTerm': () => x.termBills.nearestTerm({ query: { orderCode: ids.orderCode } }),
    'termBills.billItemPaymentDetail': () =>
      x.termBills.billItemPaymentDetail({ query: { billItemId: ids.billItem } }),
    'termBills.applyDetail': () => x.termBills.applyDetail({ query: { id: ids.billApproval } }),
    'termBills.applySubmit': () =>
      x.termBills.applySubmit({
        body: {
          orderId: ids.unpaid,
          terms: [
            { dueDate: '2031-01-01', amount: '1.00' },
            { dueDate: '2031-02-01', amount: '1.00' },
          ],
        },
      }),
    'termBills.submitPaymentTerm': () =>
      x.termBills.submitPaymentTerm({
        body: { billItemId: ids.billItem, method: 1, paidAt: '2026-11-20 10:00:00' },
      }),
    'termBills.updatePaymentStatus': () =>
      x.termBills.updatePaymentStatus({ body: { billItemId: ids.billItem, payRecordId: null } }),
    'termBills.scheduleDetail': () => x.termBills.scheduleDetail({ query: { billId: ids.bill } }),
    'termBills.scheduleCheck': () => x.termBills.scheduleCheck({ query: { billId: ids.bill } }),
    'termBills.scheduleSend': () => x.termBills.scheduleSend({ query: { billId: ids.bill } }),
    'termBills.scheduleSign': () =>
      x.termBills.scheduleSign({ query: { billId: ids.bill, signerName: '王' } }),
    'termBills.scheduleUpdate': () =>
      x.termBills.scheduleUpdate({ query: { billItemId: ids.billItem, dueDate: '2031-01-01' } }),
    'termBills.sendPayment': () => x.termBills.sendPayment({ body: { billItemId: ids.billItem } }),
    'termBills.termCreatePayment': () =>
      x.termBills.termCreatePayment({ body: { billItemId: ids.billItem, payMethodType: 1 } }),
    'courseTransfers.transferDetail': () => x.courseTransfers.transferDetail({ params: { id: ids.order } }),
    'courseTransfers.transferMaxGift': () =>
      x.courseTransfers.transferMaxGift({
        body: { orderItemId: ids.orderItem, targetCourseCode: 'C004', hours: 1 },
      }),
    'courseTransfers.transferPreCreate': () =>
      x.courseTransfers.transferPreCreate({
        body: { orderItemId: ids.orderItem, targetCourseCode: 'C004', hours: 1 },
      }),
    'courseTransfers.transferCreate': () =>
      x.courseTransfers.transferCreate({
        body: { orderItemId: ids.orderItem, targetCourseCode: 'C004', hours: 1 },
      }),
    'courseTransfers.combineSelectable': () =>
      x.courseTransfers.combineSelectable({ params: { a: ids.student, b: 0 } }),
    'courseTransfers.combineOrderDetail': () =>
      x.courseTransfers.combineOrderDetail({ params: { id: ids.order } }),
    'courseTransfers.combinePreCreate': () =>
      x.courseTransfers.combinePreCreate({
        body: { studentCode: ids.studentCode, orderNo: [ids.orderCode, ids.targetOrderCode] },
      }),
    'absences.leaveDetail': () => x.absences.leaveDetail({ params: { id: ids.leave } }),
    'absences.leaveApprovalDetail': () =>
      x.absences.leaveApprovalDetail({ params: { id: ids.leaveApproval } }),
    'absences.leaveRevoke': () =>
      x.absences.leaveRevoke({ params: { id: ids.leave }, body: { comment: '撤' } }),
    'absences.leaveCourses': () => x.absences.leaveCourses({ query: { studentId: ids.student } }),
    'absences.leaveAdd': () =>
      x.absences.leaveAdd({
        body: { studentId: ids.student, fromDate: '2030-04-02', toDate: '2030-04-03', reason: '病' },
      }),
    'absences.temporaryAbsenceInfo': () => x.absences.temporaryAbsenceInfo({ params: { id: ids.absence } }),
    'absences.temporaryAbsenceLast': () =>
      x.absences.temporaryAbsenceLast({ query: { studentId: ids.student2 } }),
    'absences.temporaryAbsenceSave': () =>
      x.absences.temporaryAbsenceSave({
        body: { studentId: ids.student, fromDate: '2030-11-01', toDate: '2030-11-30', reason: '病' },
      }),
    'absences.makeupMissed': () => x.absences.makeupMissed({ query: { studentId: ids.student } }),
    'absences.makeupHours': () => x.absences.makeupHours({ params: { id: ids.missed } }),
    'absences.makeupAdd': () =>
      x.absences.makeupAdd({
        body: { missedId: ids.missed, makeupDate: '2030-03-11', timeSpan: '09:00-10:00', reason: '补' },
      }),
    'absences.makeupApplyDetail': () => x.absences.makeupApplyDetail({ params: { id: ids.makeup } }),
    'absences.makeupApprovalDetail': () =>
      x.absences.makeupApprovalDetail({ params: { id: ids.makeupApproval } }),
    'absences.makeupEdit': () =>
      x.absences.makeupEdit({
        body: { id: ids.makeup, makeupDate: '2030-03-12', timeSpan: '09:00-10:00', reason: '改', version: 1 },
      }),
    'absences.makeupRevoke': () =>
      x.absences.makeupRevoke({ params: { id: ids.makeup }, body: { comment: '撤' } }),
    'schoolTransfers.detail': () => x.schoolTransfers.detail({ params: { id: ids.schoolTransfer } }),
    'schoolTransfers.applyDetail': () => x.schoolTransfers.applyDetail({ query: { studentId: ids.student } }),
    'schoolTransfers.applyCheck': () =>
      x.schoolTransfers.applyCheck({ query: { studentId: ids.student, toSchoolItemCode: camp } }),
    'schoolTransfers.apply': () =>
      x.schoolTransfers.apply({ body: { studentId: ids.student, toSchoolItemCode: camp, reason: '搬' } }),
    'schoolTransfers.approvalPass': () =>
      x.schoolTransfers.approvalPass({ body: { id: ids.schoolTransferApproval, comment: '', version: 99 } }),
    'approvals.pass (a version of the past)': () =>
      x.approvals.pass({ body: { id: ids.billApproval, version: 99 } }),
    'approvals.reject': () => x.approvals.reject({ body: { id: ids.billApproval, comment: '不行' } }),
    'approvals.detail': () => x.approvals.detail({ params: { id: ids.billApproval } }),
    'refundApplications.flowDetail': () => x.refundApplications.flowDetail({ params: { id: ids.refundApp } }),
    'refundApplications.attachmentInfo': () =>
      x.refundApplications.attachmentInfo({ query: { id: ids.refundApp } }),
    'refundApplications.add': () =>
      x.refundApplications.add({
        body: {
          orderId: ids.order,
          reasonCode: 'MOVE',
          content: '搬',
          applicantName: '王',
          applicantPhone: '13800001111',
        },
      }),
    'contracts.paperContractDetail': () => x.contracts.paperContractDetail({ params: { id: ids.paper } }),
    'contracts.paperContractAdd': () =>
      x.contracts.paperContractAdd({
        body: { orderId: ids.targetOrder, contractNo: 'PC-X', signedDate: '2030-01-05' },
      }),
    'contracts.supplementCheck': () => x.contracts.supplementCheck({ params: { id: ids.order } }),
    'contracts.supplementContract': () => x.contracts.supplementContract({ params: { id: ids.order } }),
    'contracts.supplementDetail': () => x.contracts.supplementDetail({ params: { id: ids.supplement } }),
    'contracts.supplementList': () =>
      x.contracts.supplementList({ params: { a: ids.student, b: ids.order } }),
    'contracts.supplementAdd': () =>
      x.contracts.supplementAdd({ body: { orderId: ids.order, kind: 'terms', content: '补' } }),
    'contracts.serviceTimeInfo': () => x.contracts.serviceTimeInfo({ params: { id: ids.serviceTime } }),
    'contracts.serviceTimeApply': () =>
      x.contracts.serviceTimeApply({
        body: { studentId: ids.student2, serviceEndDate: '2031-12-31', reason: '顺延' },
      }),
    'contracts.specialSurveyForm': () => x.contracts.specialSurveyForm({ params: { id: ids.survey } }),
    'contracts.specialSurveyOne': () => x.contracts.specialSurveyOne({ query: { studentId: ids.student } }),
    'contracts.eContractsOfStudent': () => x.contracts.eContractsOfStudent({ query: { stuId: ids.student } }),
    'contracts.eContractPermissions': () =>
      x.contracts.eContractPermissions({ query: { stuId: ids.student } }),
    'statements.detail': () => x.statements.detail({ params: { id: ids.statement } }),
    'statements.regenerate': () => x.statements.regenerate({ params: { id: ids.statement } }),
    'statements.resend': () => x.statements.resend({ params: { id: ids.statement } }),
    'statements.checkAccountStatement': () =>
      x.statements.checkAccountStatement({ body: { id: ids.statement } }),
    'invoices.detail': () => x.invoices.detail({ query: { invoiceId: ids.invoice } }),
    'invoices.pdfUrl': () => x.invoices.pdfUrl({ query: { invoiceId: ids.invoice } }),
    'invoices.cancel': () => x.invoices.cancel({ body: { invoiceId: ids.invoice } }),
    'invoices.orders': () => x.invoices.orders({ query: { stuId: ids.student } }),
    'teaching.classStudents': () => x.teaching.classStudents({ params: { id: ids.klass } }),
    'teaching.classSave (into the caller’s campus)': () =>
      x.teaching.classSave({
        body: {
          id: ids.klass,
          version: 1,
          schoolItemCode: camp,
          name: '搬走',
          courseCode: 'C001',
          teacherCode: 'E0005',
          capacity: 4,
        },
      }),
    'teaching.classAddStudents': () =>
      x.teaching.classAddStudents({ body: { classId: ids.klass, studentIds: [ids.student] } }),
    'teaching.classRemoveStudent': () =>
      x.teaching.classRemoveStudent({ body: { classId: ids.klass, studentId: ids.student } }),
    'teaching.classroomSave (into the caller’s campus)': () =>
      x.teaching.classroomSave({
        body: { id: ids.classroom, version: 1, schoolItemCode: camp, name: '搬走', capacity: 4 },
      }),
    'teaching.classroomStatus': () =>
      x.teaching.classroomStatus({ body: { id: ids.classroom, version: 1, validStatus: 0 } }),
    'teaching.timeSpanSave (into the caller’s campus)': () =>
      x.teaching.timeSpanSave({
        body: {
          id: ids.timeSpan,
          version: 1,
          schoolItemCode: camp,
          name: '搬走',
          bandType: 1,
          startTime: '07:00',
          endTime: '07:30',
        },
      }),
    'teaching.timeSpanStatus': () =>
      x.teaching.timeSpanStatus({ body: { id: ids.timeSpan, version: 1, validStatus: 0 } }),
    'teaching.holidaySave (into the caller’s campus)': () =>
      x.teaching.holidaySave({
        body: {
          id: ids.holiday,
          version: 1,
          schoolItemCode: camp,
          kind: 'event',
          name: '搬走',
          startDate: '2031-05-01',
          endDate: '2031-05-01',
        },
      }),
    'teaching.holidayDelete': () => x.teaching.holidayDelete({ params: { id: ids.holiday } }),
    'teaching.planAdjust': () =>
      x.teaching.planAdjust({
        body: { id: ids.lesson, version: 1, lessonDate: '2031-01-06', startTime: '09:00', endTime: '10:00' },
      }),
    'teaching.planCancel': () => x.teaching.planCancel({ body: { id: ids.lesson, version: 1 } }),
    'teaching.planConfirm': () => x.teaching.planConfirm({ body: { ids: [ids.lesson] } }),
    'teaching.planBatchPreview': () =>
      x.teaching.planBatchPreview({ body: { ids: [ids.lesson], shiftDays: 1 } }),
    'teaching.signList': () => x.teaching.signList({ query: { lessonId: ids.lesson } }),
    'teaching.sign': () =>
      x.teaching.sign({
        body: { lessonId: ids.lesson, items: [{ studentId: ids.student, status: 'present' }] },
      }),
    'teaching.signCancel': () =>
      x.teaching.signCancel({ body: { attendanceId: ids.attendance, reason: '错' } }),
    'teaching.remainHours': () => x.teaching.remainHours({ query: { studentId: ids.student } }),
    'teaching.studentPlan': () => x.teaching.studentPlan({ query: { studentId: ids.student } }),
    'teaching.studentAuth': () =>
      x.teaching.studentAuth({ body: { studentId: ids.student, courseCode: 'C001' } }),
    'teaching.assessmentInfo': () => x.teaching.assessmentInfo({ query: { id: ids.assessment } }),
    'teaching.assessmentSubmit': () =>
      x.teaching.assessmentSubmit({ body: { id: ids.assessment, version: 1 } }),
    'teaching.studentPlanTargetStatus': () =>
      x.teaching.studentPlanTargetStatus({
        body: { id: ids.planTarget, version: ids.planTargetVersion, action: 'pause', on: '2026-01-05' },
      }),
    'salaryApplications.detail': () => x.salaryApplications.detail({ params: { id: ids.salaryApplication } }),
    'training.detail': () => x.training.detail({ params: { id: ids.training } }),
    'training.save (into the caller’s campus)': () =>
      x.training.save({
        body: {
          id: ids.training,
          version: 1,
          schoolItemCode: camp,
          subject: '搬走',
          trainingDate: '2032-05-10',
          hours: 1,
          trainer: '王',
        },
      }),
    'training.sign': () => x.training.sign({ body: { id: ids.training, version: 1, attendedCodes: [] } }),
    'training.remove': () => x.training.remove({ body: { id: ids.training, version: 1 } }),
    'classHours.detail': () => x.classHours.detail({ params: { id: ids.confirmation } }),
    'payroll.lineSources': () => x.payroll.lineSources({ query: { id: ids.salaryLine } }),
    'promotions.userLevel': () => x.promotions.userLevel({ query: { studentId: ids.student } }),
    'promotions.studentAttr': () => x.promotions.studentAttr({ query: { studentId: ids.student } }),
    'promotions.checkStudent': () => x.promotions.checkStudent({ query: { studentId: ids.student } }),
    'promotions.voucherByCode (issued to the student)': () =>
      x.promotions.voucherByCode({ query: { code: ids.voucherCode } }),
    'refunds.studentRefundOrders': () => x.refunds.studentRefundOrders({ query: { studentId: ids.student } }),
  };
}

/** Every table's content, by a digest per table (what a refused call must not change). */
async function digests(): Promise<Record<string, string>> {
  type Rows<T> = { rows: T[] };
  const run = async <T>(q: ReturnType<typeof sql>) =>
    ((await t.deps.db.execute(q)) as unknown as Rows<T>).rows;
  const tables = await run<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    // Sign-in bookkeeping moves with every request; the character table is large and read-only.
    if (['sessions', 'pinyin_chars'].includes(name)) continue;
    const [d] = await run<{ d: string }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${name}" x`),
    );
    out[name] = d?.d ?? '';
  }
  return out;
}

describe('records of another campus found by id or code', () => {
  it(
    'are refused (403) to a user holding every privilege of another campus, and nothing is written',
    { timeout: 300_000 },
    async () => {
      const before = await digests();
      const wrong: string[] = [];
      for (const [k, run] of Object.entries(cases(outsider))) {
        try {
          await run();
          wrong.push(`${k}: answered`);
        } catch (e) {
          if (!(e instanceof ApiError) || e.code !== ErrorCode.noPermission)
            wrong.push(`${k}: ${e instanceof ApiError ? `${e.code} ${e.message}` : String(e)}`);
        }
      }
      expect(wrong).toEqual([]);
      const after = await digests();
      expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual([]);
    },
  );

  it('covers every endpoint of those slices that names one record by its id', () => {
    const called = new Set(Object.keys(cases(outsider)).map((k) => k.split(' ')[0]));
    const missing: string[] = [];
    for (const entry of endpoints()) {
      if (!SLICES.has(entry.slice)) continue;
      const k = `${entry.slice}.${entry.name}`;
      const e = entry.endpoint;
      const byId = (['params', 'query', 'body'] as const).some((w) =>
        leaves(e[w]).some((l) => l.path.length === 1 && l.path[0] === 'id'),
      );
      if (!byId || called.has(k) || ELSEWHERE[k] || SHARED.test(k)) continue;
      missing.push(k);
    }
    expect(SHARED_WHY).not.toBe('');
    // Not called above and not listed: add a case, or list it in ELSEWHERE with where it is checked.
    expect(missing).toEqual([]);
  });
});

describe('records filed under a campus', () => {
  it('refuse a campus that does not exist, even to an all-campus user, and a classroom of another campus', async () => {
    const before = await digests();
    const nowhere = 'NOPE01';
    const calls: Record<string, [() => Promise<unknown>, string]> = {
      classroomSave: [
        () =>
          root.teaching.classroomSave({
            body: { schoolItemCode: nowhere, name: '无校区教室', capacity: 4 },
          }),
        'schoolItemCode',
      ],
      timeSpanSave: [
        () =>
          root.teaching.timeSpanSave({
            body: {
              schoolItemCode: nowhere,
              name: '无校区时段',
              bandType: 1,
              startTime: '06:00',
              endTime: '06:30',
            },
          }),
        'schoolItemCode',
      ],
      holidaySave: [
        () =>
          root.teaching.holidaySave({
            body: {
              schoolItemCode: nowhere,
              kind: 'event',
              name: '无校区',
              startDate: '2031-06-01',
              endDate: '2031-06-01',
            },
          }),
        'schoolItemCode',
      ],
      classSave: [
        () =>
          root.teaching.classSave({
            body: {
              schoolItemCode: nowhere,
              name: '无校区班',
              courseCode: 'C001',
              teacherCode: 'E0005',
              capacity: 4,
            },
          }),
        'schoolItemCode',
      ],
      'classSave (no such classroom)': [
        () =>
          root.teaching.classSave({
            body: {
              schoolItemCode: 'SH01',
              name: '无教室班',
              courseCode: 'C001',
              teacherCode: 'E0005',
              capacity: 4,
              classroomId: 2147483647,
            },
          }),
        'classroomId',
      ],
      'classSave (a classroom of SH01 for a class of SH02)': [
        () =>
          root.teaching.classSave({
            body: {
              schoolItemCode: 'SH02',
              name: '借教室班',
              courseCode: 'C001',
              teacherCode: 'E0005',
              capacity: 4,
              classroomId: ids.classroom,
            },
          }),
        'classroomId',
      ],
    };
    const wrong: string[] = [];
    for (const [k, [run, field]] of Object.entries(calls)) {
      try {
        await run();
        wrong.push(`${k}: answered`);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== ErrorCode.validation || e.field !== field)
          wrong.push(
            `${k}: ${e instanceof ApiError ? `${e.code} ${e.field ?? ''} ${e.message}` : String(e)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    const after = await digests();
    expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual([]);
  });
});
