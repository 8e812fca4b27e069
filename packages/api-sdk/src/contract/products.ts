// Products and assessment products (spec §7 "Products and assessment"): what headquarters sells,
// which campus may sell it from when, at which price from which date (prices keep their history),
// and the assessment inventory with its finance stocktaking recheck sheets.
import { z } from 'zod';
import { money, quantity } from './fields.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  ValidStatus,
  get,
  page,
  post,
  priv,
  signedIn,
  type Slice,
} from './define.js';
import { IdParams, MdName, MdText, MdVersion } from './masterData.js';

export const PRODUCT_LIST_SCREEN = '/product/productList';
export const PRODUCT_SALE_SCREEN = '/product/productSaleCenter';
/** The assessment products' screen (健康产品: assessments are the company's health products). */
export const ASSESS_SCREEN = '/product/health';
export const EVALUATE_INVENTORY_SCREEN = '/settlement/evaluateInventory';
export const CHECK_INVENTORY_SCREEN = '/settlement/checkInventory';

const hq = priv(PRODUCT_LIST_SCREEN, PRODUCT_SALE_SCREEN);
const assessHq = priv(ASSESS_SCREEN);
const inventory = priv(EVALUATE_INVENTORY_SCREEN, CHECK_INVENTORY_SCREEN);

/** A unit price in yuan (per lesson hour or day of the course): up to 7 integer digits, 2 decimals. */
export const ProductUnitPrice = money({ maxIntDigits: 7 });
const Id = z.coerce.number().int().min(1);
const Campus = z.string().trim().min(1, '请选择校区 / the campus is required').max(20);
/** A calendar day 'YYYY-MM-DD' that exists. */
const Day = z
  .string()
  .trim()
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');
/** A month 'YYYY-MM'. */
const Month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM / a month as YYYY-MM');
/** Hours (or days) of a package: above 0, at most 2 decimals. */
const Quantity = quantity({ positive: true, max: 9999.99, what: ['数量', 'quantity'] });
const Code = z
  .string()
  .trim()
  .min(1, '请填写编码 / the code is required')
  .max(30, '编码最多30个字符 / at most 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, '编码只能包含字母、数字、-和_ / letters, digits, - and _ only');

// ---- the catalogue: products and assessment products share one shape ----

/** A product: a package of one course's hours (or days), with the standard unit price of headquarters. */
export const ProductRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** 1 lesson hour, 2 day (the course's purchase unit). */
  unit: z.number().int(),
  quantity: z.number(),
  /** Standard unit price (yuan), used where no campus price is in effect. */
  price: z.string(),
  /** Standard price of the whole package: price × quantity. */
  packagePrice: z.string(),
  remark: z.string(),
  validstatus: z.number().int(),
  version: z.number().int(),
});
export type TProductRow = z.infer<typeof ProductRow>;

export const ProductInput = z.object({
  id: Id.optional(),
  code: Code,
  name: MdName,
  courseCode: z.string().trim().min(1, '请选择课程 / the course is required'),
  quantity: Quantity,
  price: ProductUnitPrice,
  remark: MdText(200).transform((v) => v ?? ''),
  validstatus: ValidStatus.optional(),
  version: MdVersion,
});
export type TProductInput = z.input<typeof ProductInput>;

export const ProductFilter = PageQuery.extend({
  name: z.string().trim().max(100).optional(),
  courseCode: z.string().trim().max(30).optional(),
  status: ValidStatus.optional(),
});
export type TProductFilter = z.input<typeof ProductFilter>;

export const ProductNameRow = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const ProductNamesQuery = z.object({ name: z.string().trim().max(100).optional() });

// ---- sales: which campus may sell an item from when ----

export const ProductSaleRow = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  unit: z.number().int(),
  quantity: z.number(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  status: z.number().int(),
  /** The unit price in effect today at this campus (campus price, else all-campus price, else standard). */
  price: z.string(),
  /** From when that price applies ('' = the standard price). */
  priceFrom: z.string(),
  /** The next price already set for a later day, if any. */
  nextPrice: z.string().nullable(),
  nextPriceFrom: z.string().nullable(),
  /** May be sold today: enabled, today within its dates, the item valid. */
  onSale: z.boolean(),
  version: z.number().int(),
});
export type TProductSaleRow = z.infer<typeof ProductSaleRow>;

export const ProductSaleInput = z
  .object({
    id: Id.optional(),
    itemId: Id,
    schoolItemCode: Campus,
    startDate: Day,
    endDate: Day.nullish().transform((v) => v ?? null),
    status: ValidStatus.optional(),
    version: MdVersion,
  })
  .refine((v) => v.endDate === null || v.endDate >= v.startDate, {
    message: '结束日期不能早于开始日期 / the end date cannot be before the start date',
    path: ['endDate'],
  });
export type TProductSaleInput = z.input<typeof ProductSaleInput>;

export const ProductSaleFilter = PageQuery.extend({
  schoolItemCode: z.string().trim().max(20).optional(),
  itemId: Id.optional(),
  name: z.string().trim().max(100).optional(),
  status: ValidStatus.optional(),
});
export type TProductSaleFilter = z.input<typeof ProductSaleFilter>;

export const ProductSaleStatusInput = z.object({ id: Id, status: ValidStatus });
export const SaleCampusQuery = z.object({ schoolItemCode: Campus });

// ---- prices with history ----

export const ProductPriceRow = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  /** '' = every campus (headquarters' price). */
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  price: z.string(),
  effectiveDate: z.string(),
  /** 1 valid, 0 cancelled. */
  status: z.number().int(),
  /** The price in effect today for its campus (the latest valid one whose day has come). */
  inEffect: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type TProductPriceRow = z.infer<typeof ProductPriceRow>;

export const ProductPriceInput = z.object({
  itemId: Id,
  /** Empty: the price of every campus that has no price of its own. */
  schoolItemCode: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => (v ? v : null)),
  price: ProductUnitPrice,
  effectiveDate: Day,
});
export type TProductPriceInput = z.input<typeof ProductPriceInput>;

export const ProductSalePriceInput = z.object({ saleId: Id, price: ProductUnitPrice, effectiveDate: Day });
export type TProductSalePriceInput = z.input<typeof ProductSalePriceInput>;

export const ProductPriceUpdateInput = z.object({ id: Id, price: ProductUnitPrice, effectiveDate: Day });

export const ProductPriceFilter = PageQuery.extend({
  itemId: Id.optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  status: ValidStatus.optional(),
});
export type TProductPriceFilter = z.input<typeof ProductPriceFilter>;

/** What a campus may sell today, at which unit price (order screens). */
export const SellableRow = z.object({
  saleId: z.number().int(),
  itemId: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  unit: z.number().int(),
  quantity: z.number(),
  price: z.string(),
  packagePrice: z.string(),
});
export type TSellableRow = z.infer<typeof SellableRow>;

// ---- assessment inventory and stocktaking ----

export const AssessInventoryQuery = z.object({
  month: Month,
  schoolItemCode: z.string().trim().max(20).optional(),
  itemId: Id.optional(),
});
export type TAssessInventoryQuery = z.input<typeof AssessInventoryQuery>;

/** Assessments of one product at one campus in one month, in times (hundredths kept). */
export const AssessInventoryRow = z.object({
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  courseCode: z.string(),
  /** Sold and not used before the month. */
  opening: z.number(),
  /** Sold in the month (purchases and gifts, less refunds and transfers out). */
  sold: z.number(),
  /** Used in the month (assessments given). */
  used: z.number(),
  closing: z.number(),
});
export type TAssessInventoryRow = z.infer<typeof AssessInventoryRow>;

export const RecheckFilter = PageQuery.extend({
  month: Month.optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  /** Only rows whose figures moved since the snapshot. */
  changedOnly: z.coerce.boolean().optional(),
});
export type TRecheckFilter = z.input<typeof RecheckFilter>;

/** A row of a stocktaking sheet: the snapshot taken at generation beside today's figures. */
export const RecheckRow = AssessInventoryRow.extend({
  id: z.number().int(),
  month: z.string(),
  generatedAt: z.string(),
  generatedByName: z.string(),
  /** Closing figure recomputed now from the ledger. */
  currentClosing: z.number(),
  /** currentClosing − closing: what moved after the snapshot (late or corrected movements). */
  difference: z.number(),
});
export type TRecheckRow = z.infer<typeof RecheckRow>;

export const RecheckGenerateInput = z.object({ month: Month });
export const RecheckGenerated = z.object({ month: z.string(), rows: z.number().int() });

const catalogueEndpoints = {
  productSave: post('/product/product/save', {
    service: 'schedule',
    summary: 'Create a product (no id) or update it (id + version): a package of one course’s hours.',
    access: hq,
    body: ProductInput,
    response: ProductRow,
  }),
  productPage: post('/product/product/queryPage', {
    service: 'schedule',
    summary: 'Products, filtered and paged.',
    access: hq,
    body: ProductFilter,
    response: page(ProductRow),
  }),
  productNames: get('/product/queryNames', {
    service: 'schedule',
    summary: 'Valid products’ names for pickers.',
    access: signedIn,
    query: ProductNamesQuery,
    response: z.array(ProductNameRow),
  }),
  salePage: post('/product/sale/queryPage', {
    service: 'schedule',
    summary: 'Campus sales of products with the unit price in effect today and the next one set.',
    access: hq,
    body: ProductSaleFilter,
    response: page(ProductSaleRow),
  }),
  saleSave: post('/product/sale/save', {
    service: 'schedule',
    summary: 'Let a campus sell a product from a day (to a day), or change that (id + version).',
    access: hq,
    body: ProductSaleInput,
    response: ProductSaleRow,
  }),
  priceSave: post('/product/price/save', {
    service: 'schedule',
    summary:
      'Set a product’s unit price from a day, for one campus or every campus; earlier prices are kept.',
    access: hq,
    body: ProductPriceInput,
    response: ProductPriceRow,
  }),
  pricePage: post('/product/price/queryPage', {
    service: 'schedule',
    summary: 'The price history of products, newest day first.',
    access: hq,
    body: ProductPriceFilter,
    response: page(ProductPriceRow),
  }),
  updateSalePrice: post('/product/updateSalePrice', {
    service: 'schedule',
    summary: 'Set the unit price of one campus sale from a day (a new price of the sale’s campus).',
    access: hq,
    body: ProductSalePriceInput,
    response: ProductPriceRow,
  }),
  saleProduct: get('/product/saleProduct', {
    service: 'schedule',
    summary: 'The products a campus may sell today, at today’s unit price (order screens).',
    access: signedIn,
    query: SaleCampusQuery,
    response: z.array(SellableRow),
  }),
  schoolSales: get('/product/sale/querySchSaleProduct', {
    service: 'schedule',
    summary: 'The campuses a product is sold at, with their dates and today’s price.',
    access: hq,
    query: z.object({ productId: Id }),
    response: z.array(ProductSaleRow),
  }),
  priceCancel: get('/product/price/cancel', {
    service: 'schedule',
    summary: 'Cancel a price whose day has not come; a price already in effect stays (orders used it).',
    access: hq,
    query: z.object({ id: Id }),
    response: Ok,
  }),
} satisfies Slice;

const assessEndpoints = {
  assessSave: post('/assess/save', {
    service: 'schedule',
    summary: 'Create an assessment product: a number of assessments of one assessment course.',
    access: assessHq,
    body: ProductInput,
    response: ProductRow,
  }),
  assessUpdate: post('/assess/update', {
    service: 'schedule',
    summary: 'Change an assessment product (id + version).',
    access: assessHq,
    body: ProductInput.extend({ id: Id, version: z.coerce.number().int().min(1) }),
    response: ProductRow,
  }),
  assessList: post('/assess/list', {
    service: 'schedule',
    summary: 'Assessment products, filtered and paged.',
    access: assessHq,
    body: ProductFilter,
    response: page(ProductRow),
  }),
  assessNames: get('/assess/query/assessNames', {
    service: 'schedule',
    summary: 'Valid assessment products’ names for pickers.',
    access: signedIn,
    query: ProductNamesQuery,
    response: z.array(ProductNameRow),
  }),
  assessInfo: get('/assess/query/info/{id}', {
    service: 'schedule',
    summary: 'An assessment product.',
    access: assessHq,
    params: IdParams,
    response: ProductRow,
  }),
  assessUpdateStatus: get('/assess/query/updateStatus', {
    service: 'schedule',
    summary: 'Enable (1) or disable (0) an assessment product.',
    access: assessHq,
    query: z.object({ id: Id, status: ValidStatus }),
    response: Ok,
  }),
  assessSaleSave: post('/assess/sale/save', {
    service: 'schedule',
    summary: 'Let a campus sell an assessment product from a day, or change that (id + version).',
    access: assessHq,
    body: ProductSaleInput,
    response: ProductSaleRow,
  }),
  assessSaleList: post('/assess/sale/list', {
    service: 'schedule',
    summary: 'Campus sales of assessment products with today’s price.',
    access: assessHq,
    body: ProductSaleFilter,
    response: page(ProductSaleRow),
  }),
  assessSaleUpdateStatus: post('/assess/sale/updateStatus', {
    service: 'schedule',
    summary: 'Enable (1) or disable (0) a campus sale of an assessment product.',
    access: assessHq,
    body: ProductSaleStatusInput,
    response: Ok,
  }),
  assessSelectProduct: get('/assess/query/sale/selectProduct', {
    service: 'schedule',
    summary: 'Valid assessment products a campus does not sell yet (to add a sale).',
    access: assessHq,
    query: SaleCampusQuery,
    response: z.array(ProductNameRow),
  }),
  assessEnableProduct: get('/assess/query/sale/enableProduct', {
    service: 'schedule',
    summary: 'A campus’s enabled sales of assessment products (whatever their dates).',
    access: assessHq,
    query: SaleCampusQuery,
    response: z.array(ProductSaleRow),
  }),
  assessSaleProduct: get('/assess/query/sale/saleProduct', {
    service: 'schedule',
    summary: 'The assessment products a campus may sell today, at today’s unit price.',
    access: signedIn,
    query: SaleCampusQuery,
    response: z.array(SellableRow),
  }),
  assessPriceSave: post('/assess/salePrice/save', {
    service: 'schedule',
    summary: 'Set an assessment product’s unit price from a day (one campus or every campus).',
    access: assessHq,
    body: ProductPriceInput,
    response: ProductPriceRow,
  }),
  assessPriceList: post('/assess/salePrice/list', {
    service: 'schedule',
    summary: 'The price history of assessment products, newest day first.',
    access: assessHq,
    body: ProductPriceFilter,
    response: page(ProductPriceRow),
  }),
  assessPriceUpdate: post('/assess/salePrice/updatePrice', {
    service: 'schedule',
    summary: 'Change a price whose day has not come (amount and day); one in effect is refused.',
    access: assessHq,
    body: ProductPriceUpdateInput,
    response: ProductPriceRow,
  }),
  assessPriceRevoke: get('/assess/query/salePrice/revoke/{id}', {
    service: 'schedule',
    summary: 'Revoke a price whose day has not come.',
    access: assessHq,
    params: IdParams,
    response: Ok,
  }),
  assessAvailable: get('/assess/query/query/available', {
    service: 'schedule',
    summary:
      'Assessment products a campus may sell today (as saleProduct) — for the order and assessment screens.',
    access: signedIn,
    query: SaleCampusQuery,
    response: z.array(SellableRow),
  }),
  inventory: post('/assess/inventory', {
    service: 'schedule',
    summary: 'Assessments per campus and product in a month: opening, sold, used, closing (from the ledger).',
    access: inventory,
    body: AssessInventoryQuery,
    response: z.array(AssessInventoryRow),
  }),
  inventoryExport: post('/assess/inventory/export', {
    service: 'schedule',
    summary: 'The month’s assessment inventory as an xlsx workbook.',
    access: inventory,
    kind: 'download',
    body: AssessInventoryQuery,
    response: FileResponse,
  }),
  recheckGenerate: post('/assess/recheck/generate', {
    service: 'schedule',
    summary: 'Take (or take again) the stocktaking snapshot of a month: the inventory as it stands now.',
    access: priv(CHECK_INVENTORY_SCREEN),
    body: RecheckGenerateInput,
    response: RecheckGenerated,
  }),
  recheckPage: post('/assess/recheck/page', {
    service: 'schedule',
    summary: 'Stocktaking sheets: the snapshot beside today’s figures and the difference.',
    access: priv(CHECK_INVENTORY_SCREEN),
    body: RecheckFilter,
    response: page(RecheckRow),
  }),
  recheckExport: post('/assess/recheck/export', {
    service: 'schedule',
    summary: 'Stocktaking sheets as an xlsx workbook.',
    access: priv(CHECK_INVENTORY_SCREEN),
    kind: 'download',
    body: RecheckFilter,
    response: FileResponse,
  }),
} satisfies Slice;

export const products = { ...catalogueEndpoints, ...assessEndpoints } satisfies Slice;
