// The promotion screens as data: which offer kind each of the 24 routes of /discount/* and
// /newDiscount/* shows, and the endpoints of each kind. Both families read the same offers with
// the same list and form (docs/decisions.md "Promotions and products"): they differ only where the
// endpoints do — the classic activity screens manage first-level activities, the new ones activities.
import type { Page, TOfferDetail, TOfferFields, TOfferKind, TOfferRow } from '@bo/api-sdk';
import { sdk } from '../../app/sdk';

export type Family = 'v1' | 'v2';
/** The four kinds a family has screens for. */
export type ScreenKind = 'discount' | 'gift' | 'voucher' | 'activity';
export const SCREEN_KINDS: readonly ScreenKind[] = ['discount', 'gift', 'voucher', 'activity'];

export interface KindPaths {
  list: string;
  add: string;
  detail: string;
}

export const PATHS: Record<Family, Record<ScreenKind, KindPaths>> = {
  v1: {
    discount: {
      list: '/discount/discountManage',
      add: '/discount/addDiscount',
      detail: '/discount/discountDetail',
    },
    gift: {
      list: '/discount/giveLessonManage',
      add: '/discount/addGiveLesson',
      detail: '/discount/giveDetail',
    },
    voucher: { list: '/discount/preferManage', add: '/discount/addPrefer', detail: '/discount/preferDetail' },
    activity: {
      list: '/discount/activityManage',
      add: '/discount/addActivity',
      detail: '/discount/activityDetail',
    },
  },
  v2: {
    discount: {
      list: '/newDiscount/discountList',
      add: '/newDiscount/addDiscount',
      detail: '/newDiscount/discountDetail',
    },
    gift: { list: '/newDiscount/giveList', add: '/newDiscount/addGive', detail: '/newDiscount/giveDetail' },
    voucher: {
      list: '/newDiscount/preferList',
      add: '/newDiscount/addPrefer',
      detail: '/newDiscount/preferDetail',
    },
    activity: {
      list: '/newDiscount/activityList',
      add: '/newDiscount/addActivity',
      detail: '/newDiscount/activityDetail',
    },
  },
};

/** The offer kind a family's screen shows. */
export const offerKindOf = (family: Family, kind: ScreenKind): TOfferKind =>
  family === 'v1' && kind === 'activity' ? 'firstActivity' : kind;

export interface ListFilter {
  pageIdx: number;
  pageSize: number;
  name?: string;
  state?: number;
  schoolItemCode?: string;
  parentId?: number;
}

/** The endpoints of one offer kind. */
export interface OfferApi {
  list: (q: ListFilter) => Promise<Page<TOfferRow>>;
  detail: (id: number) => Promise<TOfferDetail>;
  create: (offer: TOfferFields) => Promise<TOfferRow>;
  update: (id: number, version: number, offer: TOfferFields) => Promise<TOfferRow>;
  setStatus: (row: Pick<TOfferRow, 'id' | 'version'>, status: 0 | 1 | 2) => Promise<TOfferRow>;
}

function discountApi(kind: 'discount' | 'gift'): OfferApi {
  return {
    list: (q) => sdk.promotions.discountList({ body: { ...q, kind } }),
    detail: (id) => sdk.promotions.discountDetail({ params: { id } }),
    create: (offer) => sdk.promotions.discountSave({ query: { kind }, body: offer }),
    update: (id, version, offer) => sdk.promotions.discountEdit({ params: { id }, body: { version, offer } }),
    setStatus: (r, status) =>
      sdk.promotions.discountStatus({ body: { id: r.id, status, version: r.version } }),
  };
}

export const OFFER_API: Record<TOfferKind, OfferApi> = {
  discount: discountApi('discount'),
  gift: discountApi('gift'),
  voucher: {
    list: (q) => sdk.promotions.couponList({ body: q }),
    detail: (id) => sdk.promotions.couponDetailById({ params: { id } }),
    create: (offer) => sdk.promotions.couponSave({ body: offer }),
    update: (id, version, offer) => sdk.promotions.couponUpdate({ body: { id, version, offer } }),
    setStatus: (r, status) => sdk.promotions.couponStatus({ body: { id: r.id, status, version: r.version } }),
  },
  activity: {
    list: (q) => sdk.promotions.activityList({ body: q }),
    detail: (id) => sdk.promotions.activityDetail({ params: { id } }),
    create: (offer) => sdk.promotions.activitySave({ body: offer }),
    update: (id, version, offer) => sdk.promotions.activityUpdate({ body: { id, version, offer } }),
    setStatus: (r, status) =>
      sdk.promotions.activityStatus({ body: { id: r.id, status, version: r.version } }),
  },
  firstActivity: {
    list: (q) => sdk.promotions.firstList({ body: q }),
    detail: (id) => sdk.promotions.firstDetail({ params: { id } }),
    create: (offer) => sdk.promotions.firstSave({ body: offer }),
    update: (id, version, offer) => sdk.promotions.firstUpdate({ body: { id, version, offer } }),
    // One status command for both levels of activity (the server cancels a group's activities too).
    setStatus: (r, status) =>
      sdk.promotions.activityStatus({ body: { id: r.id, status, version: r.version } }),
  },
};

/** What a kind's form asks for (the one form hides the rest; the server ignores them anyway). */
export const FIELDS: Record<
  TOfferKind,
  {
    reduction: boolean;
    tiers: boolean;
    validDays: boolean;
    scope: boolean;
    coupons: boolean;
    parent: boolean;
  }
> = {
  discount: { reduction: true, tiers: false, validDays: false, scope: true, coupons: false, parent: false },
  gift: { reduction: false, tiers: true, validDays: false, scope: true, coupons: false, parent: false },
  voucher: { reduction: true, tiers: false, validDays: true, scope: true, coupons: false, parent: false },
  activity: { reduction: true, tiers: true, validDays: false, scope: true, coupons: true, parent: true },
  firstActivity: {
    reduction: false,
    tiers: false,
    validDays: false,
    scope: false,
    coupons: false,
    parent: false,
  },
};

/** Kinds the server can preview (a first-level activity prices nothing by itself). */
export const previewKind = (k: TOfferKind): 'discount' | 'gift' | 'voucher' | 'activity' | null =>
  k === 'firstActivity' ? null : k;
