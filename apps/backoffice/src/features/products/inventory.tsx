// The assessment inventory and stocktaking lists (settlement screens), declared on the list kit.
import type { TAssessInventoryRow, TRecheckRow } from '@bo/api-sdk';
import type { ListColumn } from '@bo/ui-kit';
import { listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';

/** The month before the current one, the usual month to count. */
export const lastMonth = () => {
  const d = new Date(Date.now() + 8 * 3_600_000);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};

const figureColumns = <R extends TAssessInventoryRow>(t: TFunction): ListColumn<R>[] => [
  { id: 'opening', header: t('prd.opening'), align: 'right', value: (r) => r.opening },
  { id: 'sold', header: t('prd.sold'), align: 'right', value: (r) => r.sold },
  { id: 'used', header: t('prd.used'), align: 'right', value: (r) => r.used },
  { id: 'closing', header: t('prd.closing'), align: 'right', value: (r) => r.closing },
];

export const inventoryDef: ListScreenDef<TAssessInventoryRow> = {
  key: 'assessInventory',
  what: (t) => t('prd.inventoryRow'),
  rowId: (r) => `${r.schoolItemCode}-${r.itemId}`,
  filterDefaults: { month: lastMonth() },
  searchFields: (t) => [
    { kind: 'month', name: 'month', label: t('prd.month') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('prd.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  columns: (t) => [
    { id: 'schoolItemName', header: t('prd.campus') },
    { id: 'itemName', header: t('prd.assess') },
    ...figureColumns(t),
  ],
  list: (a) => {
    const q = listQuery<{ month?: string; schoolItemCode?: string }>(a);
    return sdk.products.inventory({
      body: { month: q.month || lastMonth(), schoolItemCode: q.schoolItemCode },
    });
  },
  filterRows: (rows) => rows,
};

export const recheckDef: ListScreenDef<TRecheckRow> = {
  key: 'stocktaking',
  what: (t) => t('prd.recheckRow'),
  rowId: (r) => String(r.id),
  filterDefaults: { month: lastMonth() },
  searchFields: (t) => [
    { kind: 'month', name: 'month', label: t('prd.month') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('prd.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    {
      kind: 'select',
      name: 'changedOnly',
      label: t('prd.changedOnly'),
      options: [
        { value: 'true', label: t('prd.yes') },
        { value: 'false', label: t('prd.no') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'month', header: t('prd.month') },
    { id: 'schoolItemName', header: t('prd.campus') },
    { id: 'itemName', header: t('prd.assess') },
    ...figureColumns(t),
    { id: 'currentClosing', header: t('prd.currentClosing'), align: 'right' },
    { id: 'difference', header: t('prd.difference'), align: 'right' },
    {
      id: 'generatedAt',
      header: t('prd.generatedAt'),
      value: (r) => r.generatedAt.slice(0, 16).replace('T', ' '),
    },
  ],
  list: (a) => sdk.products.recheckPage({ body: listQuery(a) }),
};
