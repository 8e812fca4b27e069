import { SHEETS, type contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { exportSheet, statusOf } from '../../shared/masterdata/index.js';
import {
  adjustReasonType,
  buyTypeType,
  categoryType,
  checkConsume,
  courseType,
  feeCourses,
  rankType,
} from './service.js';

export const coursesHandlers: SliceHandlers<typeof contract.courses> = {
  categories: (ctx) => categoryType.all(ctx, ctx.query),
  categorySave: (ctx) => categoryType.save(ctx, ctx.body),
  ranks: (ctx) => rankType.all(ctx, ctx.query),
  rankSave: (ctx) => rankType.save(ctx, ctx.body),
  courses: (ctx) => courseType.all(ctx, ctx.query),
  coursesPage: (ctx) => courseType.page(ctx, ctx.query),
  courseSave: (ctx) => courseType.save(ctx, ctx.body),
  course: (ctx) => courseType.detail(ctx, ctx.params.id),
  courseDelete: async (ctx) => (await courseType.remove(ctx, ctx.params.id), true),
  categoryUpdateStatus: async (ctx) =>
    !!(await categoryType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  rankUpdateStatus: async (ctx) =>
    !!(await rankType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  courseUpdateStatus: async (ctx) =>
    !!(await courseType.updateStatus(ctx, ctx.body.id, statusOf(ctx.body), 'id')),
  buyTypes: (ctx) => buyTypeType.all(ctx, ctx.query),
  buyTypeSave: (ctx) => buyTypeType.save(ctx, ctx.body),
  buyTypesByIncomeCode: (ctx) =>
    buyTypeType.all(ctx, { incometypecode: ctx.query.incometypecode, status: 1 }),
  adjustCostReasons: (ctx) => adjustReasonType.all(ctx, ctx.query),
  adjustCostReasonSave: (ctx) => adjustReasonType.save(ctx, ctx.body),
  feeCourses: (ctx) => feeCourses(ctx, ctx.query),
  checkConsume: (ctx) => checkConsume(ctx, ctx.query.courseCode),
  courseExport: (ctx) => exportSheet(ctx, courseType, ctx.query, SHEETS.courses),
  categoryImport: (ctx) => categoryType.importRows(ctx, ctx.body.rows, ctx.body),
  rankImport: (ctx) => rankType.importRows(ctx, ctx.body.rows, ctx.body),
  courseImport: (ctx) => courseType.importRows(ctx, ctx.body.rows, ctx.body),
};
