// The clue reports as data: how a clue is grouped and which figures are counted (decisions.md "Clue analysis").
import type { TClueFullRow, TReportKind } from './types.js';

type Row = TClueFullRow;
export interface CountCol {
  type: 'count';
  key: string;
  zh: string;
  en: string;
  test: (r: Row) => boolean;
}
export interface RateCol {
  type: 'rate';
  key: string;
  zh: string;
  en: string;
  /** Keys of two count columns. */
  num: string;
  den: string;
}
export type Col = CountCol | RateCol;
export interface FactReport {
  groupZh: string;
  groupEn: string;
  /** The clues the report looks at (default all). */
  include?: (r: Row) => boolean;
  group: (r: Row) => { key: string; name: string };
  cols: Col[];
}

const count = (key: string, zh: string, en: string, test: (r: Row) => boolean): CountCol => ({
  type: 'count',
  key,
  zh,
  en,
  test,
});
const rate = (key: string, zh: string, en: string, num: string, den: string): RateCol => ({
  type: 'rate',
  key,
  zh,
  en,
  num,
  den,
});
const all = () => true;

/** The key of a clue without campus: the brand traffic centre. */
export const BRAND = '-';
const campus = (r: Row) =>
  r.schoolItemCode
    ? { key: r.schoolItemCode, name: r.schoolItemName ?? r.schoolItemCode }
    : { key: BRAND, name: '品牌流量中心' };
export const converted = (r: Row) => r.convertedAt !== null || r.flowState === 'converted';
export const visited = (r: Row) => r.visitedAt !== null || converted(r);
export const invalid = (r: Row) => r.flowState === 'invalid';
const hours = (r: Row) => r.firstFollowHours;
/** Search-engine clues: a channel of type SEARCH, or the BAIDU channel (search ads). */
export const isSearch = (r: Row) => r.channelType === 'SEARCH' || r.channel === 'BAIDU';

export const FACT_REPORTS: Record<Exclude<TReportKind, 'call' | 'activity'>, FactReport> = {
  school: {
    groupZh: '校区',
    groupEn: 'Campus',
    group: campus,
    cols: [
      count('newClues', '新增线索', 'New clues', all),
      count('assigned', '已分配', 'Assigned', (r) => r.assignedAt !== null || r.ownerUserId !== null),
      count('followed24h', '24小时内跟进', 'Followed within 24 h', (r) => (hours(r) ?? Infinity) <= 24),
      count('visited', '已到访', 'Visited', visited),
      count('converted', '已转化', 'Converted', converted),
      count('invalid', '无效', 'Invalid', invalid),
      rate('conversionRate', '转化率', 'Conversion rate', 'converted', 'newClues'),
    ],
  },
  highSea: {
    groupZh: '校区',
    groupEn: 'Campus',
    include: (r) => r.highSeaVia !== null,
    group: campus,
    cols: [
      count('entered', '进入公海', 'Entered the high sea', all),
      count('byAbandon', '放弃进入', 'By abandon', (r) => r.highSeaVia === 'abandonApprove'),
      count('byRecycle', '回收进入', 'By recycle', (r) => r.highSeaVia === 'recycle'),
      count('byReject', '退回公海', 'Given back', (r) => r.highSeaVia === 'highSeaReject'),
      count('claimed', '被领取', 'Claimed', (r) => r.highSeaClaimed),
      count(
        'claimedConverted',
        '领取后转化',
        'Claimed then converted',
        (r) => r.highSeaClaimed && converted(r),
      ),
      rate('claimRate', '领取率', 'Claim rate', 'claimed', 'entered'),
    ],
  },
  recommender: {
    groupZh: '推荐人',
    groupEn: 'Recommender',
    include: (r) => !!r.recommender?.trim(),
    group: (r) => ({ key: r.recommender?.trim() ?? '', name: r.recommender?.trim() ?? '' }),
    cols: [
      count('clues', '推荐线索', 'Referred clues', all),
      count('visited', '已到访', 'Visited', visited),
      count('converted', '已转化', 'Converted', converted),
      rate('conversionRate', '转化率', 'Conversion rate', 'converted', 'clues'),
    ],
  },
  search: {
    groupZh: '推广计划',
    groupEn: 'Campaign',
    include: isSearch,
    group: (r) =>
      r.leadCampaign ? { key: r.leadCampaign, name: r.leadCampaign } : { key: BRAND, name: '未标注计划' },
    cols: [
      count('clues', '搜索线索', 'Search clues', all),
      count('valid', '有效', 'Valid', (r) => !invalid(r)),
      count('visited', '已到访', 'Visited', visited),
      count('converted', '已转化', 'Converted', converted),
      rate('conversionRate', '转化率', 'Conversion rate', 'converted', 'clues'),
    ],
  },
  channel: {
    groupZh: '渠道',
    groupEn: 'Channel',
    group: (r) =>
      r.channel ? { key: r.channel, name: r.channelName ?? r.channel } : { key: BRAND, name: '未标注渠道' },
    cols: [
      count('clues', '线索数', 'Clues', all),
      count('valid', '有效', 'Valid', (r) => !invalid(r)),
      rate('validRate', '有效率', 'Valid rate', 'valid', 'clues'),
      count('visited', '已到访', 'Visited', visited),
      rate('visitRate', '到访率', 'Visit rate', 'visited', 'clues'),
      count('converted', '已转化', 'Converted', converted),
      rate('conversionRate', '转化率', 'Conversion rate', 'converted', 'clues'),
    ],
  },
  hook: {
    groupZh: '校区',
    groupEn: 'Campus',
    group: campus,
    cols: [
      count('clues', '线索数', 'Clues', all),
      count('within1h', '1小时内首次跟进', 'First follow-up ≤ 1 h', (r) => (hours(r) ?? Infinity) <= 1),
      count('within24h', '1–24小时', '1–24 h', (r) => {
        const h = hours(r) ?? Infinity;
        return h > 1 && h <= 24;
      }),
      count('within72h', '24–72小时', '24–72 h', (r) => {
        const h = hours(r) ?? Infinity;
        return h > 24 && h <= 72;
      }),
      count('later', '72小时以后', 'After 72 h', (r) => {
        const h = hours(r);
        return h !== null && h > 72;
      }),
      count('never', '从未跟进', 'Never followed', (r) => hours(r) === null),
      count('covered24h', '24小时覆盖', 'Covered within 24 h', (r) => (hours(r) ?? Infinity) <= 24),
      rate('coverage24hRate', '24小时覆盖率', '24 h coverage', 'covered24h', 'clues'),
    ],
  },
  goods: {
    groupZh: '意向',
    groupEn: 'Intention',
    group: (r) =>
      r.intention
        ? { key: r.intention, name: r.intentionName ?? r.intention }
        : { key: BRAND, name: '未填意向' },
    cols: [
      count('clues', '线索数', 'Clues', all),
      count('converted', '已转化', 'Converted', converted),
      rate('conversionRate', '转化率', 'Conversion rate', 'converted', 'clues'),
    ],
  },
};
