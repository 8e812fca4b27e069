import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { exportWorkbook } from '../../shared/masterdata/index.js';
import {
  calculateDetail,
  calculateExport,
  calculateExportDetail,
  calculatePage,
  monthExport,
  monthPage,
  provinceSchools,
  rateNames,
  rateType,
  saveMonth,
  usefulSchools,
} from './service.js';

export const discountRatesHandlers: SliceHandlers<typeof contract.discountRates> = {
  orderRatePage: (ctx) => rateType.page(ctx, ctx.body),
  orderRateSave: (ctx) => rateType.save(ctx, { ...ctx.body, id: undefined, version: undefined }),
  orderRateUpdate: (ctx) => rateType.save(ctx, ctx.body),
  orderRateExport: (ctx) =>
    exportWorkbook(ctx, rateType, ctx.body, {
      name: '折扣率规则',
      columns: [
        { key: 'name', header: '名称', width: 24 },
        { key: 'rate', header: '最高折扣率(%)', text: true },
        { key: 'remark', header: '备注' },
        { key: 'validstatus', header: '状态(1有效 0无效)' },
      ],
    }),
  orderRateNames: (ctx) => rateNames(ctx),
  orderRateDetail: (ctx) => rateType.detail(ctx, ctx.params.id),
  orderRateStatus: (ctx) => rateType.updateStatus(ctx, ctx.params.id, ctx.params.status),
  monthRatePage: (ctx) => monthPage(ctx, ctx.query),
  monthRateExport: (ctx) => monthExport(ctx, ctx.query),
  provinceSchools: (ctx) => provinceSchools(ctx),
  usefulProvinceSchools: (ctx) => usefulSchools(ctx, ctx.params.id, ctx.query.month),
  monthRateSave: (ctx) => saveMonth(ctx, { ...ctx.body, id: undefined, version: undefined }),
  monthRateUpdate: (ctx) => saveMonth(ctx, ctx.body),
  calculatePage: (ctx) => calculatePage(ctx, ctx.query),
  calculateDetail: (ctx) => calculateDetail(ctx, ctx.query),
  calculateExport: (ctx) => calculateExport(ctx, ctx.query),
  calculateExportDetail: (ctx) => calculateExportDetail(ctx, ctx.query),
};
