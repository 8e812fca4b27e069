// Instalments on screen: the applications on the one approval screen (/financial/approvalRepayment),
// one application as a page (/financial/approvalRepaymentDetail/:id: the bill, the flow, its history
// and the decision), and an order's terms (/financial/installmentDetails/:id, :id = the order):
// apply for instalments, see what is due, paid and overdue, record the payment of a term.
import { PayTermInput, type TermBillDetail } from '@bo/api-sdk';
import { toCents } from '@bo/domain';
import {
  AmountCapitals,
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  FormAmount,
  FormDate,
  FormDateTime,
  FormDialog,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  MoneyText,
  PageHeader,
  Select,
  Spinner,
  SubmitButton,
  TextField,
  formatMoney,
} from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { invalidateAfter, runCommand } from '../../app/invalidation';
import { listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';
import {
  ApprovalScreen,
  DecideForm,
  History,
  Waiting,
  type ApprovalScreenDef,
} from '../orders/approvalScreen';
import { ApprovalStatusBadge, Field, OrderLink, When, payMethodName } from '../orders/parts';
import { QrCode, useWatchedPayment } from '../orders/PayOnlineDialog';

type Row = Awaited<ReturnType<typeof sdk.termBills.applyList>>['list'][number];
type Detail = Awaited<ReturnType<typeof sdk.termBills.applyDetail>>;
type Bill = z.infer<typeof TermBillDetail>;
type Term = Bill['terms'][number];

export const approvalDetailPath = (id: number) => `/financial/approvalRepaymentDetail/${id}`;
export const installmentPath = (orderId: number) => `/financial/installmentDetails/${orderId}`;
const linkClass = 'text-brand-600 hover:underline';

const billStatusName = (t: TFunction, s: number) => tCode(t, `ins.billStatus.${s}`, String(s));
const termStatusName = (t: TFunction, s: number) => tCode(t, `ins.termStatus.${s}`, String(s));

/** The terms of a bill; `action` adds a cell per term (paying it). */
function TermsTable({ bill, action }: { bill: Bill; action?: (term: Term) => React.ReactNode }) {
  const t = useT();
  return (
    <table className="w-full text-sm" aria-label={t('ins.terms')}>
      <thead>
        <tr className="text-left text-muted">
          <th className="py-1">{t('ins.terms')}</th>
          <th>{t('ins.dueDate')}</th>
          <th className="text-right">{t('ins.amount')}</th>
          <th className="pl-4">{t('ins.status')}</th>
          <th>{t('ins.paidAt')}</th>
          {action && <th />}
        </tr>
      </thead>
      <tbody>
        {bill.terms.map((x) => (
          <tr key={x.id} className="border-t border-line">
            <td className="py-1">{t('ins.term', { n: x.termNo })}</td>
            <td>{x.dueDate}</td>
            <td className="text-right">
              <MoneyText yuan={x.amount} />
            </td>
            <td className="pl-4">
              {termStatusName(t, x.status)} {x.overdue && <Badge tone="danger">{t('ins.overdue')}</Badge>}
            </td>
            <td>
              <When iso={x.paidAt} />
            </td>
            {action && <td className="text-right">{action(x)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BillFacts({ bill }: { bill: Bill }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('ins.billCode')}>{bill.code}</Field>
      <Field label={t('ins.status')}>{billStatusName(t, bill.status)}</Field>
      <Field label={t('ins.orderCode')}>
        <OrderLink id={bill.orderId} code={bill.orderCode} />
      </Field>
      <Field label={t('ins.student')}>{bill.studentName}</Field>
      <Field label={t('ins.total')}>
        <MoneyText yuan={bill.total} strong />
        <br />
        <AmountCapitals yuan={bill.total} />
      </Field>
      <Field label={t('ins.paid')}>
        <MoneyText yuan={bill.paid} />
      </Field>
      <Field label={t('ins.overdueTerms')}>{bill.overdueTerms}</Field>
    </dl>
  );
}

export const repaymentApprovalDef: ApprovalScreenDef<Row, Detail> = {
  key: 'repaymentApprovals',
  what: (t) => t('ins.application'),
  list: (a) => sdk.termBills.applyList({ body: listQuery(a) }),
  detail: (id) => sdk.termBills.applyDetail({ query: { id } }),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('ins.keyword') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('ins.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  subjectColumns: (t) => [
    {
      id: 'code',
      header: t('ins.billCode'),
      fixed: true,
      cell: (r) => (
        <Link className={linkClass} to={approvalDetailPath(r.id)}>
          {r.code}
        </Link>
      ),
    },
    {
      id: 'orderCode',
      header: t('ins.orderCode'),
      cell: (r) => (
        <Link className={linkClass} to={installmentPath(r.orderId)}>
          {r.orderCode}
        </Link>
      ),
    },
    { id: 'studentName', header: t('ins.student') },
    { id: 'termCount', header: t('ins.termCount'), align: 'right' },
    { id: 'schoolItemName', header: t('ins.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
  ],
  subject: (d) => (
    <div className="space-y-3">
      <BillFacts bill={d.bill} />
      <TermsTable bill={d.bill} />
    </div>
  ),
  subjectSlices: ['termBills', 'orders'],
};

export function RepaymentApprovals() {
  return <ApprovalScreen def={repaymentApprovalDef} />;
}

export function RepaymentApprovalDetail() {
  const t = useT();
  const qc = useQueryClient();
  const id = Number(useParams().id) || 0;
  const q = useQuery({
    queryKey: ['termBills', 'applyDetail', id],
    enabled: id > 0,
    queryFn: () => sdk.termBills.applyDetail({ query: { id } }),
  });
  const d = q.data;
  return (
    <>
      <PageHeader title={t('ins.application')} />
      {!d ? (
        q.isError ? (
          <p role="alert" className="text-sm text-danger-600">
            {errorText(q.error)}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-4">
          <Card>
            <BillFacts bill={d.bill} />
          </Card>
          <Card>
            <TermsTable bill={d.bill} />
          </Card>
          <Card>
            <h3 className="mb-2 text-sm font-semibold">{t('ins.flow')}</h3>
            <p className="mb-3 text-sm">
              <ApprovalStatusBadge status={d.status} />{' '}
              {d.steps.map((s, i) => (
                <span key={i} className={i === d.step && d.status === 10 ? 'font-semibold' : 'text-muted'}>
                  {i > 0 ? ' → ' : ''}
                  {s.name}
                </span>
              ))}
            </p>
            <History detail={d} />
            <div className="mt-3">
              <Waiting detail={d} />
            </div>
            {d.canDecide && (
              <div className="mt-4">
                <DecideForm
                  detail={d}
                  rejectQuestion={t('apv.confirmReject')}
                  onDone={() => void invalidateAfter(qc, new Set(['termBills', 'orders', 'approvals']))}
                />
              </div>
            )}
          </Card>
          <Link className={linkClass} to={installmentPath(d.orderId)}>
            {t('ins.details')}
          </Link>
        </div>
      )}
    </>
  );
}

const ApplyForm = z.object({
  orderId: z.number().int(),
  planId: z.coerce.number().int().positive(),
  remark: z.string().trim().max(500).default(''),
});

function ApplyByPlan({ orderId }: { orderId: number }) {
  const t = useT();
  const plans = useQuery({
    queryKey: ['termBills', 'planPage', 'active'],
    queryFn: () => sdk.termBills.planPage({ query: { pageIdx: 1, pageSize: 100, status: 1 } }),
  });
  const form = useCommandForm({
    schema: ApplyForm,
    defaultValues: { orderId, remark: '' },
    onSubmit: (body) => sdk.termBills.applySubmit({ body }),
    success: t('ins.applied', { code: '' }),
  });
  return (
    <FormView form={form} aria-label={t('ins.apply')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          form={form}
          name="planId"
          label={t('ins.plan')}
          options={(plans.data?.list ?? []).map((p) => ({
            value: p.id,
            label: `${p.name}（${p.shares.join('/')}%）`,
          }))}
        />
        <FormTextArea form={form} name="remark" label={t('ins.remark')} rows={1} />
      </div>
      <SubmitButton form={form}>{t('ins.apply')}</SubmitButton>
    </FormView>
  );
}

/** Exact cents of a typed amount (0 while it is not one yet). */
const typedCents = (v: unknown) => toCents(v) ?? 0n;

/**
 * The terms as agreed with the family, typed row by row: each row's date and amount, the dates
 * increasing, the amounts adding up to what the family owes to the cent (exact cents, never floats);
 * every message names its row. The server checks the same again (400 naming `terms` or the row).
 */
const ownTermsSchema = (t: TFunction, owed: string) =>
  z
    .object({
      orderId: z.number().int(),
      terms: z
        .array(
          z.object({
            dueDate: z.string().trim().min(1),
            amount: z.string().trim().min(1),
          }),
        )
        .min(2, t('ins.atLeastTwo'))
        .max(24, t('ins.atMost24')),
      remark: z.string().trim().max(500).default(''),
    })
    .superRefine((v, ctx) => {
      let sum = 0n;
      v.terms.forEach((row, i) => {
        const n = i + 1;
        const c = toCents(row.amount);
        if (c === null || c <= 0n)
          ctx.addIssue({ code: 'custom', path: ['terms', i, 'amount'], message: t('ins.rowAmount', { n }) });
        else sum += c;
        const before = v.terms[i - 1];
        if (before && before.dueDate && row.dueDate <= before.dueDate)
          ctx.addIssue({ code: 'custom', path: ['terms', i, 'dueDate'], message: t('ins.rowDate', { n }) });
      });
      const want = typedCents(owed);
      if (sum !== want)
        ctx.addIssue({
          code: 'custom',
          path: ['terms', v.terms.length - 1, 'amount'],
          message: t('ins.sumMismatch', {
            sum: formatMoney({ cents: sum }),
            owed: formatMoney({ cents: want }),
          }),
        });
    });

const EMPTY_TERM = { dueDate: '', amount: '' };

function ApplyOwnTerms({ orderId, owed }: { orderId: number; owed: string }) {
  const t = useT();
  const schema = useMemo(() => ownTermsSchema(t, owed), [t, owed]);
  const form = useCommandForm({
    schema,
    defaultValues: { orderId, terms: [EMPTY_TERM, EMPTY_TERM], remark: '' },
    onSubmit: (body) => sdk.termBills.applySubmit({ body }),
    success: t('ins.applied', { code: '' }),
  });
  const rows = useFieldArray({ control: form.rhf.control, name: 'terms' });
  const typed = form.rhf.watch('terms');
  const sum = typed.reduce((s, r) => s + typedCents(r.amount), 0n);
  const left = typedCents(owed) - sum;
  return (
    <FormView form={form} aria-label={t('ins.ownTerms')}>
      {rows.fields.map((f, i) => {
        const n = i + 1;
        return (
          <fieldset key={f.id} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <legend className="sr-only">{t('ins.term', { n })}</legend>
            <FormDate form={form} name={`terms.${i}.dueDate`} label={t('ins.rowDueDate', { n })} />
            <FormAmount form={form} name={`terms.${i}.amount`} label={t('ins.rowAmountLabel', { n })} />
            <div className="flex items-end">
              {rows.fields.length > 2 && (
                <Button
                  variant="ghost"
                  aria-label={t('ins.removeTerm', { n })}
                  onClick={() => rows.remove(i)}
                >
                  ✕
                </Button>
              )}
            </div>
          </fieldset>
        );
      })}
      {rows.fields.length < 24 && (
        <Button size="sm" variant="secondary" onClick={() => rows.append(EMPTY_TERM)}>
          {t('ins.addTerm')}
        </Button>
      )}
      <p className="text-sm" aria-live="polite">
        {t('ins.termsSum')}: <MoneyText cents={sum} /> / {t('ins.owed')}: <MoneyText yuan={owed} />
        {left !== 0n && (
          <>
            {' '}
            · {t('ins.left')}: <MoneyText cents={left} />
          </>
        )}
      </p>
      <FormTextArea form={form} name="remark" label={t('ins.remark')} rows={1} />
      <SubmitButton form={form}>{t('ins.apply')}</SubmitButton>
    </FormView>
  );
}

/** An unpaid order's application: by an active plan template, or with the terms agreed. */
function Apply({ orderId, owed }: { orderId: number; owed: string }) {
  const t = useT();
  const [own, setOwn] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex gap-2" role="group" aria-label={t('ins.applyHow')}>
        <Button
          size="sm"
          variant={own ? 'secondary' : 'primary'}
          aria-pressed={!own}
          onClick={() => setOwn(false)}
        >
          {t('ins.byPlan')}
        </Button>
        <Button
          size="sm"
          variant={own ? 'primary' : 'secondary'}
          aria-pressed={own}
          onClick={() => setOwn(true)}
        >
          {t('ins.ownTerms')}
        </Button>
      </div>
      {own ? <ApplyOwnTerms orderId={orderId} owed={owed} /> : <ApplyByPlan orderId={orderId} />}
    </div>
  );
}

/**
 * The offers valid on a term: the activities of the order's campus and courses in progress
 * (`getActivityList`) and a voucher by its code (`getCouPonDetail`); what the chosen one takes off
 * the term is the pricing engine's answer (`termOfferQuote`), never computed here. The choice is
 * sent with the payment, which the server prices again and refuses when the offer is not valid.
 */
function TermOffers({ bill, term, form }: { bill: Bill; term: Term; form: PayTermForm }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const activityCode = form.rhf.watch('activityCode') ?? '';
  const voucherCode = form.rhf.watch('voucherCode') ?? '';
  const activities = useQuery({
    queryKey: ['promotions', 'activityPick', bill.schoolItemCode, bill.courseCodes],
    queryFn: () =>
      sdk.promotions.activityPick({
        body: { schoolItemCode: bill.schoolItemCode, courseCodes: bill.courseCodes },
      }),
  });
  const voucher = useQuery({
    queryKey: ['promotions', 'voucherByCode', voucherCode],
    enabled: voucherCode !== '',
    retry: false,
    queryFn: () => sdk.promotions.voucherByCode({ query: { code: voucherCode } }),
  });
  const quote = useQuery({
    queryKey: ['termBills', 'termOfferQuote', term.id, activityCode, voucherCode],
    enabled: activityCode !== '' || voucherCode !== '',
    retry: false,
    queryFn: () =>
      sdk.termBills.termOfferQuote({
        body: {
          billItemId: term.id,
          ...(activityCode ? { activityCode } : {}),
          ...(voucherCode ? { voucherCode } : {}),
        },
      }),
  });
  const pick = (kind: 'activityCode' | 'voucherCode', code: string) => {
    form.rhf.setValue('activityCode', kind === 'activityCode' ? code || undefined : undefined);
    form.rhf.setValue('voucherCode', kind === 'voucherCode' ? code || undefined : undefined);
  };
  const q = quote.data;
  return (
    <section aria-label={t('ins.offers')} className="space-y-2 rounded-md border border-line p-3">
      <Select
        label={t('ins.activity')}
        placeholder={t('ins.noOffer')}
        value={activityCode}
        options={(activities.data ?? []).map((a) => ({ value: a.code, label: `${a.name}（${a.code}）` }))}
        onChange={(v) => pick('activityCode', String(v))}
      />
      <div className="flex items-end gap-2">
        <TextField
          label={t('ins.voucherCode')}
          value={typed}
          maxLength={20}
          onChange={(e) => setTyped(e.target.value)}
          wrapperClassName="flex-1"
        />
        <Button size="sm" variant="secondary" onClick={() => pick('voucherCode', typed.trim())}>
          {t('ins.useVoucher')}
        </Button>
        {(activityCode || voucherCode) && (
          <Button size="sm" variant="secondary" onClick={() => pick('activityCode', '')}>
            {t('ins.noOffer')}
          </Button>
        )}
      </div>
      {voucher.data && (
        <p className="text-sm text-muted">
          {t('ins.voucherOf', { name: voucher.data.configName, to: voucher.data.validTo })}
        </p>
      )}
      {quote.isFetching ? (
        <Spinner size={12} />
      ) : quote.error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(quote.error)}
        </p>
      ) : q ? (
        <div className="text-sm" aria-live="polite">
          <ul className="text-muted">
            {q.lines.map((l, i) => (
              <li key={i}>
                {l.courseName} · {l.label} <MoneyText yuan={l.amount} />
              </li>
            ))}
          </ul>
          <p>
            {t('ins.offerAmount')}: <MoneyText yuan={q.offer} />
          </p>
          <p>
            {t('ins.payAmount')}: <MoneyText yuan={q.pay} strong /> <AmountCapitals yuan={q.pay} />
          </p>
        </div>
      ) : null}
    </section>
  );
}

type PayTermForm = ReturnType<typeof usePayTermForm>;
function usePayTermForm(term: Term, onClose: () => void) {
  const t = useT();
  return useCommandForm({
    schema: PayTermInput,
    defaultValues: { billItemId: term.id, method: 1, paidAt: new Date().toISOString(), remark: '' },
    onSubmit: (body) => sdk.termBills.submitPaymentTerm({ body }),
    success: t('ins.paidOk'),
    onDone: onClose,
  });
}

function PayTerm({ bill, term, onClose }: { bill: Bill; term: Term; onClose: () => void }) {
  const t = useT();
  const form = usePayTermForm(term, onClose);
  return (
    <FormDialog
      form={form}
      open
      onClose={onClose}
      title={t('ins.payTermTitle', { n: term.termNo })}
      submitText={t('ins.payTerm')}
    >
      <p className="text-sm">
        {t('ins.amount')}: <MoneyText yuan={term.amount} strong /> <AmountCapitals yuan={term.amount} />
      </p>
      <TermOffers bill={bill} term={term} form={form} />
      <FormSelect
        form={form}
        name="method"
        label={t('ins.method')}
        options={[1, 2, 3].map((m) => ({ value: m, label: payMethodName(t, m) }))}
      />
      <FormDateTime form={form} name="paidAt" label={t('ins.paidAt')} />
      <FormText form={form} name="reference" label={t('ins.reference')} />
    </FormDialog>
  );
}

/** What a term paid online changes: the bill, its order and the payments. */
const TERM_PAID_SLICES: ReadonlySet<string> = new Set(['termBills', 'orders', 'students', 'payments']);
/** What asking for a term's code changes (termBills.termCreatePayment): the bill's history records it. */
const TERM_ASKED_SLICES: ReadonlySet<string> = new Set(['termBills']);

/**
 * The QR code of one unpaid term for the family to scan (or the gateway's reason it cannot be
 * made), watched until paid: then the dialog closes and the screen says so; an expired code is
 * made again on request.
 */
function TermPayOnline({
  term,
  onClose,
  onPaid,
}: {
  term: Term;
  onClose: () => void;
  onPaid: (text: string) => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const { qr, result, expired, regenerate } = useWatchedPayment({
    key: ['termBills', 'termCreatePayment', term.id],
    create: () => sdk.termBills.termCreatePayment({ body: { billItemId: term.id, payMethodType: 1 } }),
    slices: TERM_PAID_SLICES,
    onPaid: (r) => {
      onPaid(t('ins.paidOnline', { n: term.termNo, amount: formatMoney({ yuan: r.amount ?? term.amount }) }));
      onClose();
    },
  });
  // Asking is recorded in the bill's history: once a code is made (the query ran the command), what
  // read the bills is read again. The code's own query is static, so this does not make another.
  const made = qr.data;
  useEffect(() => {
    if (made) void invalidateAfter(qc, TERM_ASKED_SLICES);
  }, [made, qc]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('ins.payOnlineTitle', { n: term.termNo })}
      closeLabel={t('ins.close')}
      size="sm"
      footer={
        expired || qr.error ? (
          <Button onClick={regenerate}>
            {qr.error ? t('pay.online.retry') : t('pay.online.regenerate')}
          </Button>
        ) : undefined
      }
    >
      {qr.error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(qr.error)}
        </p>
      ) : !qr.data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col items-center gap-2 text-sm" aria-live="polite">
          <div className={expired ? 'opacity-30' : undefined}>
            <QrCode text={qr.data.codeUrl} label={t('ins.payQr', { n: term.termNo })} />
          </div>
          <p>
            {t('ins.amount')}: <MoneyText yuan={qr.data.amount} strong />
          </p>
          {expired ? (
            <p role="alert" className="text-warning-700">
              {t('pay.online.expired')}
            </p>
          ) : (
            <p className="flex items-center gap-2 text-muted">
              <Spinner size={12} /> {t('pay.online.waiting')}
            </p>
          )}
          {result.error && (
            <p role="alert" className="text-danger-600">
              {errorText(result.error)}
            </p>
          )}
          <p className="break-all text-muted">
            {t('ins.payLink')}: {qr.data.codeUrl}
          </p>
        </div>
      )}
    </Dialog>
  );
}

const SignForm = z.object({
  billId: z.number().int(),
  signerName: z.string().trim().min(1).max(30),
});

/** Records that the family signed the schedule as sent (`/schedule/payment/sign`). */
function SignSchedule({ billId, onClose }: { billId: number; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: SignForm,
    defaultValues: { billId, signerName: '' },
    onSubmit: (v) => sdk.termBills.scheduleSign({ query: v }),
    success: t('ins.signed'),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} open onClose={onClose} title={t('ins.sign')} submitText={t('ins.sign')}>
      <FormText form={form} name="signerName" label={t('ins.signer')} />
    </FormDialog>
  );
}

const DueDateForm = z.object({ billItemId: z.number().int(), dueDate: z.string().trim().min(1) });

/** Moves an unpaid term's due date (`/schedule/payment/update`): between its neighbours', the family signs again. */
function MoveDueDate({ term, onClose }: { term: Term; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: DueDateForm,
    defaultValues: { billItemId: term.id, dueDate: term.dueDate },
    onSubmit: (v) => sdk.termBills.scheduleUpdate({ query: v }),
    success: t('ins.moved'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      open
      onClose={onClose}
      title={t('ins.moveTitle', { n: term.termNo })}
      submitText={t('ins.move')}
    >
      <p className="text-sm text-muted">{t('ins.moveHint')}</p>
      <FormDate form={form} name="dueDate" label={t('ins.dueDate')} />
    </FormDialog>
  );
}

/** Sends the schedule to the family, and shows what was done for them (the bill's history). */
function BillNotices({ billId, onRemind }: { billId: number; onRemind: (n: string) => void }) {
  const t = useT();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['termBills', 'scheduleDetail', billId],
    queryFn: () => sdk.termBills.scheduleDetail({ query: { billId } }),
  });
  const send = useMutation({
    mutationFn: () => runCommand(qc, () => sdk.termBills.scheduleSend({ query: { billId } })),
    onSuccess: (r) => onRemind(t('ins.sentTo', { phone: r.phone })),
  });
  const d = detail.data;
  const [signing, setSigning] = useState(false);
  return (
    <Card>
      {signing && <SignSchedule billId={billId} onClose={() => setSigning(false)} />}
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="font-medium">{t('ins.scheduleNotice')}</h2>
        {d && <Badge tone="info">{t(`ins.notice.${d.notice.status}` as 'ins.notice.0')}</Badge>}
        <Button size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
          {t('ins.sendBill')}
        </Button>
        {d?.notice.status === 10 && (
          <Button size="sm" variant="secondary" onClick={() => setSigning(true)}>
            {t('ins.sign')}
          </Button>
        )}
        {d?.notice.status === 20 && (
          <span className="text-sm text-muted">
            {d.notice.signerName} · <When iso={d.notice.signedAt} />
          </span>
        )}
      </div>
      {send.error && (
        <p role="alert" className="mb-2 text-sm text-danger-600">
          {errorText(send.error)}
        </p>
      )}
      {detail.error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(detail.error)}
        </p>
      ) : !d ? (
        <Spinner />
      ) : d.history.length === 0 ? (
        <p className="text-sm text-muted">{t('ins.noHistory')}</p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label={t('ins.history')}>
          {d.history.map((h, i) => (
            <li key={i}>
              <When iso={h.at} /> · {h.username ?? '—'} · {tCode(t, `ins.event.${h.action}`, h.action)}
              {h.termNo !== null && ` · ${t('ins.term', { n: h.termNo })}`}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TermActions({
  term,
  onPay,
  onPayOnline,
  onMove,
  onDone,
}: {
  term: Term;
  onPay: () => void;
  onPayOnline: () => void;
  onMove: () => void;
  onDone: (text: string) => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const remind = useMutation({
    mutationFn: () => runCommand(qc, () => sdk.termBills.sendPayment({ body: { billItemId: term.id } })),
    onSuccess: (r) => onDone(t('ins.remindedTo', { n: term.termNo, phone: r.phone })),
    onError: (e) => onDone(errorText(e)),
  });
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" onClick={onPay}>
        {t('ins.payTerm')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onPayOnline}>
        {t('ins.payOnline')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => remind.mutate()} disabled={remind.isPending}>
        {t('ins.remind')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onMove}>
        {t('ins.move')}
      </Button>
    </div>
  );
}

export function InstallmentDetails() {
  const t = useT();
  const orderId = Number(useParams().id) || 0;
  const [paying, setPaying] = useState<Term | null>(null);
  const [payingOnline, setPayingOnline] = useState<Term | null>(null);
  const [moving, setMoving] = useState<Term | null>(null);
  const [said, setSaid] = useState('');
  const order = useQuery({
    queryKey: ['orders', 'detail', orderId],
    enabled: orderId > 0,
    queryFn: () => sdk.orders.detail({ params: { id: orderId } }),
  });
  const code = order.data?.code ?? '';
  const bill = useQuery({
    queryKey: ['termBills', 'detailByOrderCode', code],
    enabled: code !== '',
    queryFn: () => sdk.termBills.detailByOrderCode({ query: { orderCode: code } }),
  });
  const b = bill.data;
  const failed = order.error ?? bill.error;
  return (
    <>
      <PageHeader title={t('ins.details')} />
      {failed ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(failed)}
        </p>
      ) : !order.data || bill.isPending ? (
        <Spinner />
      ) : !b ? (
        <Card>
          <p className="mb-3 text-sm">
            {t('ins.order')} <OrderLink id={order.data.id} code={order.data.code} /> ·{' '}
            <MoneyText yuan={order.data.payable} />
          </p>
          {order.data.status === 10 ? (
            <Apply orderId={order.data.id} owed={order.data.familyShare} />
          ) : (
            <EmptyState title={t('ins.noBill')} description={t('ins.onlyUnpaid')} />
          )}
        </Card>
      ) : (
        <div className="space-y-4">
          <Card>
            <BillFacts bill={b} />
            {b.approvalId !== null && (
              <p className="mt-3 text-sm">
                <Link className={linkClass} to={approvalDetailPath(b.approvalId)}>
                  {t('ins.openApproval')}
                </Link>
              </p>
            )}
          </Card>
          <Card>
            {said && (
              <p role="status" className="mb-2 text-sm">
                {said}
              </p>
            )}
            <TermsTable
              bill={b}
              action={(x) =>
                b.status === 20 && x.status === 10 ? (
                  <TermActions
                    term={x}
                    onPay={() => setPaying(x)}
                    onPayOnline={() => setPayingOnline(x)}
                    onMove={() => setMoving(x)}
                    onDone={setSaid}
                  />
                ) : null
              }
            />
          </Card>
          {b.status === 20 && <BillNotices billId={b.id} onRemind={setSaid} />}
        </div>
      )}
      {paying && b && <PayTerm bill={b} term={paying} onClose={() => setPaying(null)} />}
      {moving && <MoveDueDate term={moving} onClose={() => setMoving(null)} />}
      {payingOnline && (
        <TermPayOnline term={payingOnline} onClose={() => setPayingOnline(null)} onPaid={setSaid} />
      )}
    </>
  );
}
