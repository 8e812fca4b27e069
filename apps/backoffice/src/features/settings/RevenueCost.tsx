// /setting/revenueCost: monthly campus cost and revenue (import, template, export) and the five
// monthly advance-receipt uploads, each with its template link.
import {
  MONTHLY_ADVANCE_KINDS,
  SCHOOL_COST_CATEGORIES,
  SCHOOL_REVENUE_CATEGORIES,
  type TMonthlyAdvanceKind,
  type TSchoolCostRow,
  type TSchoolRevenueRow,
} from '@bo/api-sdk';
import { formatAmount } from '@bo/domain';
import { useMemo } from 'react';
import { filterQuery, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { translate, useLocale, useT, type TFunction } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { listTab, TabbedScreen } from './TabbedScreen';

const monthSearch = (t: TFunction) => [
  { kind: 'month' as const, name: 'monthFrom', label: `${t('set.month')} ≥` },
  { kind: 'month' as const, name: 'monthTo', label: `${t('set.month')} ≤` },
  {
    kind: 'custom' as const,
    name: 'schoolItemCode',
    label: t('master.campus'),
    render: asSearchField(CampusMasterSelect),
  },
];
const money = (id: string, header: string) => ({
  id,
  header,
  align: 'right' as const,
  value: (r: Record<string, unknown>) => r[id],
  cell: (r: Record<string, unknown>) => formatAmount(r[id]),
});

function costDef(locale: 'zh-CN' | 'en'): ListScreenDef<TSchoolCostRow> {
  return {
    key: 'schoolCost',
    what: (t) => t('set.schoolCost'),
    rowId: (r) => String(r.id),
    searchFields: monthSearch,
    columns: (t) => [
      { id: 'month', header: t('set.month'), sortable: true },
      {
        id: 'schoolItemName',
        header: t('master.campus'),
        value: (r) => r.schoolItemName ?? r.schoolItemCode,
      },
      ...SCHOOL_COST_CATEGORIES.map((c) => money(c.key, locale === 'en' ? c.nameEn : c.name)),
      money('total', t('set.total')),
    ],
    list: (a) => sdk.schoolFinance.schoolCostList({ query: listQuery(a) }),
    importFile: { call: (file) => sdk.schoolFinance.schoolCostImport({ file, filename: file.name }) },
    template: {
      call: () => sdk.schoolFinance.schoolCostExport(),
      filename: (t) => `${t('set.schoolCost')}_${t('list.template')}.xlsx`,
    },
    // The server's whole filtered result, in the template's columns: it can be imported again.
    serverExport: (f) => sdk.schoolFinance.schoolCostExportData({ query: filterQuery(f) }),
  };
}

function revenueDef(locale: 'zh-CN' | 'en'): ListScreenDef<TSchoolRevenueRow> {
  return {
    key: 'schoolRevenue',
    what: (t) => t('set.schoolRevenue'),
    rowId: (r) => String(r.id),
    searchFields: monthSearch,
    columns: (t) => [
      { id: 'month', header: t('set.month'), sortable: true },
      {
        id: 'schoolItemName',
        header: t('master.campus'),
        value: (r) => r.schoolItemName ?? r.schoolItemCode,
      },
      ...SCHOOL_REVENUE_CATEGORIES.map((c) => money(c.key, locale === 'en' ? c.nameEn : c.name)),
      money('total', t('set.total')),
    ],
    list: (a) => sdk.schoolFinance.schoolRevenueList({ query: listQuery(a) }),
    importFile: { call: (file) => sdk.schoolFinance.schoolRevenueImport({ file, filename: file.name }) },
    template: {
      call: () => sdk.schoolFinance.schoolRevenueExport(),
      filename: (t) => `${t('set.schoolRevenue')}_${t('list.template')}.xlsx`,
    },
    serverExport: (f) => sdk.schoolFinance.schoolRevenueExportData({ query: filterQuery(f) }),
  };
}

type AdvanceRow = {
  id: number;
  kind: string;
  month: string;
  schoolItemCode: string;
  schoolItemName: string | null;
  employeeCode: string;
  employeeName: string | null;
  amount: string;
};
const uploads: Record<
  TMonthlyAdvanceKind,
  {
    upload: (f: File) => ReturnType<typeof sdk.schoolFinance.centerAdvanceIncomeUpload>;
    template: () => Promise<Blob>;
  }
> = {
  centerAdvanceIncome: {
    upload: (file) => sdk.schoolFinance.centerAdvanceIncomeUpload({ file, filename: file.name }),
    template: () => sdk.schoolFinance.centerAdvanceIncomeTemplate(),
  },
  centerAdvanceConsumer: {
    upload: (file) => sdk.schoolFinance.centerAdvanceConsumerUpload({ file, filename: file.name }),
    template: () => sdk.schoolFinance.centerAdvanceConsumerTemplate(),
  },
  consultantAdvanceIncome: {
    upload: (file) => sdk.schoolFinance.consultantAdvanceIncomeUpload({ file, filename: file.name }),
    template: () => sdk.schoolFinance.consultantAdvanceIncomeTemplate(),
  },
  growthConsultantAdvanceIncome: {
    upload: (file) => sdk.schoolFinance.growthConsultantAdvanceIncomeUpload({ file, filename: file.name }),
    template: () => sdk.schoolFinance.growthConsultantAdvanceIncomeTemplate(),
  },
  growthConsultantAdvanceConsumer: {
    upload: (file) => sdk.schoolFinance.growthConsultantAdvanceConsumerUpload({ file, filename: file.name }),
    template: () => sdk.schoolFinance.growthConsultantAdvanceConsumerTemplate(),
  },
};

function advanceDef(kind: (typeof MONTHLY_ADVANCE_KINDS)[number], label: string): ListScreenDef<AdvanceRow> {
  return {
    key: kind.kind,
    what: () => label,
    rowId: (r) => String(r.id),
    searchFields: (t) => [
      ...monthSearch(t),
      ...(kind.perEmployee
        ? [{ kind: 'text' as const, name: 'employeeCode', label: t('set.employeeCode') }]
        : []),
    ],
    columns: (t) => [
      { id: 'month', header: t('set.month'), sortable: true },
      {
        id: 'schoolItemName',
        header: t('master.campus'),
        value: (r) => r.schoolItemName ?? r.schoolItemCode,
      },
      ...(kind.perEmployee
        ? [
            {
              id: 'employeeCode' as const,
              header: t('master.employee'),
              // The employee by name, the code beside it (the upload names employees by code).
              value: (r: AdvanceRow) => r.employeeName ?? r.employeeCode,
              cell: (r: AdvanceRow) => (
                <>
                  {r.employeeName ?? r.employeeCode}{' '}
                  {r.employeeName && <span className="text-xs text-muted">{r.employeeCode}</span>}
                </>
              ),
              exportValue: (r: AdvanceRow) => r.employeeCode,
            },
          ]
        : []),
      money('amount', t('set.amount')),
    ],
    list: (a) => sdk.schoolFinance.monthlyAdvanceList({ query: listQuery(a, { kind: kind.kind }) }),
    importFile: { call: (file) => uploads[kind.kind].upload(file) },
    template: {
      call: () => uploads[kind.kind].template(),
      filename: (t) => `${label}_${t('list.template')}.xlsx`,
    },
  };
}

export default function RevenueCost() {
  const t = useT();
  const [locale] = useLocale();
  // Declarations are made once per language, so the lists keep their state across renders.
  const defs = useMemo(
    () => ({
      cost: costDef(locale),
      revenue: revenueDef(locale),
      advances: MONTHLY_ADVANCE_KINDS.map(
        (k) => [k, advanceDef(k, translate(`set.advance.${k.kind}`))] as const,
      ),
    }),
    [locale],
  );
  return (
    <ScreenFrame description={t('set.revenueCost.desc')}>
      <TabbedScreen
        tabs={[
          listTab('schoolCost', t('set.schoolCost'), defs.cost),
          listTab('schoolRevenue', t('set.schoolRevenue'), defs.revenue),
          ...defs.advances.map(([k, def]) => listTab(k.kind, t(`set.advance.${k.kind}`), def)),
        ]}
      />
    </ScreenFrame>
  );
}
