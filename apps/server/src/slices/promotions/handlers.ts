import type { contract, TOfferRow } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { quoteOut } from '../orders/index.js';
import * as s from './service.js';

const STATE: Record<number, string> = { 0: '草稿', 5: '未开始', 10: '进行中', 20: '已结束', 30: '已取消' };
const OFFER_COLUMNS: XlsxColumn[] = [
  { key: 'code', header: '编号 / Code', text: true },
  { key: 'name', header: '名称 / Name' },
  { key: 'how', header: '优惠 / Offer' },
  { key: 'minSpend', header: '最低消费 / Minimum spend' },
  { key: 'tiers', header: '赠课档位 / Gift tiers' },
  { key: 'courses', header: '课程 / Courses' },
  { key: 'campuses', header: '校区 / Campuses' },
  { key: 'startDate', header: '开始日期 / Start' },
  { key: 'endDate', header: '结束日期 / End' },
  { key: 'state', header: '状态 / Status' },
  { key: 'issued', header: '已发放 / Issued' },
  { key: 'used', header: '已使用 / Used' },
  { key: 'remark', header: '备注 / Remark' },
];
const exportRows = (rows: TOfferRow[]) =>
  rows.map((r) => ({
    ...r,
    how: r.mode === 'rate' ? `${r.offPercent}%` : r.mode === 'amount' ? `¥${r.amount}` : '',
    tiers: r.giftTiers.map((t) => `${t.minQuantity}→${t.giftQuantity}`).join('; '),
    courses: r.courseCodes.join(', ') || '全部 / all',
    campuses: r.campusCodes.join(', ') || '全部 / all',
    state: STATE[r.state] ?? String(r.state),
  }));
const offerExport = async (name: string, rows: TOfferRow[]) =>
  xlsxFile(`${name}.xlsx`, await workbook(name, OFFER_COLUMNS, exportRows(rows)));
const RECORD_COLUMNS: XlsxColumn[] = [
  { key: 'orderCode', header: '订单编号 / Order', text: true },
  { key: 'schoolItemCode', header: '校区 / Campus', text: true },
  { key: 'courseName', header: '课程 / Course' },
  { key: 'offerCode', header: '优惠编号 / Offer', text: true },
  { key: 'label', header: '说明 / Line' },
  { key: 'amount', header: '金额 / Amount' },
  { key: 'createdAt', header: '下单时间 / Ordered at' },
];

const DISCOUNT_KINDS = ['discount', 'gift'] as const;

export const promotionsHandlers: SliceHandlers<typeof contract.promotions> = {
  discountSave: async ({ deps, user, query, body }) => s.saveOffer(deps, user, query.kind, body),
  discountList: async ({ deps, user, body }) => s.offerList(deps, user, body.kind, body),
  discountDetail: async ({ deps, params }) => s.offerDetail(deps, DISCOUNT_KINDS, params.id),
  discountEdit: async ({ deps, user, params, body }) =>
    s.updateOffer(deps, user, DISCOUNT_KINDS, params.id, body.version, body.offer),
  discountStatus: async ({ deps, user, body }) => s.offerStatus(deps, user, DISCOUNT_KINDS, body),

  couponSave: async ({ deps, user, body }) => s.saveOffer(deps, user, 'voucher', body),
  couponUpdate: async ({ deps, user, body }) =>
    s.updateOffer(deps, user, ['voucher'], body.id, body.version, body.offer, 'id'),
  couponList: async ({ deps, user, body }) => s.offerList(deps, user, 'voucher', body),
  couponNames: async ({ deps }) => s.offerNames(deps, 'voucher'),
  couponDetailById: async ({ deps, params }) => s.offerDetail(deps, ['voucher'], params.id),
  couponStatus: async ({ deps, user, body }) => s.offerStatus(deps, user, ['voucher'], body),
  couponExport: async ({ deps, user, query }) =>
    offerExport('代金券配置', await s.offerAll(deps, user, 'voucher', query)),
  voucherIssue: async ({ deps, user, body }) => s.issueVouchers(deps, user, body),
  voucherList: async ({ deps, body }) => s.voucherPage(deps, body),

  activitySave: async ({ deps, user, body }) => s.saveOffer(deps, user, 'activity', body),
  activityUpdate: async ({ deps, user, body }) =>
    s.updateOffer(deps, user, ['activity'], body.id, body.version, body.offer, 'id'),
  activityList: async ({ deps, user, body }) => s.offerList(deps, user, 'activity', body),
  activityDetail: async ({ deps, params }) => s.offerDetail(deps, ['activity'], params.id),
  activityStatus: async ({ deps, user, body }) =>
    s.offerStatus(deps, user, ['activity', 'firstActivity'], body),
  activityNames: async ({ deps }) => s.offerNames(deps, 'activity'),
  activitySecondInfo: async ({ deps, query }) => s.children(deps, query.parentId),
  activityCoupons: async ({ deps, query }) => (await s.activityParts(deps, query.id, 'coupons')).coupons,
  activityCourses: async ({ deps, query }) => (await s.activityParts(deps, query.id, 'courses')).names,
  activitySchools: async ({ deps, query }) => (await s.activityParts(deps, query.id, 'campuses')).names,
  activityExport: async ({ deps, user, query }) =>
    offerExport('活动', await s.offerAll(deps, user, 'activity', query)),
  activityPick: async ({ deps, user, body }) => s.activitiesFor(deps, user, body),
  voucherByCode: async ({ deps, user, query }) => s.voucherByCode(deps, user, query.code),

  firstList: async ({ deps, user, body }) => s.offerList(deps, user, 'firstActivity', body),
  firstSave: async ({ deps, user, body }) => s.saveOffer(deps, user, 'firstActivity', body),
  firstUpdate: async ({ deps, user, body }) =>
    s.updateOffer(deps, user, ['firstActivity'], body.id, body.version, body.offer, 'id'),
  firstDetail: async ({ deps, params }) => s.offerDetail(deps, ['firstActivity'], params.id),
  firstExport: async ({ deps, user, query }) =>
    offerExport('一级活动', await s.offerAll(deps, user, 'firstActivity', query)),

  recordList: async ({ deps, user, body }) => ({
    ...(await s.records(deps, user, body, body.pageSize, (body.pageIdx - 1) * body.pageSize)),
    pageIdx: body.pageIdx,
    pageSize: body.pageSize,
  }),
  recordExport: async ({ deps, user, query }) =>
    xlsxFile(
      '活动记录.xlsx',
      await workbook('活动记录', RECORD_COLUMNS, (await s.records(deps, user, query, 50000, 0)).list),
    ),

  offerPreview: async ({ deps, user, body }) => s.preview(deps, user, body),
  principles: async ({ deps }) => s.principlesOut(deps),
  principlesSave: async ({ deps, user, body }) => s.savePrinciples(deps, user, body),

  termSave: async ({ deps, user, body }) => s.saveTerm(deps, user, body),
  termList: async ({ deps, body }) => s.termPage(deps, body),
  termDetail: async ({ deps, query }) => s.termDetail(deps, query.id),
  orderCourseTerms: async ({ deps, query }) => s.termsFor(deps, query),

  isGreyVersion3: async () => ({ grey: true }),
  couponsForStudent: async ({ deps, user, body }) => s.couponsForStudent(deps, user, body),
  totalPriceV2: async ({ deps, user, body }) => quoteOut(await s.priceBasket(deps, user, body), 0),
  totalPrice: async ({ deps, user, body }) => quoteOut(await s.priceBasket(deps, user, body), 0),
  applyCoupon: async ({ deps, user, body }) => quoteOut(await s.priceBasket(deps, user, body), 0),
  applyCoupon4Confirm: async ({ deps, user, body }) => s.confirmCoupon(deps, user, body),
  courseUnitPrice: async ({ deps, query }) => s.unitPrice(deps, query.courseCode),
  userLevel: async ({ deps, user, query }) => s.studentAttr(deps, user, query.studentId),
  studentAttr: async ({ deps, user, query }) => s.studentAttr(deps, user, query.studentId),
  durationList: async ({ deps, user, query }) => s.durations(deps, user, query),
  durationByCourse: async ({ deps, user, query }) => s.durationFor(deps, user, query),
  checkStudent: async ({ deps, user, query }) => s.checkStudent(deps, user, query.studentId),
};
