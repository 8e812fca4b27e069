// /setting/finance: bank accounts (with the xlsx import and its template) and the finance master
// data lists; dictionary reasons have two levels (a first-level reason's second-level ones are
// listed by choosing it as the parent).
import {
  BankAccountInput,
  CurrencyInput,
  DictReasonInput,
  IncomeTypeInput,
  MaterielInput,
  PayFunctionNameInput,
  SettlementOrgInput,
  SHEETS,
  SimpleInput,
  TaxRateInput,
  type TBankAccountRow,
  type TSimpleRow,
} from '@bo/api-sdk';
import { Select } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { isValid, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  BillTypeSelect,
  CampusMasterSelect,
  PayTypeSelect,
  TaxRateSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { codeStatus, plainDef, simpleDef } from './simple';
import { listTab, TabbedScreen } from './TabbedScreen';

type Row<X = object> = TSimpleRow & X;
const bankAccounts: ListScreenDef<TBankAccountRow, typeof BankAccountInput> = {
  key: 'bankAccounts',
  what: (t) => t('set.bankAccount'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.accountName} ${r.accountNo}`,
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('set.keyword') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('master.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    { kind: 'custom', name: 'payTypeId', label: t('set.payType'), render: asSearchField(PayTypeSelect) },
    { kind: 'select', name: 'validstatus', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'accountNo', header: t('set.accountNo'), sortable: true },
    { id: 'accountName', header: t('set.accountName'), sortable: true },
    { id: 'bankName', header: t('set.bankName') },
    { id: 'branchName', header: t('set.branchName') },
    { id: 'schoolItemName', header: t('master.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
    { id: 'payTypeName', header: t('set.payType'), value: (r) => r.payTypeName ?? r.payTypeId },
    { id: 'remark', header: t('list.remark'), defaultHidden: true },
  ],
  list: (a) => sdk.finance.bankAccountList({ query: listQuery(a) }),
  form: {
    schema: BankAccountInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'accountNo', label: t('set.accountNo'), required: true, hint: '8–30' },
      { kind: 'text', name: 'accountName', label: t('set.accountName'), required: true },
      { kind: 'text', name: 'bankName', label: t('set.bankName'), required: true },
      { kind: 'text', name: 'branchName', label: t('set.branchName') },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('master.campus'),
        required: true,
        render: asFormField(CampusMasterSelect),
      },
      {
        kind: 'custom',
        name: 'payTypeId',
        label: t('set.payType'),
        required: true,
        render: asFormField(PayTypeSelect),
      },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: (body) => sdk.finance.bankAccountSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.finance.bankAccountUpdateStatus({ body: { id: r.id, validstatus: on ? 1 : 0 } }),
  },
  importFile: {
    call: (file) => sdk.finance.bankAccountImport({ file, filename: file.name }),
    sheet: SHEETS.bankAccounts,
  },
  template: {
    call: () => sdk.finance.bankAccountTemplate(),
    filename: (t) => `${t('set.bankAccount')}_${t('list.template')}.xlsx`,
  },
};

const billTypes = simpleDef<Row, typeof SimpleInput>({
  key: 'billTypes',
  what: 'set.billType',
  schema: SimpleInput,
  list: (a) => sdk.finance.billTypeList({ query: listQuery(a) }),
  save: (body) => sdk.finance.billTypeSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.billTypeUpdateStatus(i)),
});
const incomeTypes = simpleDef<
  Row<{
    billTypeId: number | null;
    billTypeName: string | null;
    taxRateId: number | null;
    taxRate: string | null;
  }>,
  typeof IncomeTypeInput
>({
  key: 'incomeTypes',
  what: 'set.incomeTypeTab',
  schema: IncomeTypeInput,
  list: (a) => sdk.finance.incomeTypeList({ query: listQuery(a) }),
  save: (body) => sdk.finance.incomeTypeSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.incomeTypeUpdateStatus(i)),
  extraColumns: (t) => [
    { id: 'billTypeName', header: t('set.billType') },
    { id: 'taxRate', header: t('set.rate'), align: 'right' },
  ],
  extraFields: (t) => [
    { kind: 'custom', name: 'billTypeId', label: t('set.billType'), render: asFormField(BillTypeSelect) },
    { kind: 'custom', name: 'taxRateId', label: t('set.taxRate'), render: asFormField(TaxRateSelect) },
  ],
});
const payTypes = simpleDef<Row, typeof SimpleInput>({
  key: 'payTypes',
  what: 'set.payType',
  schema: SimpleInput,
  list: (a) => sdk.finance.payTypeList({ query: listQuery(a) }),
  save: (body) => sdk.finance.payTypeSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.payTypeUpdateStatus(i)),
});
const payFunctionNames = simpleDef<
  Row<{ payTypeId: number; payTypeName: string | null }>,
  typeof PayFunctionNameInput
>({
  key: 'payFunctionNames',
  what: 'set.payFunctionName',
  schema: PayFunctionNameInput,
  list: (a) => sdk.finance.payFunctionNamePage({ body: listQuery(a) }),
  save: (body) => sdk.finance.payFunctionNameSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.payFunctionNameUpdateStatus(i)),
  extraColumns: (t) => [{ id: 'payTypeName', header: t('set.payType') }],
  extraFields: (t) => [
    {
      kind: 'custom',
      name: 'payTypeId',
      label: t('set.payType'),
      required: true,
      render: asFormField(PayTypeSelect),
    },
  ],
});
const taxRates = simpleDef<Row<{ rate: string }>, typeof TaxRateInput>({
  key: 'taxRates',
  what: 'set.taxRate',
  schema: TaxRateInput,
  list: (a) => sdk.finance.taxRatePage({ body: listQuery(a) }),
  save: (body) => sdk.finance.taxRateSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.taxRateUpdateStatus(i)),
  extraColumns: (t) => [{ id: 'rate', header: t('set.rate'), align: 'right' }],
  extraFields: (t) => [{ kind: 'amount', name: 'rate', label: t('set.rate'), required: true }],
});
const refundReasons = plainDef('refundReasons', 'set.refundReason', {
  list: sdk.finance.refundReasonList,
  save: sdk.finance.refundReasonSave,
  status: sdk.finance.refundReasonUpdateStatus,
});
const costTypes = plainDef('costTypes', 'set.costType', {
  list: sdk.finance.costTypeList,
  save: sdk.finance.costTypeSave,
  status: sdk.finance.costTypeUpdateStatus,
});
const voucherTypes = plainDef('voucherTypes', 'set.voucherType', {
  list: sdk.finance.voucherTypeList,
  save: sdk.finance.voucherTypeSave,
  status: sdk.finance.voucherTypeUpdateStatus,
});
const currencies = simpleDef<Row<{ symbol: string }>, typeof CurrencyInput>({
  key: 'currencies',
  what: 'set.currency',
  schema: CurrencyInput,
  list: (a) => sdk.finance.currencyList({ query: listQuery(a) }),
  save: (body) => sdk.finance.currencySave({ body }),
  setStatus: codeStatus((i) => sdk.finance.currencyUpdateStatus(i)),
  extraColumns: (t) => [{ id: 'symbol', header: t('set.symbol') }],
  extraFields: (t) => [{ kind: 'text', name: 'symbol', label: t('set.symbol'), maxLength: 10 }],
});
const settlementOrgs = simpleDef<Row<{ taxNo: string }>, typeof SettlementOrgInput>({
  key: 'settlementOrgs',
  what: 'set.settlementOrg',
  schema: SettlementOrgInput,
  list: (a) => sdk.finance.settlementOrgList({ query: listQuery(a) }),
  save: (body) => sdk.finance.settlementOrgSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.settlementOrgUpdateStatus(i)),
  extraColumns: (t) => [{ id: 'taxNo', header: t('set.taxNo') }],
  extraFields: (t) => [{ kind: 'text', name: 'taxNo', label: t('set.taxNo'), maxLength: 18 }],
});
const materiel = simpleDef<Row<{ spec: string; unit: string; price: string }>, typeof MaterielInput>({
  key: 'materiel',
  what: 'set.materiel',
  schema: MaterielInput,
  list: (a) => sdk.finance.materielList({ query: listQuery(a) }),
  save: (body) => sdk.finance.materielSave({ body }),
  setStatus: codeStatus((i) => sdk.finance.materielUpdateStatus(i)),
  extraColumns: (t) => [
    { id: 'spec', header: t('set.spec') },
    { id: 'unit', header: t('set.unitName') },
    { id: 'price', header: t('set.price'), align: 'right' },
  ],
  extraFields: (t) => [
    { kind: 'text', name: 'spec', label: t('set.spec') },
    { kind: 'text', name: 'unit', label: t('set.unitName') },
    { kind: 'amount', name: 'price', label: t('set.price') },
  ],
});

// ---- dictionary reasons (two levels) ----
interface ReasonRow {
  id: number;
  parentId: number | null;
  parentName: string | null;
  reasonType: string;
  name: string;
  remark: string | null;
  validstatus: number;
  sort: number;
  version: number;
  children?: unknown[];
}
/** One form for both levels: the parent (when viewing a parent's reasons) decides which save is called. */
const ReasonForm = DictReasonInput.extend({ parentId: DictReasonInput.shape.id });

function ParentReasonSelect(p: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'dictReasonParents'],
    queryFn: () => sdk.finance.dictReasonFindAll(),
  });
  return (
    <Select
      id={p.id}
      label={p.label}
      value={p.value}
      onChange={(v) => p.onChange(String(v))}
      placeholder={t('master.all')}
      options={(q.data ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.reasonType})` }))}
    />
  );
}

const dictReasons: ListScreenDef<ReasonRow, typeof ReasonForm> = {
  key: 'dictReasons',
  what: (t) => t('set.dictReason'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    {
      kind: 'custom',
      name: 'parentId',
      label: t('set.parentReason'),
      render: (p) => <ParentReasonSelect {...p} />,
    },
    { kind: 'text', name: 'reasonType', label: t('set.reasonType') },
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'validstatus', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'reasonType', header: t('set.reasonType'), names: 'reasonType', namesWithCode: true },
    { id: 'parentName', header: t('set.parentReason') },
    { id: 'remark', header: t('list.remark') },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.finance.dictReasonPage({ body: listQuery(a) }),
  form: {
    schema: ReasonForm,
    defaults: (f) => ({
      validstatus: 1,
      sort: 0,
      reasonType: f.reasonType || 'refund',
      parentId: f.parentId ? Number(f.parentId) : undefined,
    }),
    fields: (t, { row, filters }) => [
      ...(row?.parentId || filters.parentId
        ? []
        : [
            {
              kind: 'text' as const,
              name: 'reasonType' as const,
              label: t('set.reasonType'),
              required: true,
              lockedOnEdit: true,
            },
          ]),
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: (v: z.output<typeof ReasonForm>, row) => {
      if (row)
        return sdk.finance.dictReasonUpdate({
          body: {
            id: row.id,
            name: v.name,
            remark: v.remark,
            validstatus: v.validstatus,
            sort: v.sort,
            version: v.version,
          },
        });
      if (v.parentId)
        return sdk.finance.dictReasonSaveSecond({
          body: {
            parentId: v.parentId,
            name: v.name,
            remark: v.remark,
            validstatus: v.validstatus,
            sort: v.sort,
          },
        });
      return sdk.finance.dictReasonSave({ body: v });
    },
  },
  status: {
    isOn: isValid,
    set: (r, on) =>
      sdk.finance.dictReasonUpdate({
        body: {
          id: r.id,
          name: r.name,
          remark: r.remark,
          validstatus: on ? 1 : 0,
          sort: r.sort,
          version: r.version,
        },
      }),
  },
  remove: { call: (r) => sdk.finance.dictReasonDeleteById({ params: { id: r.id } }) },
  rowActions: (t, h) => [
    {
      key: 'second',
      label: t('set.secondReasons'),
      hidden: (r) => r.parentId !== null,
      onClick: (r) => h.setFilters({ parentId: String(r.id) }),
    },
  ],
};

export default function Finance() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.finance.desc')}>
      <TabbedScreen
        tabs={[
          listTab('bankAccounts', t('set.bankAccount'), bankAccounts),
          listTab('billTypes', t('set.billType'), billTypes),
          listTab('incomeTypes', t('set.incomeTypeTab'), incomeTypes),
          listTab('payTypes', t('set.payType'), payTypes),
          listTab('payFunctionNames', t('set.payFunctionName'), payFunctionNames),
          listTab('taxRates', t('set.taxRate'), taxRates),
          listTab('refundReasons', t('set.refundReason'), refundReasons),
          listTab('costTypes', t('set.costType'), costTypes),
          listTab('voucherTypes', t('set.voucherType'), voucherTypes),
          listTab('currencies', t('set.currency'), currencies),
          listTab('settlementOrgs', t('set.settlementOrg'), settlementOrgs),
          listTab('materiel', t('set.materiel'), materiel),
          listTab('dictReasons', t('set.dictReason'), dictReasons),
        ]}
      />
    </ScreenFrame>
  );
}
