// /students/transfer: move unused paid hours of one course to another (transfer course), or merge
// orders of one student into one (combine orders). Both show the server's breakdown — hours and
// value out, hours in, the ledger movements and their sum — before anything is written; the
// server computes everything again when the command is sent.
import { CombineInput, TransferInput, type TCombineInput, type TTransferInput } from '@bo/api-sdk';
import {
  Button,
  Card,
  FormCheckGroup,
  FormDate,
  FormNumber,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  MoneyText,
  PageHeader,
  SubmitButton,
  Tabs,
  formatMoney,
} from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useCommandForm } from '../../app/form';
import { FormCommissionerSelect, FormCourseSelect } from '../../app/masterSelectors';
import { CodeName } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { orderDetailsPath } from '../orders/parts';
import { StudentPicker, type TStudentPick } from '../orders/StudentPicker';
import { useDebounced } from '../orders/useDebounced';

interface MovementLine {
  kind: string;
  orderCode: string;
  courseCode: string;
  hours: number;
  value: string;
}

function Movements({ lines, sum }: { lines: readonly MovementLine[]; sum: string }) {
  const t = useT();
  return (
    <table className="mt-3 w-full text-sm" aria-label={t('bil.movements')}>
      <thead>
        <tr className="text-left text-muted">
          <th className="py-1 font-normal">{t('bil.kind')}</th>
          <th className="py-1 font-normal">{t('bil.order')}</th>
          <th className="py-1 font-normal">{t('bil.course')}</th>
          <th className="py-1 text-right font-normal">{t('bil.paidHours')}</th>
          <th className="py-1 text-right font-normal">{t('bil.value')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((m, i) => (
          <tr key={i} className="border-t border-line">
            <td className="py-1">{tCode(t, `bil.kind.${m.kind}`, m.kind)}</td>
            <td className="py-1">{m.orderCode || '—'}</td>
            <td className="py-1">
              <CodeName source="course" code={m.courseCode} />
            </td>
            <td className="py-1 text-right tabular-nums">{m.hours}</td>
            <td className="py-1 text-right">
              <MoneyText yuan={m.value} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-line font-semibold">
          <td className="py-1" colSpan={4}>
            {t('bil.valueSum')}
          </td>
          <td className="py-1 text-right">
            <MoneyText yuan={sum} strong />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Done({ text, orderId, onAgain }: { text: string; orderId: number; onAgain: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card>
      <p role="status" className="mb-3 text-sm">
        {text}
      </p>
      <div className="flex gap-2">
        <Button variant="primary" onClick={() => void navigate(orderDetailsPath(orderId))}>
          {t('bil.viewOrder')}
        </Button>
        <Button variant="ghost" onClick={onAgain}>
          {t('bil.again')}
        </Button>
      </div>
    </Card>
  );
}

/** The student's orders that still hold something (the same list serves both operations). */
function useSelectable(studentId: number | undefined) {
  return useQuery({
    queryKey: ['courseTransfers', 'selectable', studentId ?? 0],
    enabled: studentId !== undefined,
    queryFn: () => sdk.courseTransfers.combineSelectable({ params: { a: studentId ?? 0, b: 0 } }),
  });
}

function TransferCourse({ student }: { student: TStudentPick }) {
  const t = useT();
  const [orderId, setOrderId] = useState<number | undefined>();
  const [done, setDone] = useState<{ code: string; order: string; id: number } | null>(null);
  const orders = useSelectable(student.id);
  const detail = useQuery({
    queryKey: ['courseTransfers', 'detail', orderId ?? 0],
    enabled: orderId !== undefined,
    queryFn: () => sdk.courseTransfers.transferDetail({ params: { id: orderId ?? 0 }, query: {} }),
  });
  const defaults: TTransferInput = { orderItemId: 0, targetCourseCode: '', remark: '' };
  const form = useCommandForm({
    schema: TransferInput,
    defaultValues: defaults,
    onSubmit: (v) => sdk.courseTransfers.transferCreate({ body: v }),
    onDone: (r, _v, f) => {
      setDone({ code: r.code, order: r.targetOrderCode, id: r.targetOrderId });
      f.reset(defaults);
    },
  });
  const values = useWatch({ control: form.rhf.control }) as Partial<TTransferInput>;
  const ready = Boolean(values.orderItemId) && Boolean(values.targetCourseCode);
  const settled = useDebounced(ready ? values : null, 350).value;
  const preview = useQuery({
    queryKey: ['courseTransfers', 'preCreate', settled],
    enabled: settled !== null,
    queryFn: ({ signal }) => {
      const parsed = TransferInput.safeParse(settled);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
      return sdk.courseTransfers.transferPreCreate({ body: parsed.data, signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  if (done)
    return (
      <Done
        text={t('bil.created', { code: done.code, order: done.order })}
        orderId={done.id}
        onAgain={() => {
          setDone(null);
          setOrderId(undefined);
        }}
      />
    );
  const list = orders.data ?? [];
  const p = ready ? preview.data : undefined;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
      <Card>
        <div className="space-y-3">
          {orders.isSuccess && list.length === 0 ? (
            <p className="text-sm text-muted">{t('bil.noOrders')}</p>
          ) : (
            <label className="block text-sm">
              <span className="mb-1 block">{t('bil.order')}</span>
              <select
                className="w-full rounded-md border border-line px-2 py-1.5"
                value={orderId ?? ''}
                onChange={(e) => {
                  setOrderId(e.target.value ? Number(e.target.value) : undefined);
                  form.rhf.setValue('orderItemId', 0);
                }}
              >
                <option value="" />
                {list.map((o) => (
                  <option key={o.orderId} value={o.orderId}>
                    {t('bil.orderOption', {
                      code: o.orderCode,
                      courses: o.courses,
                      hours: o.remainingHours,
                      value: formatMoney({ yuan: o.remainingValue }),
                    })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {detail.data?.blockedReason && (
            <p role="alert" className="text-sm text-danger-600">
              {detail.data.blockedReason}
            </p>
          )}
          <FormView form={form} aria-label={t('bil.tab.transfer')}>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <FormSelect
                form={form}
                name="orderItemId"
                label={t('bil.sourceItem')}
                options={(detail.data?.items ?? [])
                  .filter((i) => i.remainingPaidHours > 0)
                  .map((i) => ({
                    value: i.orderItemId,
                    label: t('bil.itemOption', {
                      course: i.courseName,
                      paid: i.remainingPaidHours,
                      gift: i.remainingGiftHours,
                      value: formatMoney({ yuan: i.remainingValue }),
                    }),
                  }))}
              />
              <FormCourseSelect form={form} name="targetCourseCode" label={t('bil.targetCourse')} />
              <FormNumber form={form} name="hours" label={t('bil.hours')} hint={t('bil.hoursHint')} min={0} />
              <FormNumber
                form={form}
                name="giftHours"
                label={t('bil.giftHours')}
                hint={t('bil.giftHoursHint')}
                min={0}
              />
              <FormDate form={form} name="startDate" label={t('bil.startDate')} />
            </div>
            <FormTextArea form={form} name="remark" label={t('bil.remark')} rows={2} />
            <SubmitButton form={form}>{t('bil.create')}</SubmitButton>
          </FormView>
        </div>
      </Card>
      <Card title={t('bil.breakdown')}>
        {preview.isError && ready ? (
          <p role="alert" className="text-sm text-danger-600">
            {t('bil.previewError', { reason: errorText(preview.error) })}
          </p>
        ) : !p ? (
          <p className="text-sm text-muted">{t('bil.breakdownEmpty')}</p>
        ) : (
          <div aria-busy={preview.isFetching}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('bil.out')}</dt>
              <dd>
                {p.source.courseName} · {t('bil.paidHours')} {p.source.paidHours} · {t('bil.gift')}{' '}
                {p.source.giftHours} · <MoneyText yuan={p.source.value} />
              </dd>
              <dt className="text-muted">{t('bil.in')}</dt>
              <dd>
                {p.target.courseName} · {t('bil.unitPrice')} <MoneyText yuan={p.target.unitPrice} /> ·{' '}
                {t('bil.targetHours')} {p.target.hours} · {t('bil.gift')} {p.target.giftHours} (
                {t('bil.maxGift')} {p.target.maxGiftHours})
              </dd>
            </dl>
            <Movements lines={p.movements} sum={p.valueSum} />
          </div>
        )}
      </Card>
    </div>
  );
}

function CombineOrders({ student }: { student: TStudentPick }) {
  const t = useT();
  const [done, setDone] = useState<{ code: string; order: string; id: number } | null>(null);
  const orders = useSelectable(student.id);
  const defaults: TCombineInput = { studentCode: student.code, orderNo: [], remark: '' };
  const form = useCommandForm({
    schema: CombineInput,
    defaultValues: defaults,
    onSubmit: (v) => sdk.courseTransfers.combineCreate({ body: v }),
    onDone: (r, _v, f) => {
      setDone({ code: r.code, order: r.targetOrderCode, id: r.targetOrderId });
      f.reset(defaults);
    },
  });
  const values = useWatch({ control: form.rhf.control }) as Partial<TCombineInput>;
  const ready = (values.orderNo?.length ?? 0) >= 2;
  const settled = useDebounced(ready ? values : null, 350).value;
  const preview = useQuery({
    queryKey: ['courseTransfers', 'combinePreCreate', settled],
    enabled: settled !== null,
    queryFn: ({ signal }) => {
      const parsed = CombineInput.safeParse(settled);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid');
      return sdk.courseTransfers.combinePreCreate({ body: parsed.data, signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (done)
    return (
      <Done
        text={t('bil.combined', { code: done.code, order: done.order })}
        orderId={done.id}
        onAgain={() => setDone(null)}
      />
    );
  const p = ready ? preview.data : undefined;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
      <Card>
        <FormView form={form} aria-label={t('bil.tab.combine')}>
          {orders.isSuccess && (orders.data ?? []).length === 0 ? (
            <p className="text-sm text-muted">{t('bil.noOrders')}</p>
          ) : (
            <FormCheckGroup
              form={form}
              name="orderNo"
              label={t('bil.orders')}
              options={(orders.data ?? []).map((o) => ({
                value: o.orderCode,
                label: t('bil.orderOption', {
                  code: o.orderCode,
                  courses: o.courses,
                  hours: o.remainingHours,
                  value: formatMoney({ yuan: o.remainingValue }),
                }),
              }))}
            />
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormDate form={form} name="payDate" label={t('bil.payDate')} />
            <FormCommissionerSelect
              form={form}
              name="commissionerCode"
              label={t('bil.commissioner')}
              schoolItemCode={student.schoolItemCode}
            />
            <FormText form={form} name="orderIncomeAttr" label={t('bil.incomeAttr')} />
            <FormText form={form} name="screenshot" label={t('bil.screenshot')} />
          </div>
          <FormTextArea form={form} name="remark" label={t('bil.remark')} rows={2} />
          <SubmitButton form={form}>{t('bil.combine')}</SubmitButton>
        </FormView>
      </Card>
      <Card title={t('bil.combineBreakdown')}>
        {preview.isError && ready ? (
          <p role="alert" className="text-sm text-danger-600">
            {t('bil.previewError', { reason: errorText(preview.error) })}
          </p>
        ) : !p ? (
          <p className="text-sm text-muted">{t('bil.combineEmpty')}</p>
        ) : (
          <div aria-busy={preview.isFetching}>
            <ul className="space-y-1 text-sm">
              {p.lines.map((l) => (
                <li key={l.courseCode}>
                  {l.courseName} · {t('bil.paidHours')} {l.paidHours} · {t('bil.gift')} {l.giftHours} ·{' '}
                  <MoneyText yuan={l.amount} />
                </li>
              ))}
              <li className="font-semibold">
                {t('bil.amount')} <MoneyText yuan={p.amount} strong />
              </li>
            </ul>
            {p.isBeyondDate && (
              <p role="alert" className="mt-2 text-sm text-warning-600">
                {t('bil.beyondDate')}
              </p>
            )}
            <Movements lines={p.movements} sum={p.valueSum} />
          </div>
        )}
      </Card>
    </div>
  );
}

export default function Transfer() {
  const t = useT();
  const [student, setStudent] = useState<TStudentPick | null>(null);
  const [tab, setTab] = useState('transfer');
  return (
    <>
      <PageHeader title={t('bil.transferTitle')} />
      <Card>
        <div className="max-w-md">
          <StudentPicker label={t('bil.student')} value={student?.id} onPick={setStudent} />
        </div>
      </Card>
      {!student ? (
        <p className="mt-4 text-sm text-muted">{t('bil.pickStudent')}</p>
      ) : (
        <Tabs
          className="mt-4"
          value={tab}
          onChange={setTab}
          items={[
            {
              key: 'transfer',
              label: t('bil.tab.transfer'),
              content: <TransferCourse key={student.id} student={student} />,
            },
            {
              key: 'combine',
              label: t('bil.tab.combine'),
              content: <CombineOrders key={student.id} student={student} />,
            },
          ]}
        />
      )}
    </>
  );
}
