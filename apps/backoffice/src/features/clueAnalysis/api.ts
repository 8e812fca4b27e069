// The clue-analysis calls of the SDK, by report kind.
import type { ResponseOf, QueryOf, ParsedQuery, contract } from '@bo/api-sdk';
import { sdk } from '../../app/sdk';

type CA = typeof contract.clueAnalysis;
export type Report = ResponseOf<CA['school']>;
export type ReportRow = Report['rows'][number];
export type ReportColumn = Report['columns'][number];
/** The filters as the screen holds them (the parsed form: plain strings). */
export type Filter = Partial<ParsedQuery<CA['school']>>;
export type DetailPage = ResponseOf<CA['schoolDetail']>;
export type DetailQuery = NonNullable<QueryOf<CA['schoolDetail']>>;
export type ReportKind =
  'school' | 'highSea' | 'recommender' | 'search' | 'channel' | 'activity' | 'call' | 'hook' | 'goods';
type ExcelBody = Filter;

export const reportApi: Record<
  ReportKind,
  {
    get: (f: Filter) => Promise<Report>;
    excel: (f: ExcelBody) => Promise<Blob>;
    detail: (q: DetailQuery) => Promise<DetailPage>;
  }
> = {
  school: {
    get: (query) => sdk.clueAnalysis.school({ query }),
    excel: (body) => sdk.clueAnalysis.schoolExcel({ body }),
    detail: (query) => sdk.clueAnalysis.schoolDetail({ query }),
  },
  highSea: {
    get: (query) => sdk.clueAnalysis.highSea({ query }),
    excel: (body) => sdk.clueAnalysis.highSeaExcel({ body }),
    detail: (query) => sdk.clueAnalysis.highSeaDetail({ query }),
  },
  recommender: {
    get: (query) => sdk.clueAnalysis.recommender({ query }),
    excel: (body) => sdk.clueAnalysis.recommenderExcel({ body }),
    detail: (query) => sdk.clueAnalysis.recommenderDetail({ query }),
  },
  search: {
    get: (query) => sdk.clueAnalysis.search({ query }),
    excel: (body) => sdk.clueAnalysis.searchExcel({ body }),
    detail: (query) => sdk.clueAnalysis.searchDetail({ query }),
  },
  channel: {
    get: (query) => sdk.clueAnalysis.channel({ query }),
    excel: (body) => sdk.clueAnalysis.channelExcel({ body }),
    detail: (query) => sdk.clueAnalysis.channelDetail({ query }),
  },
  activity: {
    get: (query) => sdk.clueAnalysis.activity({ query }),
    excel: (body) => sdk.clueAnalysis.activityExcel({ body }),
    detail: (query) => sdk.clueAnalysis.activityDetail({ query }),
  },
  call: {
    get: (query) => sdk.clueAnalysis.call({ query }),
    excel: (body) => sdk.clueAnalysis.callExcel({ body }),
    detail: (query) => sdk.clueAnalysis.callDetail({ query }),
  },
  hook: {
    get: (query) => sdk.clueAnalysis.hook({ query }),
    excel: (body) => sdk.clueAnalysis.hookExcel({ body }),
    detail: (query) => sdk.clueAnalysis.hookDetail({ query }),
  },
  goods: {
    get: (query) => sdk.clueAnalysis.goods({ query }),
    excel: (body) => sdk.clueAnalysis.goodsExcel({ body }),
    detail: (query) => sdk.clueAnalysis.goodsDetail({ query }),
  },
};
