// The list declarations of both catalogues (products and assessment products): the items, their
// campus sales and their price history. One declaration per list, parameterised by the endpoints.
import { useQuery } from '@tanstack/react-query';
import { Select, type CustomFormFieldProps } from '@bo/ui-kit';
import {
  ProductInput,
  ProductPriceInput,
  ProductSaleInput,
  type TProductFilter,
  type TProductPriceFilter,
  type TProductPriceRow,
  type TProductRow,
  type TProductSaleFilter,
  type TProductSaleRow,
  type Page,
} from '@bo/api-sdk';
import { isValid, listQuery, statusOptions, type ListQueryArgs, type ListScreenDef } from '../../app/list';
import { asFormField, asSearchField, CampusMasterSelect, CourseSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';

type Kind = 'product' | 'assess';

/** The endpoints of one catalogue. */
interface CatalogueApi {
  items: (q: TProductFilter) => Promise<Page<TProductRow>>;
  saveItem: (body: Record<string, unknown>) => Promise<unknown>;
  names: () => Promise<{ id: number; name: string }[]>;
  sales: (q: TProductSaleFilter) => Promise<Page<TProductSaleRow>>;
  saveSale: (body: Record<string, unknown>) => Promise<unknown>;
  saleStatus: (row: TProductSaleRow, on: boolean) => Promise<unknown>;
  prices: (q: TProductPriceFilter) => Promise<Page<TProductPriceRow>>;
  savePrice: (body: Record<string, unknown>) => Promise<unknown>;
  cancelPrice: (id: number) => Promise<unknown>;
}

const saleBody = (r: TProductSaleRow, on: boolean) => ({
  id: r.id,
  itemId: r.itemId,
  schoolItemCode: r.schoolItemCode,
  startDate: r.startDate,
  endDate: r.endDate,
  status: on ? 1 : 0,
  version: r.version,
});

export const catalogues: Record<Kind, CatalogueApi> = {
  product: {
    items: (q) => sdk.products.productPage({ body: q }),
    saveItem: (body) => sdk.products.productSave({ body: body as never }),
    names: () => sdk.products.productNames({ query: {} }),
    sales: (q) => sdk.products.salePage({ body: q }),
    saveSale: (body) => sdk.products.saleSave({ body: body as never }),
    saleStatus: (r, on) => sdk.products.saleSave({ body: saleBody(r, on) }),
    prices: (q) => sdk.products.pricePage({ body: q }),
    savePrice: (body) => sdk.products.priceSave({ body: body as never }),
    cancelPrice: (id) => sdk.products.priceCancel({ query: { id } }),
  },
  assess: {
    items: (q) => sdk.products.assessList({ body: q }),
    saveItem: (body) =>
      typeof body.id === 'number'
        ? sdk.products.assessUpdate({ body: body as never })
        : sdk.products.assessSave({ body: body as never }),
    names: () => sdk.products.assessNames({ query: {} }),
    sales: (q) => sdk.products.assessSaleList({ body: q }),
    saveSale: (body) => sdk.products.assessSaleSave({ body: body as never }),
    saleStatus: (r, on) => sdk.products.assessSaleUpdateStatus({ body: { id: r.id, status: on ? 1 : 0 } }),
    prices: (q) => sdk.products.assessPriceList({ body: q }),
    savePrice: (body) => sdk.products.assessPriceSave({ body: body as never }),
    cancelPrice: (id) => sdk.products.assessPriceRevoke({ params: { id } }),
  },
};

const unitText = (t: TFunction, unit: number) => t(unit === 2 ? 'prd.unit.2' : 'prd.unit.1');

/** A picker of one catalogue's valid items (values are item ids). */
function itemPicker(kind: Kind) {
  return function ItemPicker(
    p: CustomFormFieldProps | { id?: string; label: string; value: unknown; onChange: (v: unknown) => void },
  ) {
    const q = useQuery({ queryKey: ['products', kind, 'names'], queryFn: () => catalogues[kind].names() });
    const value = typeof p.value === 'number' ? p.value : p.value ? Number(p.value) : '';
    return (
      <Select<number>
        id={p.id}
        label={p.label}
        value={value}
        onChange={(v) => p.onChange(v === '' ? undefined : v)}
        placeholder="—"
        options={(q.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        error={'error' in p ? p.error : undefined}
        required={'required' in p ? p.required : undefined}
        disabled={'disabled' in p ? p.disabled : undefined}
      />
    );
  };
}
const pickers: Record<Kind, ReturnType<typeof itemPicker>> = {
  product: itemPicker('product'),
  assess: itemPicker('assess'),
};

export function itemsDef(kind: Kind): ListScreenDef<TProductRow, typeof ProductInput> {
  const api = catalogues[kind];
  return {
    key: `${kind}Items`,
    what: (t) => t(kind === 'product' ? 'prd.product' : 'prd.assess'),
    rowId: (r) => String(r.id),
    rowName: (r) => r.name,
    searchFields: (t) => [
      { kind: 'text', name: 'name', label: t('list.name') },
      { kind: 'custom', name: 'courseCode', label: t('prd.course'), render: asSearchField(CourseSelect) },
      { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
    ],
    columns: (t) => [
      { id: 'code', header: t('list.code') },
      { id: 'name', header: t('list.name') },
      { id: 'courseName', header: t('prd.course') },
      { id: 'quantity', header: t('prd.quantity'), align: 'right' },
      { id: 'unit', header: t('prd.unit'), value: (r) => unitText(t, r.unit) },
      { id: 'price', header: t('prd.price'), align: 'right' },
      { id: 'packagePrice', header: t('prd.packagePrice'), align: 'right' },
      { id: 'remark', header: t('list.remark'), defaultHidden: true },
    ],
    list: (a: ListQueryArgs) => api.items(listQuery(a)),
    form: {
      schema: ProductInput,
      defaults: { validstatus: 1, quantity: 1 },
      fields: (t) => [
        { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
        { kind: 'text', name: 'name', label: t('list.name'), required: true },
        {
          kind: 'custom',
          name: 'courseCode',
          label: t('prd.course'),
          required: true,
          render: asFormField(CourseSelect),
        },
        { kind: 'number', name: 'quantity', label: t('prd.quantity'), min: 0.01, step: 0.01 },
        { kind: 'amount', name: 'price', label: t('prd.price'), required: true },
        { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
      ],
      save: (body) => api.saveItem(body),
    },
    // The switch saves the item with the new status (the item keeps one save endpoint).
    status: {
      isOn: isValid,
      set: (r, on) => api.saveItem({ ...r, validstatus: on ? 1 : 0 }),
    },
  };
}

export function salesDef(kind: Kind): ListScreenDef<TProductSaleRow, typeof ProductSaleInput> {
  const api = catalogues[kind];
  const Picker = pickers[kind];
  return {
    key: `${kind}Sales`,
    what: (t) => t('prd.sale'),
    rowId: (r) => String(r.id),
    rowName: (r) => `${r.schoolItemName} ${r.itemName}`,
    searchFields: (t) => [
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('prd.campus'),
        render: asSearchField(CampusMasterSelect),
      },
      { kind: 'text', name: 'name', label: t('list.name') },
      { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
    ],
    columns: (t) => [
      { id: 'schoolItemName', header: t('prd.campus') },
      { id: 'itemName', header: t(kind === 'product' ? 'prd.product' : 'prd.assess') },
      { id: 'courseName', header: t('prd.course') },
      { id: 'startDate', header: t('prd.startDate') },
      { id: 'endDate', header: t('prd.endDate'), value: (r) => r.endDate ?? '' },
      { id: 'price', header: t('prd.todayPrice'), align: 'right' },
      { id: 'priceFrom', header: t('prd.priceFrom') },
      {
        id: 'nextPrice',
        header: t('prd.nextPrice'),
        value: (r) => (r.nextPrice ? `${r.nextPrice} (${r.nextPriceFrom ?? ''})` : ''),
      },
      { id: 'onSale', header: t('prd.onSale'), value: (r) => t(r.onSale ? 'prd.yes' : 'prd.no') },
    ],
    list: (a) => api.sales(listQuery(a)),
    form: {
      schema: ProductSaleInput,
      defaults: { status: 1 },
      fields: (t) => [
        {
          kind: 'custom',
          name: 'itemId',
          label: t(kind === 'product' ? 'prd.product' : 'prd.assess'),
          required: true,
          lockedOnEdit: true,
          render: (p) => <Picker {...p} />,
        },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('prd.campus'),
          required: true,
          lockedOnEdit: true,
          render: asFormField(CampusMasterSelect),
        },
        { kind: 'date', name: 'startDate', label: t('prd.startDate'), required: true },
        { kind: 'date', name: 'endDate', label: t('prd.endDate') },
      ],
      save: (body) => api.saveSale(body),
    },
    status: { isOn: (r) => r.status === 1, set: (r, on) => api.saleStatus(r, on) },
  };
}

const priceState = (t: TFunction, r: TProductPriceRow, today: string) =>
  r.status === 0
    ? t('prd.cancelled')
    : r.inEffect
      ? t('prd.inEffect')
      : r.effectiveDate > today
        ? t('prd.future')
        : t('prd.past');

/** Today as the server's business day (Shanghai) for telling future prices apart. */
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export function pricesDef(kind: Kind): ListScreenDef<TProductPriceRow, typeof ProductPriceInput> {
  const api = catalogues[kind];
  const Picker = pickers[kind];
  return {
    key: `${kind}Prices`,
    what: (t) => t('prd.price.item'),
    rowId: (r) => String(r.id),
    rowName: (r) => `${r.itemName} ${r.effectiveDate}`,
    searchFields: (t) => [
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('prd.campus'),
        render: asSearchField(CampusMasterSelect),
      },
      { kind: 'select', name: 'status', label: t('prd.priceStatus'), options: statusOptions(t) },
    ],
    columns: (t) => [
      { id: 'itemName', header: t(kind === 'product' ? 'prd.product' : 'prd.assess') },
      {
        id: 'schoolItemName',
        header: t('prd.campus'),
        value: (r) => r.schoolItemName || t('prd.allCampuses'),
      },
      { id: 'price', header: t('prd.salePrice'), align: 'right' },
      { id: 'effectiveDate', header: t('prd.effectiveDate') },
      { id: 'state', header: t('prd.priceStatus'), value: (r) => priceState(t, r, shanghaiToday()) },
      { id: 'createdByName', header: t('prd.createdBy') },
    ],
    list: (a) => api.prices(listQuery(a)),
    form: {
      schema: ProductPriceInput,
      fields: (t) => [
        {
          kind: 'custom',
          name: 'itemId',
          label: t(kind === 'product' ? 'prd.product' : 'prd.assess'),
          required: true,
          render: (p) => <Picker {...p} />,
        },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('prd.campus'),
          render: asFormField(CampusMasterSelect),
        },
        { kind: 'amount', name: 'price', label: t('prd.salePrice'), required: true },
        { kind: 'date', name: 'effectiveDate', label: t('prd.effectiveDate'), required: true },
      ],
      save: (body) => api.savePrice(body),
      canEdit: () => false,
    },
    rowActions: (t, h) => [
      {
        key: 'cancel',
        label: t('prd.cancelPrice'),
        danger: true,
        hidden: (r) => r.status === 0 || r.effectiveDate <= shanghaiToday(),
        confirm: (r) => t('prd.cancelConfirm', { date: r.effectiveDate }),
        onClick: async (r) => {
          await api.cancelPrice(r.id);
          await h.refresh();
        },
      },
    ],
  };
}
