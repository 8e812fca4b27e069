import type { contract } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile } from '../../shared/xlsx.js';
import { assertCampus } from '../../http/auth.js';
import * as q from './queries.js';
import * as s from './service.js';

const STATUS: Record<number, string> = {
  10: '待审批',
  20: '已通过',
  30: '已驳回',
  40: '已撤销',
  50: '已撤回',
};
const COLUMNS = [
  { key: 'studentCode', header: '学员编号 / Student code', text: true },
  { key: 'subjectName', header: '学员 / Student' },
  { key: 'schoolItemName', header: '校区 / Campus' },
  { key: 'fromDate', header: '开始日期 / From' },
  { key: 'toDate', header: '结束日期 / To' },
  { key: 'reason', header: '原因 / Reason' },
  { key: 'status', header: '状态 / Status' },
  { key: 'stepName', header: '当前步骤 / Step' },
  { key: 'requestedByName', header: '申请人 / Requested by' },
  { key: 'requestedAt', header: '申请时间 / Requested at' },
];

/**
 * The make-up lesson's time spans until the timetable's own spans are read here (teaching slice):
 * the campus day in hour-long lessons, 08:00 to 18:00 (docs/decisions.md).
 */
const TIME_SPANS = Array.from({ length: 10 }, (_, i) => {
  const h = (n: number) => `${String(n).padStart(2, '0')}:00`;
  const span = `${h(8 + i)}-${h(9 + i)}`;
  return { timeSpan: span, label: span };
});

export const absencesHandlers: SliceHandlers<typeof contract.absences> = {
  temporaryAbsenceLast: async ({ deps, user, query }) => q.lastTemporaryAbsence(deps, user, query.studentId),
  temporaryAbsenceSave: async ({ deps, user, body }) => s.fileTemporaryAbsence(deps, user, body),
  temporaryAbsencePage: async ({ deps, user, query }) => q.absencePage(deps, user, 'temporaryAbsence', query),
  temporaryAbsenceInfo: async ({ deps, user, params }) =>
    q.absenceDetail(deps, user, 'temporaryAbsence', { id: params.id }),
  temporaryAbsenceExport: async ({ deps, user, query }) => {
    const rows = (await q.absenceAll(deps, user, 'temporaryAbsence', query)).map((r) => ({
      ...r,
      status: STATUS[r.absenceStatus] ?? String(r.absenceStatus),
    }));
    return xlsxFile('休学申请.xlsx', await workbook('休学申请', COLUMNS, rows));
  },
  suspensionWork: async ({ deps, user, query }) =>
    q.suspendedOn(deps, user, query.date ?? shanghaiDate(deps.now())),

  leaveApplyPage: async ({ deps, user, query }) => q.absencePage(deps, user, 'leave', query),
  leavePage: async ({ deps, user, query }) => q.absencePage(deps, user, 'leave', query),
  leaveRevoke: async ({ deps, user, params, body, ip }) =>
    s.withdrawOrRevoke(deps, user, 'leave', params.id, body.comment, ip),
  leaveDetail: async ({ deps, user, params }) => q.absenceDetail(deps, user, 'leave', { id: params.id }),
  leaveApprovalDetail: async ({ deps, user, params }) =>
    q.absenceDetail(deps, user, 'leave', { approvalId: params.id }),
  leaveCourses: async ({ deps, user, query }) => q.leaveCourses(deps, user, query.studentId),
  leaveAdd: async ({ deps, user, body }) => s.fileLeave(deps, user, body),
  leaveCreateUsers: async ({ deps, user }) => q.createUsers(deps, user, 'leave'),
  leaveWaitApproval: async ({ deps, user, query }) => q.waitingPage(deps, user, 'leave', query),

  makeupApplyPage: async ({ deps, user, query }) => q.absencePage(deps, user, 'makeup', query),
  makeupAdd: async ({ deps, user, body }) => s.fileMakeup(deps, user, body),
  makeupMissed: async ({ deps, user, query }) => q.makeupCandidates(deps, user, query.studentId),
  makeupHours: async ({ deps, user, params }) => q.missedHours(deps, user, params.id),
  makeupRevoke: async ({ deps, user, params, body, ip }) =>
    s.withdrawOrRevoke(deps, user, 'makeup', params.id, body.comment, ip),
  makeupApplyDetail: async ({ deps, user, params }) =>
    q.absenceDetail(deps, user, 'makeup', { id: params.id }),
  makeupApprovalPage: async ({ deps, user, query }) => q.absencePage(deps, user, 'makeup', query),
  makeupApprovalDetail: async ({ deps, user, params }) =>
    q.absenceDetail(deps, user, 'makeup', { approvalId: params.id }),
  makeupEdit: async ({ deps, user, body }) => s.editMakeup(deps, user, body),
  makeupWaitApproval: async ({ deps, user, query }) => q.waitingPage(deps, user, 'makeup', query),
  makeupTimeSpans: async ({ user, query }) => {
    assertCampus(user, query.schoolItemCode);
    return TIME_SPANS;
  },
};
