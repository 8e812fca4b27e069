// The list declarations of the discount rate screens: the allowed-rate rules and the month rules
// (/financial/discountRate), and the rates given per campus and per order (/product/compositeDiscountRate).
import {
  MonthDiscountRateInput,
  OrderDiscountRateInput,
  type TMonthDiscountRateRow,
  type TOrderDiscountRateRow,
  type TRateCalculateFilter,
  type TRateCalculateRow,
  type TRateDetailRow,
} from '@bo/api-sdk';
import { Badge, MoneyText, Select, type CustomFormFieldProps, type ListColumn } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { isValid, listQuery, statusOptions, type ListQueryArgs, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect, CampusesField } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';

/** This month in Asia/Shanghai, the figures' default. */
const thisMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

export const rulesDef: ListScreenDef<TOrderDiscountRateRow, typeof OrderDiscountRateInput> = {
  key: 'discountRateRules',
  what: (t) => t('rate.rule'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('promo.name') },
    { kind: 'select', name: 'status', label: t('promo.state'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'name', header: t('promo.name') },
    { id: 'rate', header: t('rate.maxRate'), align: 'right' },
    { id: 'remark', header: t('promo.remark') },
  ],
  list: (a) => sdk.discountRates.orderRatePage({ body: listQuery(a) }),
  form: {
    schema: OrderDiscountRateInput,
    defaults: { validstatus: 1 },
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('promo.name'), required: true },
      { kind: 'text', name: 'rate', label: t('rate.maxRate'), hint: t('rate.maxRateHint'), required: true },
      { kind: 'textarea', name: 'remark', label: t('promo.remark'), maxLength: 200 },
    ],
    save: (body, row) =>
      row
        ? sdk.discountRates.orderRateUpdate({ body: { ...body, id: row.id } })
        : sdk.discountRates.orderRateSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.discountRates.orderRateStatus({ params: { id: r.id, status: on ? 1 : 0 } }),
  },
};

function RulePicker(p: CustomFormFieldProps) {
  const q = useQuery({
    queryKey: ['discountRates', 'rateNames'],
    queryFn: () => sdk.discountRates.orderRateNames(),
  });
  return (
    <Select<number>
      id={p.id}
      label={p.label}
      value={typeof p.value === 'number' ? p.value : p.value ? Number(p.value) : ''}
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
      placeholder="—"
      options={(q.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.rate}%)` }))}
      error={p.error}
      required={p.required}
    />
  );
}

export const monthsDef: ListScreenDef<TMonthDiscountRateRow, typeof MonthDiscountRateInput> = {
  key: 'discountRateMonths',
  what: (t) => t('rate.months'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.month} ${r.rateName}`,
  searchFields: (t) => [
    { kind: 'month', name: 'month', label: t('rate.month') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('promo.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  columns: (t) => [
    { id: 'month', header: t('rate.month') },
    { id: 'rateName', header: t('rate.rule') },
    { id: 'rate', header: t('rate.maxRate'), align: 'right' },
    { id: 'schoolItemNames', header: t('rate.campuses') },
    { id: 'remark', header: t('promo.remark'), defaultHidden: true },
  ],
  list: (a) => sdk.discountRates.monthRatePage({ query: listQuery(a) }),
  form: {
    schema: MonthDiscountRateInput,
    defaults: () => ({ month: thisMonth(), schoolItemCodes: [] }),
    fields: (t) => [
      { kind: 'month', name: 'month', label: t('rate.month'), required: true },
      {
        kind: 'custom',
        name: 'rateId',
        label: t('rate.rule'),
        required: true,
        render: (p) => <RulePicker {...p} />,
      },
      {
        kind: 'custom',
        name: 'schoolItemCodes',
        label: t('rate.campuses'),
        required: true,
        wide: true,
        render: (p) => <CampusesField {...p} />,
      },
      { kind: 'textarea', name: 'remark', label: t('promo.remark'), maxLength: 200 },
    ],
    save: (body, row) =>
      row
        ? sdk.discountRates.monthRateUpdate({ body: { ...body, id: row.id } })
        : sdk.discountRates.monthRateSave({ body }),
  },
};

const money = <R extends { listAmount: string; discountAmount: string; payableAmount: string }>(
  t: TFunction,
): ListColumn<R>[] => [
  {
    id: 'list',
    header: t('rate.list'),
    align: 'right',
    value: (r) => r.listAmount,
    cell: (r) => <MoneyText yuan={r.listAmount} />,
  },
  {
    id: 'discount',
    header: t('rate.discount'),
    align: 'right',
    value: (r) => r.discountAmount,
    cell: (r) => <MoneyText yuan={r.discountAmount} />,
  },
  {
    id: 'paid',
    header: t('rate.paid'),
    align: 'right',
    value: (r) => r.payableAmount,
    cell: (r) => <MoneyText yuan={r.payableAmount} />,
  },
];
const rates = <R extends { rate: string | null; allowedRate: string | null; over: boolean }>(
  t: TFunction,
): ListColumn<R>[] => [
  { id: 'rate', header: t('rate.given'), align: 'right', value: (r) => r.rate ?? '' },
  { id: 'allowed', header: t('rate.allowed'), align: 'right', value: (r) => r.allowedRate ?? '' },
  {
    id: 'over',
    header: t('rate.over'),
    value: (r) => t(r.over ? 'rate.yes' : 'rate.no'),
    cell: (r) => (r.over ? <Badge tone="danger">{t('rate.over')}</Badge> : null),
  },
];
const figureFilters = (t: TFunction) => [
  { kind: 'month' as const, name: 'month', label: t('rate.month') },
  {
    kind: 'custom' as const,
    name: 'schoolItemCode',
    label: t('promo.campus'),
    render: asSearchField(CampusMasterSelect),
  },
  {
    kind: 'select' as const,
    name: 'overOnly',
    label: t('rate.overOnly'),
    options: [
      { value: 'true', label: t('rate.yes') },
      { value: 'false', label: t('rate.no') },
    ],
  },
];
const figureQuery = (a: ListQueryArgs) =>
  listQuery<TRateCalculateFilter>(a, { month: a.filters.month || thisMonth() });

export const campusFiguresDef: ListScreenDef<TRateCalculateRow> = {
  key: 'discountRateCampuses',
  what: (t) => t('rate.figures'),
  rowId: (r) => `${r.month}-${r.schoolItemCode}`,
  searchFields: figureFilters,
  filterDefaults: { month: thisMonth() },
  columns: (t) => [
    { id: 'month', header: t('rate.month') },
    { id: 'schoolItemName', header: t('promo.campus') },
    { id: 'orderCount', header: t('rate.orderCount'), align: 'right' },
    ...money<TRateCalculateRow>(t),
    ...rates<TRateCalculateRow>(t),
  ],
  list: (a) => sdk.discountRates.calculatePage({ query: figureQuery(a) }),
};

export const orderFiguresDef: ListScreenDef<TRateDetailRow> = {
  key: 'discountRateOrders',
  what: (t) => t('rate.orderFigures'),
  rowId: (r) => String(r.orderId),
  searchFields: figureFilters,
  filterDefaults: { month: thisMonth() },
  columns: (t) => [
    { id: 'orderCode', header: t('rate.orderCode') },
    { id: 'studentName', header: t('rate.student') },
    { id: 'schoolItemCode', header: t('promo.campus') },
    { id: 'effectiveAt', header: t('rate.effectiveAt'), value: (r) => r.effectiveAt.slice(0, 10) },
    ...money<TRateDetailRow>(t),
    ...rates<TRateDetailRow>(t),
  ],
  list: (a) => sdk.discountRates.calculateDetail({ query: figureQuery(a) }),
};
