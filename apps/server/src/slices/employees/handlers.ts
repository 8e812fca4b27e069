import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { exportWorkbook, statusOf } from '../../shared/masterdata/index.js';
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
  employeeImport: (ctx) => employeeType.importRows(ctx, ctx.body.rows, ctx.body),
  employeeExport: (ctx) =>
    exportWorkbook(ctx, employeeType, ctx.query, {
      name: '员工',
      columns: [
        { key: 'code', header: '工号', text: true },
        { key: 'name', header: '姓名' },
        { key: 'mobile', header: '手机号', text: true },
        { key: 'schoolItemName', header: '所属校区', width: 20 },
        { key: 'schoolItemCodes', header: '工作校区', width: 24 },
        { key: 'postName', header: '岗位' },
        { key: 'employeeTypeName', header: '员工类型' },
        { key: 'skillRankName', header: '职级' },
        { key: 'subjectNames', header: '科目', width: 24 },
        { key: 'entryDate', header: '入职日期', text: true },
        { key: 'username', header: '账号' },
        { key: 'status', header: '状态(1在职 0离职)' },
      ],
    }),
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
