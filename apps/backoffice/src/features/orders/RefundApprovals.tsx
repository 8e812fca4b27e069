// /financial/refundApproval and /financial/adjustApproval: the refund and adjustment requests of the
// approval engine on the one approval screen (approvalScreen.tsx). One declaration per kind, built
// by one function: the two kinds differ only in their calls and their titles.
import type { TFunction } from '../../i18n';
import { Card, MoneyText } from '@bo/ui-kit';
import { filterQuery, listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalScreen, type ApprovalScreenDef } from './approvalScreen';
import { Field, OrderLink, When } from './parts';

type Row = Awaited<ReturnType<typeof sdk.refunds.refundApprovalList>>['list'][number];
type Detail = Awaited<ReturnType<typeof sdk.refunds.refundApprovalDetail>>;
type RefundOrder = Detail['refundOrder'];

/** What a refund or adjust order returns or changes, line by line. */
export function RefundOrderLines({ order }: { order: RefundOrder }) {
  const t = useT();
  return (
    <table className="w-full text-sm" aria-label={t('ref.lines')}>
      <thead className="text-xs text-muted">
        <tr className="border-b border-line">
          <th scope="col" className="py-1.5 pr-3 text-left font-medium">
            {t('ord.course')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ref.hours')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ref.giftHours')}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {t('apv.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((l) => (
          <tr key={l.orderItemId} className="border-b border-line last:border-0">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              {l.courseName}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{l.hours}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{l.giftHours}</td>
            <td className="py-1.5 text-right">
              <MoneyText yuan={l.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Subject({ detail }: { detail: Detail }) {
  const t = useT();
  const r = detail.refundOrder;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Field label={t('ref.code')}>{r.code}</Field>
        <Field label={t('ord.orderCode')}>
          <OrderLink id={r.orderId} code={r.orderCode} />
        </Field>
        <Field label={t('ord.student')}>
          {r.studentName} <span className="text-subtle">{r.studentCode}</span>
        </Field>
        <Field label={t('ord.campus')}>{r.schoolItemName ?? r.schoolItemCode}</Field>
        <Field label={t('ref.reason')}>{r.reasonName}</Field>
        <Field label={t('ord.createdAt')}>
          <When iso={r.createdAt} />
        </Field>
        {r.remark && <Field label={t('ord.remark')}>{r.remark}</Field>}
      </dl>
      <Card>
        <RefundOrderLines order={r} />
      </Card>
      {r.releases.length > 0 && (
        <div role="note" aria-label={t('ref.releases')} className="text-sm text-warning-700">
          <p>{t('ref.releases')}</p>
          <ul className="list-disc pl-5">
            {r.releases.map((l) => (
              <li key={l.lessonId}>
                {l.date} {l.startTime}–{l.endTime} · {l.courseName} · {l.hours}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function approvalDef(kind: 'refund' | 'adjust'): ApprovalScreenDef<Row, Detail> {
  const refund = kind === 'refund';
  return {
    key: refund ? 'refundApprovals' : 'adjustApprovals',
    what: (t: TFunction) => (refund ? t('apv.refundTitle') : t('apv.adjustTitle')),
    list: (a) =>
      refund
        ? sdk.refunds.refundApprovalList({ query: listQuery(a) })
        : sdk.refunds.adjustApprovalList({ query: listQuery(a) }),
    serverExport: (f) =>
      refund
        ? sdk.refunds.refundApprovalExport({ query: filterQuery(f) })
        : sdk.refunds.adjustApprovalExport({ query: filterQuery(f) }),
    detail: (id) =>
      refund
        ? sdk.refunds.refundApprovalDetail({ params: { id } })
        : sdk.refunds.adjustApprovalDetail({ params: { id } }),
    searchFields: (t) => [
      { kind: 'text', name: 'keyword', label: t('ref.keyword') },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('ord.campus'),
        render: asSearchField(CampusMasterSelect),
      },
    ],
    subjectColumns: (t) => [
      { id: 'code', header: t('ref.code'), fixed: true },
      {
        id: 'orderCode',
        header: t('ord.orderCode'),
      },
      { id: 'studentName', header: t('ord.student') },
      {
        id: 'schoolItemName',
        header: t('ord.campus'),
        value: (r) => r.schoolItemName ?? r.schoolItemCode,
      },
      { id: 'reason', header: t('ref.reason') },
    ],
    subject: (d) => <Subject detail={d} />,
    // A decision posts (or reverses) the ledger movements: orders' balances and the refund lists change.
    subjectSlices: ['orders', 'refunds', 'students'],
  };
}

export const refundApprovalDef = approvalDef('refund');
export const adjustApprovalDef = approvalDef('adjust');

export function RefundApproval() {
  return <ApprovalScreen def={refundApprovalDef} />;
}

export function AdjustApproval() {
  return <ApprovalScreen def={adjustApprovalDef} />;
}
