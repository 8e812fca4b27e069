import { SHEETS, type contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { exportSheet, statusOf } from '../../shared/masterdata/index.js';
import {
  authInfos,
  codeAndName,
  commissioners,
  employeeType,
  employeeTypeType,
  familyPosts,
  pickEmployees,
  postType,
  salaryPeriodType,
  saveEmployee,
  skillRankType,
  skillRankTypeType,
  subjectType,
  teachersBetween,
  TEACHER_RANK_TYPE,
} from './service.js';
import { importEmployees } from './sheet.js';

export const employeesHandlers: SliceHandlers<typeof contract.employees> = {
  types: (ctx) => employeeTypeType.all(ctx, ctx.query),
  typeUpdateStatus: async (ctx) =>
    !!(await employeeTypeType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  typeSave: (ctx) => employeeTypeType.save(ctx, ctx.body),
  posts: (ctx) => postType.all(ctx, ctx.query),
  postUpdateStatus: async (ctx) =>
    !!(await postType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  postSave: (ctx) => postType.save(ctx, ctx.body),
  skillRankTypes: (ctx) => skillRankTypeType.all(ctx, ctx.query),
  skillRankTypeUpdateStatus: async (ctx) =>
    !!(await skillRankTypeType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  skillRankTypeSave: (ctx) => skillRankTypeType.save(ctx, ctx.body),
  skillRanks: (ctx) => skillRankType.all(ctx, ctx.query),
  skillRankUpdateStatus: async (ctx) =>
    !!(await skillRankType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  skillRankSave: (ctx) => skillRankType.save(ctx, ctx.body),
  subjects: (ctx) => subjectType.all(ctx, ctx.query),
  subjectSave: (ctx) => subjectType.save(ctx, { ...ctx.body, id: undefined }),
  subjectUpdate: (ctx) => subjectType.save(ctx, ctx.body),
  subjectUpdateStatus: async (ctx) =>
    !!(await subjectType.updateStatus(ctx, ctx.query.id, ctx.query.status, 'id')),
  salaryPeriods: (ctx) => salaryPeriodType.all(ctx, ctx.query),
  salaryPeriodSave: (ctx) => salaryPeriodType.save(ctx, ctx.body),
  employees: (ctx) => employeeType.page(ctx, ctx.query),
  employee: (ctx) => employeeType.detail(ctx, ctx.query.id, 'id'),
  employeeSave: (ctx) => saveEmployee(ctx, ctx.body),
  employeeImport: (ctx) => importEmployees(ctx, ctx.body.rows, ctx.body),
  // The sheet of SHEETS.employees (the import template's columns, then the read-only ones): an export
  // edited and imported back is read as it was written.
  employeeExport: (ctx) => exportSheet(ctx, employeeType, ctx.query, SHEETS.employees),
  teachers: (ctx) => pickEmployees(ctx, { postRoles: ['teacher'], ...ctx.query }),
  supervisors: (ctx) => pickEmployees(ctx, { postRoles: ['supervisor'], ...ctx.query }),
  assessors: (ctx) => pickEmployees(ctx, { postRoles: ['assessor'], ...ctx.query }),
  teachersByMinRank: (ctx) =>
    pickEmployees(ctx, {
      postRoles: ['teacher'],
      schoolItemCode: ctx.query.schoolItemCode,
      name: ctx.query.name,
      minLevel: ctx.query.minRank,
    }),
  teachersBySubjects: (ctx) =>
    pickEmployees(ctx, {
      postRoles: ['teacher'],
      schoolItemCode: ctx.query.schoolItemCode,
      name: ctx.query.name,
      subjectIds: ctx.query.subjectIds,
    }),
  authInfos: (ctx) => authInfos(ctx, ctx.query),
  commissioners: (ctx) => commissioners(ctx, ctx.params.id),
  commissionersOfKind: (ctx) => commissioners(ctx, ctx.params.id, ctx.params.kind),
  codeAndName: (ctx) => codeAndName(ctx, ctx.query),
  familyPosts: (ctx) => familyPosts(ctx),
  // The campus filter and the caller's scope apply as to every picker (docs/decisions.md).
  employees4Recommend: (ctx) =>
    pickEmployees(ctx, {
      name: ctx.query.name,
      schoolItemCode: ctx.query.schoolItemCode || undefined,
      byMobile: true,
      limit: 50,
    }),
  teacherRanks: (ctx) => skillRankType.all(ctx, { typeCode: TEACHER_RANK_TYPE, status: 1 }),
  teacherList: (ctx) => teachersBetween(ctx, ctx.query),
};
