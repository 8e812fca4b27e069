import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';
import type { TReportKind } from './types.js';

type H = SliceHandlers<typeof contract.clueAnalysis>;
const trio = <X extends TReportKind>(x: X) => ({
  [x]: (ctx: Parameters<H['school']>[0]) => s.report(ctx.deps, ctx.user, x, ctx.query),
  [`${x}Excel`]: (ctx: Parameters<H['schoolExcel']>[0]) => s.reportExcel(ctx.deps, ctx.user, x, ctx.body),
  [`${x}Detail`]: (ctx: Parameters<H['schoolDetail']>[0]) => s.detail(ctx.deps, ctx.user, x, ctx.query),
});

export const clueAnalysisHandlers: H = {
  ...(trio('school') as Pick<H, 'school' | 'schoolExcel' | 'schoolDetail'>),
  ...(trio('highSea') as Pick<H, 'highSea' | 'highSeaExcel' | 'highSeaDetail'>),
  ...(trio('recommender') as Pick<H, 'recommender' | 'recommenderExcel' | 'recommenderDetail'>),
  ...(trio('search') as Pick<H, 'search' | 'searchExcel' | 'searchDetail'>),
  ...(trio('channel') as Pick<H, 'channel' | 'channelExcel' | 'channelDetail'>),
  ...(trio('activity') as Pick<H, 'activity' | 'activityExcel' | 'activityDetail'>),
  ...(trio('call') as Pick<H, 'call' | 'callExcel' | 'callDetail'>),
  ...(trio('hook') as Pick<H, 'hook' | 'hookExcel' | 'hookDetail'>),
  ...(trio('goods') as Pick<H, 'goods' | 'goodsExcel' | 'goodsDetail'>),
  clueFull: (ctx) => s.clueFull(ctx.deps, ctx.user, ctx.query),
  clueFullExcel: (ctx) => s.clueFullExcel(ctx.deps, ctx.user, ctx.body),
  workCondition: (ctx) => s.workCondition(ctx.deps, ctx.user, ctx.query),
};
