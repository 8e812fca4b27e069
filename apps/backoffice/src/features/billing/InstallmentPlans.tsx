// Instalment plan templates: the list (/newDiscount/installment) and one form for adding
// (/newDiscount/addInstallment) and reading or changing one (/newDiscount/detailInstallment?id=),
// with a live preview of the terms of a sample amount split exactly as the bill will be.
import { PlanInput, type PlanRow } from '@bo/api-sdk';
import { fromCents, splitByShares, toCents } from '@bo/domain';
import {
  Card,
  FormNumber,
  FormText,
  FormTextArea,
  FormView,
  MoneyText,
  PageHeader,
  Spinner,
  SubmitButton,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { defineListScreen, listQuery } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';

type TPlanRow = z.infer<typeof PlanRow>;
const ADD = '/newDiscount/addInstallment';
const detailPath = (id: number) => `/newDiscount/detailInstallment?id=${id}`;
const linkClass = 'text-brand-600 hover:underline';

export const InstallmentPlanList = defineListScreen<TPlanRow>({
  key: 'installmentPlans',
  what: (t) => t('ins.plan'),
  rowId: (r) => String(r.id),
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('ins.name') },
    {
      kind: 'select',
      name: 'status',
      label: t('ins.status'),
      options: [
        { value: '1', label: t('ins.status.1') },
        { value: '0', label: t('ins.status.0') },
      ],
    },
  ],
  columns: (t) => [
    {
      id: 'name',
      header: t('ins.name'),
      fixed: true,
      cell: (r) => (
        <Link className={linkClass} to={detailPath(r.id)}>
          {r.name}
        </Link>
      ),
    },
    { id: 'termCount', header: t('ins.termCount'), align: 'right' },
    { id: 'shares', header: t('ins.shares'), value: (r) => r.shares.join(' / ') },
    { id: 'intervalMonths', header: t('ins.intervalMonths'), align: 'right' },
    { id: 'firstDueDays', header: t('ins.firstDueDays'), align: 'right' },
    { id: 'remark', header: t('ins.remark'), defaultHidden: true },
  ],
  list: (a) => sdk.termBills.planPage({ query: listQuery(a) }),
  status: {
    isOn: (r) => r.status === 1,
    set: (r, on) => sdk.termBills.planStatus({ body: { id: r.id, status: on ? 1 : 0 } }),
    header: (t) => t('ins.status'),
  },
  toolbar: (t) => (
    <Link
      to={ADD}
      className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm text-white"
    >
      {t('ins.addPlan')}
    </Link>
  ),
});

/** The form's own input: the shares typed as one text ("40,30,30"), turned into numbers on submit. */
const PlanForm = PlanInput.extend({
  shares: z
    .string()
    .trim()
    .min(1, '请填写各期比例 / the shares are required')
    .max(200)
    .transform((v, ctx) => {
      const parts = v.split(/[,，\s]+/).filter(Boolean);
      const nums = parts.map(Number);
      if (nums.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: '比例须为数字 / each share is a number' });
        return z.NEVER;
      }
      return nums;
    })
    .pipe(PlanInput.shape.shares),
});

/** Basis points of the typed shares when they add up to exactly 100% (else null: no preview). */
function sharesBp(text: string): number[] | null {
  const nums = text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);
  if (nums.length < 2 || nums.some((n) => !Number.isFinite(n) || n <= 0)) return null;
  const bp = nums.map((n) => Math.round(n * 100));
  return bp.reduce((s, x) => s + x, 0) === 10000 ? bp : null;
}

function Preview({
  t,
  shares,
  interval,
  first,
}: {
  t: TFunction;
  shares: string;
  interval: number;
  first: number;
}) {
  const [sample, setSample] = useState('10000.00');
  const bp = sharesBp(shares);
  const cents = toCents(sample);
  return (
    <Card>
      <h3 className="mb-2 text-sm font-semibold">{t('ins.preview')}</h3>
      <label className="mb-3 flex items-center gap-2 text-sm">
        {t('ins.sampleAmount')}
        <input
          className="w-32 rounded border border-line px-2 py-1"
          value={sample}
          onChange={(e) => setSample(e.target.value)}
        />
      </label>
      {!bp || cents === null ? (
        <p className="text-sm text-muted">{t('ins.previewInvalid')}</p>
      ) : (
        <table className="w-full text-sm" aria-label={t('ins.preview')}>
          <thead>
            <tr className="text-left text-muted">
              <th>{t('ins.terms')}</th>
              <th>{t('ins.dueDate')}</th>
              <th className="text-right">{t('ins.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {splitByShares(Number(cents), bp).map((c, i) => (
              <tr key={i}>
                <td>{t('ins.term', { n: i + 1 })}</td>
                <td>
                  {i === 0 ? t('ins.dueAfter', { days: first }) : t('ins.dueLater', { months: interval })}
                </td>
                <td className="text-right">
                  <MoneyText yuan={fromCents(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function PlanEditor({ plan }: { plan: TPlanRow | null }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useCommandForm({
    schema: PlanForm,
    defaultValues: plan
      ? {
          id: plan.id,
          version: plan.version,
          name: plan.name,
          shares: plan.shares.join(','),
          intervalMonths: plan.intervalMonths,
          firstDueDays: plan.firstDueDays,
          remark: plan.remark,
        }
      : { name: '', shares: '', intervalMonths: 1, firstDueDays: 0, remark: '' },
    onSubmit: (body) => sdk.termBills.planSave({ body }),
    success: t('ins.saved'),
    onDone: (r) => void navigate(detailPath(r.id)),
  });
  const shares = String(form.rhf.watch('shares') ?? '');
  const interval = Number(form.rhf.watch('intervalMonths') ?? 1);
  const first = Number(form.rhf.watch('firstDueDays') ?? 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormView form={form} aria-label={plan ? t('ins.planDetail') : t('ins.addPlan')}>
        <div className="grid grid-cols-1 gap-3">
          <FormText form={form} name="name" label={t('ins.name')} />
          <FormText form={form} name="shares" label={t('ins.shares')} hint={t('ins.sharesHint')} />
          <FormNumber form={form} name="intervalMonths" label={t('ins.intervalMonths')} />
          <FormNumber form={form} name="firstDueDays" label={t('ins.firstDueDays')} />
          <FormTextArea form={form} name="remark" label={t('ins.remark')} rows={2} />
        </div>
        <SubmitButton form={form}>{t('ins.save')}</SubmitButton>
      </FormView>
      <Preview t={t} shares={shares} interval={interval} first={first} />
    </div>
  );
}

export function AddInstallmentPlan() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('ins.addPlan')} />
      <PlanEditor plan={null} />
    </>
  );
}

export function InstallmentPlanDetail() {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery({
    queryKey: ['termBills', 'planDetail', id],
    enabled: id > 0,
    queryFn: () => sdk.termBills.planDetail({ params: { id } }),
  });
  return (
    <>
      <PageHeader title={t('ins.planDetail')} />
      {q.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(q.error)}
        </p>
      ) : q.data ? (
        <PlanEditor key={`${q.data.id}-${q.data.version}`} plan={q.data} />
      ) : id > 0 ? (
        <Spinner />
      ) : (
        <PlanEditor plan={null} />
      )}
    </>
  );
}
