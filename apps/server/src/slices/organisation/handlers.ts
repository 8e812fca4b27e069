import { SHEETS, type contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { exportSheet, statusOf } from '../../shared/masterdata/index.js';
import {
  allValidRegions,
  campusType,
  cityRankType,
  cityType,
  ownCampuses,
  ownRegions,
  regionType,
} from './service.js';

export const organisationHandlers: SliceHandlers<typeof contract.organisation> = {
  provinceTypeList: (ctx) => regionType.page(ctx, ctx.query),
  provinceTypeUpdateStatus: async (ctx) =>
    !!(await regionType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  provinceTypeSave: (ctx) => regionType.save(ctx, ctx.body),
  provinceTypeDetail: (ctx) => regionType.detail(ctx, ctx.query.code, 'code'),
  provinceTypeImport: (ctx) => regionType.importRows(ctx, ctx.body.rows, ctx.body),

  schoolItemList: (ctx) => campusType.page(ctx, ctx.query),
  schoolItemUpdateStatus: async (ctx) =>
    !!(await campusType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  schoolItemSave: (ctx) => campusType.save(ctx, ctx.body),
  schoolItemDetail: (ctx) => campusType.detail(ctx, ctx.query.code, 'code'),
  schoolItemExport: (ctx) => exportSheet(ctx, campusType, ctx.query, SHEETS.campuses),
  schoolItemImport: (ctx) => campusType.importRows(ctx, ctx.body.rows, ctx.body),

  cityList: async (ctx) => {
    const region = ctx.query.provincetypecode;
    const rows = await cityType.all(ctx, {
      status: ctx.query.isAll ? undefined : 1,
      rankcode: ctx.query.rankcode,
    });
    return region ? rows.filter((c) => !c.provincetypecode || c.provincetypecode === region) : rows;
  },
  cityList2: (ctx) => cityType.page(ctx, ctx.query),
  citySave: (ctx) => cityType.save(ctx, ctx.body),
  cityUpdateStatus: async (ctx) =>
    !!(await cityType.updateStatus(ctx, ctx.body.code, statusOf(ctx.body), 'code')),
  cityDetail: (ctx) => cityType.detail(ctx, ctx.query.code, 'code'),
  cityImport: (ctx) => cityType.importRows(ctx, ctx.body.rows, ctx.body),
  cityRankList: (ctx) => cityRankType.all(ctx, ctx.query),
  cityRankSave: (ctx) => cityRankType.save(ctx, ctx.body),
  cityRankImport: (ctx) => cityRankType.importRows(ctx, ctx.body.rows, ctx.body),

  provinceType: (ctx) => regionType.detail(ctx, ctx.params.id),
  provinceTypes: (ctx) => allValidRegions(ctx),
  schoolItem: (ctx) => campusType.detail(ctx, ctx.params.id),
  allProvinceTypes: (ctx) => ownRegions(ctx),
  allSchoolItems: (ctx) => ownCampuses(ctx, ctx.query.provincetypecode),
};
