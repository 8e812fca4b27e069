// Promotions (issue 16 A; spec §7 "Promotions and discounts", docs/pricing.md): discounts, gift
// lessons, voucher configurations and their vouchers, activities (v2 second level and first-level
// groups), terms, the stacking principles, and the selling side every order screen asks
// (/schedule/chargeCoupon/*, /schedule/charge/*, activity and voucher pickers). Paths the spec names
// are its own; the rest are ours in its style (docs/decisions.md "Promotions and products").
import { z } from 'zod';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { Money, quantity } from './fields.js';
import { OrderPreCreateInput, OrderQuantity, OrderQuote } from './orders.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
const IdParams = z.object({ id: Id });
const Code = z.string().trim().max(50);
/** A calendar day 'YYYY-MM-DD'. */
const Day = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      v >= '2000-01-01' &&
      v <= '2099-12-31',
    '日期格式应为 YYYY-MM-DD（2000–2099） / a date as YYYY-MM-DD (2000–2099)',
  );
/** Percent off, 0–100 with at most 2 decimals, as a string ("15.00" = 15 % off = 8.5 折). */
const OffPercent = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .refine(
    (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
    '优惠比例须在0到100之间 / a percent between 0 and 100',
  );

export const OFFER_KINDS = ['discount', 'gift', 'voucher', 'activity', 'firstActivity'] as const;
export const OfferKind = z.enum(OFFER_KINDS);
export type TOfferKind = z.infer<typeof OfferKind>;
/** Stored status: 0 draft / disabled, 1 published / enabled, 2 cancelled (activities). */
export const OfferStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));
/** §4 activity status: 5 not started, 10 in progress, 20 ended, 30 cancelled (0: draft, not published). */
export const ACTIVITY_STATES = [0, 5, 10, 20, 30] as const;
export const OfferMode = z.enum(['rate', 'amount', '']);

export const GiftTierInput = z.object({
  /** Bought at least (hours or days). */
  minQuantity: OrderQuantity,
  giftQuantity: OrderQuantity,
});

/** One form for every kind; fields a kind does not use are ignored (docs/pricing.md). */
export const OfferInput = z
  .object({
    name: z.string().trim().min(1, '请填写名称 / the name is required').max(100),
    remark: z.string().trim().max(500).default(''),
    mode: OfferMode.default(''),
    offPercent: OffPercent.default('0'),
    amount: Money.default('0.00'),
    minSpend: Money.default('0.00'),
    giftTiers: z.array(GiftTierInput).max(10, '最多10档 / at most 10 tiers').default([]),
    courseCodes: z.array(Code.min(1)).max(200).default([]),
    campusCodes: z.array(Code.min(1)).max(200).default([]),
    startDate: Day,
    endDate: Day,
    validDays: z.coerce.number().int().min(0).max(3650).default(0),
    couponIds: z.array(Id).max(20).default([]),
    parentId: Id.nullish(),
  })
  .refine((v) => v.endDate >= v.startDate, {
    message: '结束日期不能早于开始日期 / the end date is before the start date',
    path: ['endDate'],
  });
export type TOfferInput = z.input<typeof OfferInput>;
/** The form as the server receives it (parsed, defaults filled). */
export type TOfferFields = z.output<typeof OfferInput>;
export const OfferUpdateInput = z.object({ id: Id, version: z.number().int().positive(), offer: OfferInput });
export type TOfferUpdateInput = z.input<typeof OfferUpdateInput>;

export const GiftTierRow = z.object({ minQuantity: z.number(), giftQuantity: z.number() });
export const OfferRow = z.object({
  id: z.number().int(),
  kind: OfferKind,
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  mode: OfferMode,
  offPercent: z.string(),
  amount: Yuan,
  minSpend: Yuan,
  giftTiers: z.array(GiftTierRow),
  courseCodes: z.array(z.string()),
  campusCodes: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  validDays: z.number().int(),
  couponIds: z.array(z.number().int()),
  parentId: z.number().int().nullable(),
  status: z.number().int(),
  /** §4: 0 draft, 5 not started, 10 in progress, 20 ended, 30 cancelled. */
  state: z.number().int(),
  /** Vouchers: issued and used so far. */
  issued: z.number().int(),
  used: z.number().int(),
  createdAt: Ts,
  version: z.number().int(),
});
export type TOfferRow = z.infer<typeof OfferRow>;
export const OfferDetail = OfferRow.extend({
  courses: z.array(z.object({ code: z.string(), name: z.string() })),
  campuses: z.array(z.object({ code: z.string(), name: z.string() })),
  coupons: z.array(OfferRow),
  children: z.array(OfferRow),
});
export type TOfferDetail = z.infer<typeof OfferDetail>;

export const OfferFilter = z.object({
  name: z.string().trim().max(100).optional(),
  state: z.coerce.number().int().min(0).max(30).optional(),
  schoolItemCode: Code.optional(),
  courseCode: Code.optional(),
  parentId: Id.optional(),
});
export const OfferListQuery = PageQuery.extend(OfferFilter.shape);
const DiscountListQuery = PageQuery.extend({
  ...OfferFilter.shape,
  kind: z.enum(['discount', 'gift']).default('discount'),
});
export const OfferStatusInput = z.object({
  id: Id,
  status: OfferStatus,
  version: z.number().int().positive().optional(),
});
export const NameOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  state: z.number().int(),
});

/** A sample basket priced with and without an offer before it is published. */
export const OfferPreviewInput = z.object({
  kind: z.enum(['discount', 'gift', 'voucher', 'activity']),
  offer: OfferInput,
  schoolItemCode: Code.min(1, '请选择校区 / the campus is required'),
  items: z
    .array(
      z.object({ courseCode: Code.min(1, '请选择课程 / the course is required'), quantity: OrderQuantity }),
    )
    .min(1, '至少选择一门课程 / at least one course is required')
    .max(20),
});
export type TOfferPreviewInput = z.input<typeof OfferPreviewInput>;
export const OfferPreview = z.object({ without: OrderQuote, with: OrderQuote, saving: Yuan });
export type TOfferPreview = z.infer<typeof OfferPreview>;

export const VoucherIssueInput = z.object({
  configId: Id,
  count: z.coerce.number().int().min(1).max(500),
  studentId: Id.nullish(),
});
export const VoucherRow = z.object({
  id: z.number().int(),
  code: z.string(),
  configId: z.number().int(),
  configName: z.string(),
  mode: OfferMode,
  offPercent: z.string(),
  amount: Yuan,
  minSpend: Yuan,
  studentId: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  /** 10 unused, 20 used, 30 void; 40 expired (computed). */
  status: z.number().int(),
  orderId: z.number().int().nullable(),
  usedAt: Ts.nullable(),
});
export type TVoucherRow = z.infer<typeof VoucherRow>;

export const PrincipleRow = z.object({
  kind: z.enum(['activity', 'discount', 'gift', 'voucher']),
  seq: z.number().int(),
  combinesWith: z.array(z.enum(['activity', 'discount', 'gift', 'voucher'])),
  capPercent: z.string(),
  enabled: z.boolean(),
});
export const Principles = z.object({ kinds: z.array(PrincipleRow), totalCapPercent: z.string() });
export type TPrinciples = z.infer<typeof Principles>;
export const PrinciplesInput = z.object({
  kinds: z
    .array(
      z.object({
        kind: z.enum(['activity', 'discount', 'gift', 'voucher']),
        seq: z.coerce.number().int().min(1).max(99),
        combinesWith: z.array(z.enum(['activity', 'discount', 'gift', 'voucher'])).max(4),
        capPercent: OffPercent,
        enabled: z.boolean(),
      }),
    )
    .length(4, '四类优惠各一行 / one row per offer kind'),
  totalCapPercent: OffPercent,
});

export const SaleTermInput = z
  .object({
    id: Id.optional(),
    version: z.number().int().positive().optional(),
    code: z.string().trim().min(1, '请填写编码 / the code is required').max(30),
    name: z.string().trim().min(1, '请填写名称 / the name is required').max(100),
    startDate: Day,
    endDate: Day,
    courseCodes: z.array(Code.min(1)).max(200).default([]),
    remark: z.string().trim().max(500).default(''),
    validStatus: z.coerce.number().int().min(0).max(1).default(1),
  })
  .refine((v) => v.endDate >= v.startDate, {
    message: '结束日期不能早于开始日期 / the end date is before the start date',
    path: ['endDate'],
  });
export const SaleTermRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  courseCodes: z.array(z.string()),
  remark: z.string(),
  validStatus: z.number().int(),
  version: z.number().int(),
});

/** A basket as the selling side sends it: the order's own lines. */
export const BasketInput = OrderPreCreateInput;
export const ActivityPickInput = z.object({
  schoolItemCode: Code.min(1, '请选择校区 / the campus is required'),
  courseCodes: z.array(Code.min(1)).max(20).default([]),
});
export const CouponListInput = z.object({
  studentId: Id.optional(),
  schoolItemCode: Code.min(1, '请选择校区 / the campus is required'),
});
export const StudentQuery = z.object({ studentId: Id });
export const StudentAttr = z.object({
  studentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  schoolItemCode: z.string(),
  /** 'new' (no effective order yet) or 'renewal'. */
  level: z.enum(['new', 'renewal']),
  effectiveOrders: z.number().int(),
  insurance: z.boolean(),
});
export const DurationQuery = z.object({
  courseCode: Code.min(1, '请选择课程 / the course is required'),
  schoolItemCode: Code.min(1, '请选择校区 / the campus is required'),
  quantity: quantity({ what: ['数量', 'quantity'] }).optional(),
});
export const DurationRow = z.object({
  quantity: z.number(),
  giftQuantity: z.number(),
  offerCode: z.string(),
  offerName: z.string(),
});
export const UnitPriceQuery = z.object({ courseCode: Code.min(1, '请选择课程 / the course is required') });
export const UnitPrice = z.object({
  courseCode: z.string(),
  courseName: z.string(),
  unit: z.number().int(),
  unitPrice: Yuan,
});

const MANAGE = priv(
  '/discount/discountManage',
  '/discount/giveLessonManage',
  '/discount/preferManage',
  '/discount/activityManage',
  '/newDiscount/discountList',
  '/newDiscount/giveList',
  '/newDiscount/preferList',
  '/newDiscount/activityList',
);
const COUPONS = priv('/discount/preferManage', '/newDiscount/preferList');
const ACTIVITIES = priv('/discount/activityManage', '/newDiscount/activityList');
const DISCOUNTS = priv(
  '/discount/discountManage',
  '/discount/giveLessonManage',
  '/newDiscount/discountList',
  '/newDiscount/giveList',
);
/** The selling side: whoever prices an order (the order screens) or designs offers. */
const SELL = priv(
  '/students/order',
  '/students/payInstallment',
  '/discount/activityManage',
  '/newDiscount/activityList',
  '/discount/preferManage',
  '/newDiscount/preferList',
);
/** Picking an offer: the selling screens and the instalment screens (an offer applied to a term). */
const PICK = priv(
  '/students/order',
  '/students/payInstallment',
  '/discount/activityManage',
  '/newDiscount/activityList',
  '/discount/preferManage',
  '/newDiscount/preferList',
  '/financial/approvalRepayment',
  '/financial/installmentDetails/:id',
);
const S = 'schedule' as const;

export const promotions = {
  // ---- discounts and gift lessons (one configuration, `kind` discount | gift) ----
  discountSave: post('/schedule/fee/coupon/config/discount/save', {
    service: S,
    summary:
      'Create a discount or a gift-lesson rule (kind in the query, discount by default); it starts as a draft.',
    access: DISCOUNTS,
    query: z.object({ kind: z.enum(['discount', 'gift']).default('discount') }),
    body: OfferInput,
    response: OfferRow,
  }),
  discountList: post('/schedule/fee/coupon/config/discount/list', {
    service: S,
    summary: 'Discounts or gift-lesson rules, filtered and paged, with their §4 state.',
    access: DISCOUNTS,
    body: DiscountListQuery,
    response: page(OfferRow),
  }),
  discountDetail: get('/schedule/fee/coupon/config/discount/detail/{id}', {
    service: S,
    summary: 'One discount or gift-lesson rule with its courses and campuses.',
    access: DISCOUNTS,
    params: IdParams,
    response: OfferDetail,
  }),
  discountEdit: post('/schedule/fee/coupon/config/discount/edit/{id}', {
    service: S,
    summary: 'Change a discount or gift-lesson rule on the version read.',
    access: DISCOUNTS,
    params: IdParams,
    body: z.object({ version: z.number().int().positive(), offer: OfferInput }),
    response: OfferRow,
  }),
  discountStatus: post('/schedule/fee/coupon/config/update/discount/status', {
    service: S,
    summary: 'Publish (1) or withdraw (0) a discount or gift-lesson rule.',
    access: DISCOUNTS,
    body: OfferStatusInput,
    response: OfferRow,
  }),
  // ---- voucher configurations (coupon config v2) and vouchers ----
  couponSave: post('/fee/coupon/config/v2/save', {
    service: S,
    summary:
      'Create a voucher configuration (amount or rate, minimum spend, validity); a draft until enabled.',
    access: COUPONS,
    body: OfferInput,
    response: OfferRow,
  }),
  couponUpdate: post('/fee/coupon/config/v2/update', {
    service: S,
    summary: 'Change a voucher configuration on the version read (issued vouchers keep their validity).',
    access: COUPONS,
    body: OfferUpdateInput,
    response: OfferRow,
  }),
  couponList: post('/fee/coupon/config/v2/list', {
    service: S,
    summary: 'Voucher configurations with how many vouchers were issued and used.',
    access: COUPONS,
    body: OfferListQuery,
    response: page(OfferRow),
  }),
  couponNames: get('/fee/coupon/config/v2/nameList', {
    service: S,
    summary: 'Voucher configurations as options (activities bundle them).',
    access: MANAGE,
    response: z.array(NameOption),
  }),
  couponDetailById: get('/fee/coupon/config/v2/detail/{id}', {
    service: S,
    summary: 'One voucher configuration.',
    access: COUPONS,
    params: IdParams,
    response: OfferDetail,
  }),
  couponStatus: post('/fee/coupon/config/v2/updateStatus', {
    service: S,
    summary: 'Enable (1) or disable (0) a voucher configuration.',
    access: COUPONS,
    body: OfferStatusInput,
    response: OfferRow,
  }),
  couponExport: get('/fee/coupon/config/v2/export', {
    service: S,
    summary: 'Every voucher configuration of the filter as a workbook.',
    access: COUPONS,
    kind: 'download',
    query: OfferFilter,
    response: FileResponse,
  }),
  voucherIssue: post('/fee/coupon/config/v2/issue', {
    service: S,
    summary:
      'Issue vouchers of an enabled configuration (to one student or to the bearer); answers their codes.',
    access: COUPONS,
    body: VoucherIssueInput,
    response: z.array(VoucherRow),
  }),
  voucherList: post('/fee/coupon/config/v2/vouchers', {
    service: S,
    summary: 'The vouchers issued of one configuration with their use.',
    access: COUPONS,
    body: PageQuery.extend({ configId: Id, code: Code.optional() }),
    response: page(VoucherRow),
  }),
  // ---- activities (v2, second level) ----
  activitySave: post('/fee/activity/v2/save', {
    service: S,
    summary:
      'Create an activity (discount, gift tiers and vouchers over campuses and courses); a draft until published.',
    access: ACTIVITIES,
    body: OfferInput,
    response: OfferRow,
  }),
  activityUpdate: post('/fee/activity/v2/update', {
    service: S,
    summary: 'Change an activity on the version read (not once cancelled).',
    access: ACTIVITIES,
    body: OfferUpdateInput,
    response: OfferRow,
  }),
  activityList: post('/fee/activity/v2/list', {
    service: S,
    summary:
      'Activities with their §4 state (5 not started, 10 in progress, 20 ended, 30 cancelled; 0 draft).',
    access: ACTIVITIES,
    body: OfferListQuery,
    response: page(OfferRow),
  }),
  activityDetail: get('/fee/activity/v2/detail/{id}', {
    service: S,
    summary: 'One activity with its courses, campuses and vouchers.',
    access: ACTIVITIES,
    params: IdParams,
    response: OfferDetail,
  }),
  activityStatus: post('/fee/activity/v2/updateStatus', {
    service: S,
    summary:
      'Publish (1) a draft activity or first-level activity or cancel (2) one (a first-level one with its activities); a cancelled one stays cancelled.',
    access: ACTIVITIES,
    body: OfferStatusInput,
    response: OfferRow,
  }),
  activityNames: get('/fee/activity/v2/nameList', {
    service: S,
    summary: 'Activities as options.',
    access: MANAGE,
    response: z.array(NameOption),
  }),
  activitySecondInfo: get('/fee/activity/v2/getSecondInfo', {
    service: S,
    summary: 'The activities (second level) of a first-level activity.',
    access: ACTIVITIES,
    query: z.object({ parentId: Id }),
    response: z.array(OfferRow),
  }),
  activityCoupons: get('/fee/activity/v2/couponDetail', {
    service: S,
    summary: 'The voucher configurations an activity comes with.',
    access: ACTIVITIES,
    query: z.object({ id: Id }),
    response: z.array(OfferRow),
  }),
  activityCourses: get('/fee/activity/v2/courseDetail', {
    service: S,
    summary: 'The courses an activity covers (all courses when it names none).',
    access: ACTIVITIES,
    query: z.object({ id: Id }),
    response: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
  activitySchools: get('/fee/activity/v2/schoolDetail', {
    service: S,
    summary: 'The campuses an activity covers (all campuses when it names none).',
    access: ACTIVITIES,
    query: z.object({ id: Id }),
    response: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
  activityExport: get('/fee/activity/v2/export', {
    service: S,
    summary: 'Every activity of the filter as a workbook.',
    access: ACTIVITIES,
    kind: 'download',
    query: OfferFilter,
    response: FileResponse,
  }),
  activityPick: post('/fee/activity/v2/getActivityList', {
    service: S,
    summary:
      'The activities an order may choose: published, in progress, for the campus and any of the courses.',
    access: PICK,
    body: ActivityPickInput,
    response: z.array(OfferRow),
  }),
  voucherByCode: get('/fee/activity/v2/getCouPonDetail', {
    service: S,
    summary:
      'A voucher by its code: its configuration, validity and use (the order screen checks a code with it).',
    access: PICK,
    query: z.object({ code: Code.min(1, '请输入券码 / the voucher code is required') }),
    response: VoucherRow,
  }),
  // ---- first-level activities ----
  firstList: post('/fee/activity/first/list', {
    service: S,
    summary: 'First-level activities (groups of activities).',
    access: ACTIVITIES,
    body: OfferListQuery,
    response: page(OfferRow),
  }),
  firstSave: post('/fee/activity/first/save', {
    service: S,
    summary: 'Create a first-level activity.',
    access: ACTIVITIES,
    body: OfferInput,
    response: OfferRow,
  }),
  firstUpdate: post('/fee/activity/first/update', {
    service: S,
    summary: 'Change a first-level activity on the version read.',
    access: ACTIVITIES,
    body: OfferUpdateInput,
    response: OfferRow,
  }),
  firstDetail: get('/fee/activity/first/detail/{id}', {
    service: S,
    summary: 'One first-level activity with its activities.',
    access: ACTIVITIES,
    params: IdParams,
    response: OfferDetail,
  }),
  firstExport: get('/fee/activity/first/export', {
    service: S,
    summary: 'Every first-level activity of the filter as a workbook.',
    access: ACTIVITIES,
    kind: 'download',
    query: OfferFilter,
    response: FileResponse,
  }),
  // ---- activity records: every order line an activity, discount, gift rule or voucher gave ----
  recordList: post('/fee/activity/record/list', {
    service: S,
    summary:
      'What offers gave: one row per order line of an offer (order, student, campus, amount, gift hours).',
    access: MANAGE,
    body: PageQuery.extend({ offerCode: Code.optional(), schoolItemCode: Code.optional() }),
    response: page(
      z.object({
        orderId: z.number().int(),
        orderCode: z.string(),
        orderStatus: z.number().int(),
        schoolItemCode: z.string(),
        courseName: z.string(),
        source: z.string(),
        offerCode: z.string(),
        label: z.string(),
        amount: Yuan,
        createdAt: Ts,
      }),
    ),
  }),
  recordExport: get('/fee/activity/record/export', {
    service: S,
    summary: 'Every activity record of the filter as a workbook.',
    access: MANAGE,
    kind: 'download',
    query: z.object({ offerCode: Code.optional(), schoolItemCode: Code.optional() }),
    response: FileResponse,
  }),
  // ---- the preview and the stacking principles ----
  offerPreview: post('/fee/activity/v2/preview', {
    service: S,
    summary: 'A sample basket priced with and without an offer as typed (nothing is written).',
    access: MANAGE,
    body: OfferPreviewInput,
    response: OfferPreview,
  }),
  principles: get('/schedule/chargeCoupon/getPriciples', {
    service: S,
    summary: 'The stacking principles: the order offer kinds apply in, which combine, and their caps.',
    access: SELL,
    response: Principles,
  }),
  principlesSave: post('/schedule/chargeCoupon/savePriciples', {
    service: S,
    summary: 'Headquarters changes the stacking principles (every later quote follows them).',
    access: ACTIVITIES,
    body: PrinciplesInput,
    response: Principles,
  }),
  // ---- terms ----
  termSave: post('/fee/term/save', {
    service: S,
    summary: 'Create or change (with id and version) a term.',
    access: ACTIVITIES,
    body: SaleTermInput,
    response: SaleTermRow,
  }),
  termList: post('/fee/term/list', {
    service: S,
    summary: 'Terms, newest first.',
    access: SELL,
    body: PageQuery.extend({ name: z.string().trim().max(100).optional() }),
    response: page(SaleTermRow),
  }),
  termDetail: get('/fee/term/detail', {
    service: S,
    summary: 'One term.',
    access: SELL,
    query: z.object({ id: Id }),
    response: SaleTermRow,
  }),
  orderCourseTerms: get('/schedule/fee/term/order/course/term/list', {
    service: S,
    summary:
      'The valid terms a course may be sold for on a day (terms not over yet that name it or name no course).',
    access: SELL,
    query: z.object({ courseCode: Code.optional(), date: Day.optional() }),
    response: z.array(SaleTermRow),
  }),
  // ---- the selling side (/schedule/chargeCoupon/*, /schedule/charge/*) ----
  isGreyVersion3: get('/schedule/chargeCoupon/isGreyVersion3', {
    service: S,
    summary: 'Whether the order screens price with the offer engine (always: it is the only engine).',
    access: SELL,
    response: z.object({ grey: z.boolean() }),
  }),
  couponsForStudent: post('/schedule/chargeCoupon/getCouponList', {
    service: S,
    summary:
      "The vouchers a student may use now at a campus (unused, in their validity, the student's or the bearer's).",
    access: SELL,
    body: CouponListInput,
    response: z.array(VoucherRow),
  }),
  totalPriceV2: post('/schedule/chargeCoupon/getTotalPriceV2', {
    service: S,
    summary: 'The price of a basket with its offers (the engine, as /incomeOrder/preCreate).',
    access: SELL,
    body: BasketInput,
    response: OrderQuote,
  }),
  totalPrice: post('/schedule/chargeCoupon/v2/getTotalPrice', {
    service: S,
    summary: 'The price of a basket with its offers (same engine).',
    access: SELL,
    body: BasketInput,
    response: OrderQuote,
  }),
  applyCoupon: post('/schedule/chargeCoupon/v2/applyCoupon', {
    service: S,
    summary:
      'The price of a basket with a voucher: refused (400 on voucherCode, saying why) when it cannot apply.',
    access: SELL,
    body: BasketInput.extend({ voucherCode: Code.min(1, '请输入券码 / the voucher code is required') }),
    response: OrderQuote,
  }),
  applyCoupon4Confirm: post('/schedule/chargeCoupon/v2/applyCoupon4Confirm', {
    service: S,
    summary:
      'Checks before placing the order that the voucher is still unused and priced as shown (the amount the screen showed).',
    access: SELL,
    body: BasketInput.extend({
      voucherCode: Code.min(1, '请输入券码 / the voucher code is required'),
      expectedPayable: Money,
    }),
    response: OrderQuote,
  }),
  courseUnitPrice: get('/schedule/chargeCoupon/v2/getCourseUnitPrice', {
    service: S,
    summary: 'The list price of one unit of a course.',
    access: SELL,
    query: UnitPriceQuery,
    response: UnitPrice,
  }),
  userLevel: get('/schedule/chargeCoupon/getUserLevel', {
    service: S,
    summary: "A student's level for offers: new (no effective order yet) or renewal.",
    access: SELL,
    query: StudentQuery,
    response: StudentAttr,
  }),
  studentAttr: get('/schedule/charge/getStudentAttr', {
    service: S,
    summary: 'What the price of a student depends on: campus, level, subsidy flag.',
    access: SELL,
    query: StudentQuery,
    response: StudentAttr,
  }),
  durationList: get('/schedule/charge/selectDurationList', {
    service: S,
    summary:
      'The quantities of a course that earn gift hours at a campus today (the tiers of the applicable rules).',
    access: SELL,
    query: DurationQuery,
    response: z.array(DurationRow),
  }),
  durationByCourse: get('/schedule/charge/queryDurationByCourseInfo', {
    service: S,
    summary: 'The gift hours a quantity of a course earns at a campus today (the best applicable tier).',
    access: SELL,
    query: DurationQuery,
    response: DurationRow,
  }),
  checkStudent: get('/schedule/charge/check/student', {
    service: S,
    summary:
      'Whether a student may buy now (in your campuses, reading or suspended; not finished or deleted).',
    access: SELL,
    query: StudentQuery,
    response: z.object({ ok: z.boolean(), reason: z.string() }),
  }),
} satisfies Slice;
