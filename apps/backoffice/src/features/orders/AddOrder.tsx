// /students/order and /students/payInstallment: add an income order. A student is picked (or, with
// ?clueId=, a clue pays and its student is created with the order); campus, order type, course lines
// and a manual discount; the price breakdown follows every change through /incomeOrder/preCreate
// (debounced, the stale request cancelled) and the server prices the order again when it is placed.
import {
  ClueOrderCreateInput,
  ClueStudentInput,
  OrderCreateInput,
  OrderEditInput,
  type TOrderQuote,
} from '@bo/api-sdk';
import {
  Button,
  Card,
  FormAmount,
  FormControl,
  FormDate,
  FormNumber,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  PageHeader,
  PriceBreakdown,
  SubmitButton,
} from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type z } from 'zod';
import { useCommandForm } from '../../app/form';
import { FormCommissionerSelect, FormCourseSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { CampusSelect } from '../../app/selectors';
import { useLocale, useT } from '../../i18n';
import { createPayPath, orderDetailsPath, orderTypeOptions } from './parts';
import { StudentPicker, type TStudentPick } from './StudentPicker';
import { useDebounced } from './useDebounced';
import { previewInput } from './pricePreview';

const NEW_LINE = { courseCode: '', quantity: '' };

/**
 * One form for both ways of placing an order: for a student (studentId) or for a clue that pays
 * before it is a student (clueId + the new student's details). Each field keeps the contract's rule.
 */
const AddOrderForm = OrderCreateInput.pick({
  schoolItemCode: true,
  items: true,
  manualDiscount: true,
  adviserId: true,
  remark: true,
  giveawayReason: true,
  declinedOffers: true,
})
  .extend({
    studentId: OrderCreateInput.shape.studentId.optional(),
    clueId: ClueOrderCreateInput.shape.clueId.optional(),
    student: ClueStudentInput.optional(),
    // Editing an unpaid order (?edit=<id>): its id, the version read, and the funder split it keeps.
    editId: OrderEditInput.shape.id.optional(),
    version: OrderEditInput.shape.version.optional(),
    funderShare: OrderEditInput.shape.funderShare,
    funderCode: OrderEditInput.shape.funderCode,
  })
  .superRefine((v, ctx) => {
    if (v.clueId === undefined && v.studentId === undefined)
      ctx.addIssue({ code: 'custom', path: ['studentId'], message: '请选择学员 / the student is required' });
  });
type AddOrderValues = z.input<typeof AddOrderForm>;

function usePriceQuote(v: Partial<AddOrderValues>) {
  const input = useMemo(() => previewInput(v), [v]);
  const settled = useDebounced(input, 350);
  const body = settled.value;
  const clueId = v.clueId;
  const q = useQuery({
    queryKey: ['orders', 'preCreate', clueId ?? null, body],
    enabled: body !== null,
    // A newer calculation cancels this one: only the last answer is shown.
    queryFn: ({ signal }) => {
      if (!body) throw new Error('nothing to price');
      const { schoolItemCode: _campus, studentId: _student, ...lines } = body;
      return clueId !== undefined
        ? sdk.orders.cluePreCreate({ body: { clueId, ...lines }, signal })
        : sdk.orders.preCreate({ body, signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const quote: TOrderQuote | null = input === null ? null : (q.data ?? null);
  return { quote, busy: settled.settling || q.isFetching, error: q.isError ? q.error : null };
}

function LineFields({
  form,
  index,
  onRemove,
  canRemove,
}: {
  form: ReturnType<typeof useAddOrderForm>;
  index: number;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const t = useT();
  const n = index + 1;
  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-md border border-line p-3 sm:grid-cols-[2fr_1fr_1fr_auto]">
      <legend className="px-1 text-xs text-muted">{t('ord.lineTitle', { n })}</legend>
      <FormCourseSelect form={form} name={`items.${index}.courseCode`} label={t('ord.course')} />
      <FormNumber form={form} name={`items.${index}.quantity`} label={t('ord.quantity')} min={0} step={1} />
      <FormNumber
        form={form}
        name={`items.${index}.giftQuantity`}
        label={t('ord.giftQuantity')}
        min={0}
        step={1}
      />
      <div className="flex items-end">
        {canRemove && (
          <Button variant="ghost" onClick={onRemove} aria-label={t('ord.removeLine', { n })}>
            ✕
          </Button>
        )}
      </div>
    </fieldset>
  );
}

type Placed = { id: number; code: string; awaitingGiveaway: boolean };

/** The offers that apply by themselves (activity, discount, gift rule): each once, by its code. */
export function appliedOffers(quote: TOrderQuote | null): Array<{ code: string; label: string }> {
  const out = new Map<string, string>();
  for (const item of quote?.items ?? [])
    for (const a of item.adjustments)
      if (
        (a.source === 'activity' || a.source === 'discount' || a.source === 'gift') &&
        a.ref &&
        !out.has(a.ref)
      )
        out.set(a.ref, a.label);
  return [...out].map(([code, label]) => ({ code, label }));
}

/**
 * The offers the preview applied, each of which the family may decline (the server then prices
 * without it, the stacking principles deciding what else applies), and the declined ones to restore.
 */
function OffersCard({
  quote,
  declined,
  onChange,
}: {
  quote: TOrderQuote | null;
  declined: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const t = useT();
  const offers = appliedOffers(quote);
  if (!quote && declined.length === 0) return null;
  return (
    <Card title={t('ord.offers')}>
      <div className="space-y-2 text-sm" role="group" aria-label={t('ord.offers')}>
        {offers.length === 0 && <p className="text-muted">{t('ord.offers.none')}</p>}
        {offers.map((o) => (
          <div key={o.code} className="flex items-center justify-between gap-2">
            <span>{o.label}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('ord.offer.declineLabel', { code: o.code })}
              onClick={() => onChange([...declined, o.code])}
            >
              {t('ord.offer.decline')}
            </Button>
          </div>
        ))}
        {declined.map((code) => (
          <div key={code} className="flex items-center justify-between gap-2 text-muted">
            <span>{t('ord.offer.declined', { code })}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('ord.offer.restoreLabel', { code })}
              onClick={() => onChange(declined.filter((c) => c !== code))}
            >
              {t('ord.offer.restore')}
            </Button>
          </div>
        ))}
        <p className="text-xs text-muted">{t('ord.offers.hint')}</p>
      </div>
    </Card>
  );
}

function useAddOrderForm(defaults: AddOrderValues, onPlaced: (r: Placed) => void) {
  const t = useT();
  return useCommandForm({
    schema: AddOrderForm,
    defaultValues: defaults,
    onSubmit: (v) => {
      // The order type is not sent: the server derives it (new enrolment, renewal, clue payment).
      const lines = {
        items: v.items,
        giveawayReason: v.giveawayReason,
        manualDiscount: v.manualDiscount,
        // The offers declined on the preview: the server prices the order without them too.
        declinedOffers: v.declinedOffers?.length ? v.declinedOffers : undefined,
        adviserId: v.adviserId,
        remark: v.remark,
      };
      if (v.editId !== undefined && v.version !== undefined)
        return sdk.orders.edit({
          body: {
            id: v.editId,
            version: v.version,
            ...lines,
            // Always the whole list on an edit: the order keeps what it is sent (none: [] restores all).
            declinedOffers: (v.declinedOffers ?? []).filter((c): c is string => typeof c === 'string'),
            funderShare: v.funderShare,
            funderCode: v.funderCode,
          },
        });
      if (v.clueId !== undefined && v.student)
        return sdk.orders.clueCreate({ body: { clueId: v.clueId, student: v.student, ...lines } });
      if (v.studentId === undefined) throw new Error(t('ord.student'));
      return sdk.orders.create({
        body: { schoolItemCode: v.schoolItemCode, studentId: v.studentId, ...lines },
      });
    },
    onDone: (r) => onPlaced({ id: r.id, code: r.code, awaitingGiveaway: r.status === 5 }),
  });
}

function OrderForm({
  defaults,
  clue,
  student,
  installment,
  editing,
}: {
  defaults: AddOrderValues;
  clue: { clueId: number; childName: string } | null;
  student: TStudentPick | null;
  installment: boolean;
  /** The order being edited: its student stays, its lines and discount change. */
  editing?: { code: string; studentName: string } | null;
}) {
  const t = useT();
  const [locale] = useLocale();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState<Placed | null>(null);
  const form = useAddOrderForm(defaults, setPlaced);
  const lines = useFieldArray({ control: form.rhf.control, name: 'items' });
  const values = useWatch({ control: form.rhf.control }) as Partial<AddOrderValues>;
  const price = usePriceQuote(values);
  const campus = values.schoolItemCode ?? '';
  const giveaway = price.quote?.giveaway;
  const suggestedAdviser = price.quote?.adviserId ?? null;
  const { getFieldState, getValues, setValue } = form.rhf;
  // The adviser is prefilled with the student's (else the signed-in consultant) until the user picks one.
  useEffect(() => {
    if (suggestedAdviser === null || getFieldState('adviserId').isDirty) return;
    if (getValues('adviserId') == null) setValue('adviserId', suggestedAdviser);
  }, [suggestedAdviser, getFieldState, getValues, setValue]);

  if (placed && editing) return <Navigate to={orderDetailsPath(placed.id)} replace />;
  if (placed)
    return (
      <Card>
        <p role="status" className="mb-3 text-sm">
          {t('ord.created', { code: placed.code })}
          {placed.awaitingGiveaway && <> {t('ord.giveaway.awaiting')}</>}
        </p>
        <div className="flex gap-2">
          {!placed.awaitingGiveaway && (
            <Button variant="primary" onClick={() => void navigate(createPayPath(placed.id))}>
              {t('ord.payNow')}
            </Button>
          )}
          <Button onClick={() => void navigate(orderDetailsPath(placed.id))}>{t('ord.viewOrder')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              form.reset();
              setPlaced(null);
            }}
          >
            {t('ord.another')}
          </Button>
        </div>
      </Card>
    );

  return (
    <FormView form={form} aria-label={t(installment ? 'ord.installmentTitle' : 'ord.newTitle')}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-4">
          <Card title={clue ? t('ord.newStudent') : t('ord.student')}>
            {editing ? (
              <p className="text-sm">
                {editing.studentName} · {t('ord.orderCode')} {editing.code}
              </p>
            ) : clue ? (
              <div className="space-y-3">
                <p className="text-sm text-muted">
                  {t('ord.fromClue')}: {clue.childName}
                </p>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <FormText form={form} name="student.name" label={t('ord.studentName')} />
                  <FormSelect
                    form={form}
                    name="student.gender"
                    label={t('ord.gender')}
                    options={(['ord.gender.0', 'ord.gender.1', 'ord.gender.2'] as const).map((k, g) => ({
                      value: g,
                      label: t(k),
                    }))}
                  />
                  <FormDate form={form} name="student.birthDate" label={t('ord.birthDate')} />
                  <FormText form={form} name="student.parentName" label={t('ord.parentName')} />
                </div>
              </div>
            ) : (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <FormControl
                  form={form}
                  name="studentId"
                  label={t('ord.student')}
                  required
                  render={(c) => (
                    <StudentPicker
                      id={c.id}
                      label={c.label}
                      required
                      error={c.error}
                      value={typeof c.value === 'number' ? c.value : undefined}
                      initial={student}
                      onPick={(s) => {
                        c.onChange(s?.id);
                        // A student belongs to one campus: the order is placed there.
                        if (s)
                          form.rhf.setValue('schoolItemCode', s.schoolItemCode, { shouldValidate: true });
                      }}
                    />
                  )}
                />
                <FormControl
                  form={form}
                  name="schoolItemCode"
                  label={t('ord.campus')}
                  render={(c) => (
                    <CampusSelect
                      label={c.label}
                      value={typeof c.value === 'string' ? c.value : ''}
                      onChange={(v) => c.onChange(String(v))}
                    />
                  )}
                />
              </div>
            )}
          </Card>
          <Card title={t('ord.lines')}>
            <div className="space-y-3">
              <p className="text-sm">
                <span className="text-muted">{t('ord.orderType')}: </span>
                <output aria-label={t('ord.orderType')}>
                  {price.quote?.orderType === undefined
                    ? '—'
                    : (orderTypeOptions(locale).find((o) => o.value === price.quote?.orderType)?.label ??
                      String(price.quote.orderType))}
                </output>{' '}
                <span className="text-xs text-muted">{t('ord.orderTypeDerived')}</span>
              </p>
              {lines.fields.map((f, i) => (
                <LineFields
                  key={f.id}
                  form={form}
                  index={i}
                  canRemove={lines.fields.length > 1}
                  onRemove={() => lines.remove(i)}
                />
              ))}
              <Button onClick={() => lines.append({ ...NEW_LINE })}>{t('ord.addLine')}</Button>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <FormAmount
                  form={form}
                  name="manualDiscount"
                  label={t('ord.manualDiscount')}
                  hint={t('ord.manualDiscountHint')}
                />
                <FormCommissionerSelect
                  form={form}
                  name="adviserId"
                  label={t('ord.adviser')}
                  schoolItemCode={campus}
                />
              </div>
              {giveaway?.needsApproval && (
                <div role="note" className="space-y-2 rounded-md bg-warning-50 p-3 text-warning-700">
                  <p className="text-sm">
                    {t('ord.giveaway.above', {
                      gift: giveaway.giftPercent,
                      discount: giveaway.discountPercent,
                    })}
                    {giveaway.over.includes('scholarship') && <> {t('ord.giveaway.scholarship')}</>}
                  </p>
                  <FormTextArea form={form} name="giveawayReason" label={t('ord.giveaway.reason')} rows={2} />
                </div>
              )}
              <FormTextArea form={form} name="remark" label={t('ord.remark')} rows={2} />
            </div>
          </Card>
        </div>
        <div className="space-y-4">
          <Card>
            <PriceBreakdown quote={price.quote} loading={price.busy} />
            {price.error !== null && (
              <p role="alert" className="mt-2 text-sm text-danger-600">
                {t('ord.priceError', { reason: errorText(price.error) })}
              </p>
            )}
          </Card>
          <OffersCard
            quote={price.quote}
            declined={(values.declinedOffers ?? []).filter((c): c is string => typeof c === 'string')}
            onChange={(next) => setValue('declinedOffers', next, { shouldDirty: true })}
          />
          {installment && <p className="text-sm text-muted">{t('ord.installmentNote')}</p>}
          <SubmitButton form={form}>{t(editing ? 'ord.saveEdit' : 'ord.create')}</SubmitButton>
        </div>
      </div>
    </FormView>
  );
}

export default function AddOrder() {
  const t = useT();
  const { pathname } = useLocation();
  const installment = pathname.endsWith('/payInstallment');
  const [params] = useSearchParams();
  const clueId = Number(params.get('clueId')) || undefined;
  const editId = Number(params.get('edit')) || undefined;
  const edit = useQuery({
    queryKey: ['orders', 'editDetail', editId],
    enabled: editId !== undefined,
    queryFn: () => sdk.orders.editDetail({ params: { id: editId ?? 0 } }),
  });
  const editOrder = useQuery({
    queryKey: ['orders', 'detail', editId],
    enabled: editId !== undefined,
    queryFn: () => sdk.orders.detail({ params: { id: editId ?? 0 } }),
  });
  const studentCode = params.get('studentCode') ?? '';
  const clue = useQuery({
    queryKey: ['clues', 'detail', clueId],
    enabled: clueId !== undefined,
    queryFn: () => sdk.clues.detail({ query: { clueId: clueId ?? 0 } }),
  });
  const student = useQuery({
    queryKey: ['students', 'detail', studentCode],
    enabled: studentCode !== '',
    queryFn: () => sdk.students.studentDetail({ query: { code: studentCode } }),
  });
  const title = editId ? t('ord.editTitle') : t(installment ? 'ord.installmentTitle' : 'ord.newTitle');
  if (
    (clueId !== undefined && !clue.data) ||
    (studentCode !== '' && !student.data) ||
    (editId !== undefined && (!edit.data || !editOrder.data))
  ) {
    const error = clue.error ?? student.error ?? edit.error ?? editOrder.error;
    return (
      <>
        <PageHeader title={title} />
        <p className="text-sm text-muted">{error ? errorText(error) : '…'}</p>
      </>
    );
  }
  const e = edit.data;
  if (e && editOrder.data)
    return (
      <>
        <PageHeader title={`${title} ${e.code}`} />
        <OrderForm
          defaults={{
            editId: e.id,
            version: e.version,
            studentId: e.studentId,
            schoolItemCode: e.schoolItemCode,
            items: e.items.map((i) => ({
              courseCode: i.courseCode,
              buyTypeId: i.buyTypeId,
              quantity: i.quantity,
              giftQuantity: i.giftQuantity,
            })),
            manualDiscount: e.manualDiscount,
            // The offers declined when it was placed or last edited: still declined until restored.
            declinedOffers: e.declinedOffers ?? [],
            funderShare: e.funderShare,
            funderCode: e.funderCode,
            adviserId: e.adviserId,
            remark: e.remark,
          }}
          clue={null}
          student={null}
          installment={false}
          editing={{ code: e.code, studentName: editOrder.data.studentName }}
        />
      </>
    );
  const c = clue.data;
  const s = student.data;
  const defaults: AddOrderValues = {
    schoolItemCode: c?.schoolItemCode ?? s?.schoolItemCode ?? '',
    items: [{ ...NEW_LINE }],
    remark: '',
    ...(c
      ? {
          clueId: c.clueId,
          student: {
            name: c.childName,
            gender: c.gender,
            birthDate: c.birthDate ?? undefined,
            parentName: c.parentName,
          },
        }
      : {}),
    ...(s ? { studentId: s.id } : {}),
  };
  return (
    <>
      <PageHeader title={title} />
      <OrderForm
        defaults={defaults}
        clue={c ? { clueId: c.clueId, childName: c.childName } : null}
        student={
          s
            ? {
                id: s.id,
                code: s.code,
                name: s.name,
                parentName: s.parentName,
                phone: s.phone,
                schoolItemCode: s.schoolItemCode,
                schoolItemName: s.schoolItemName,
                status: s.status,
              }
            : null
        }
        installment={installment}
      />
    </>
  );
}
