// Types of the clue analysis contract, derived from its schemas.
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';

type CA = typeof contract.clueAnalysis;
export type TAnalysisFilter = z.output<CA['school']['query']>;
export type TDetailQuery = z.output<CA['schoolDetail']['query']>;
export type TWorkConditionQuery = z.output<CA['workCondition']['query']>;
export type TReport = z.input<CA['school']['response']>;
export type TReportColumn = TReport['columns'][number];
export type TClueFullRow = z.input<CA['clueFull']['response']>['list'][number];
export type TReportKind =
  'school' | 'highSea' | 'recommender' | 'search' | 'channel' | 'activity' | 'call' | 'hook' | 'goods';
