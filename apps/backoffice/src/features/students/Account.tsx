// The student detail's orders and hours tabs, read from the orders slice: the student's orders with
// their states (/charge/studentorders), and the ledger's account — what is left per course and per
// order line (/incomeOrder/studentAccount/{id}) and the movements behind it (…/detail/{id}).
import type { TStudentDetail } from '@bo/api-sdk';
import { EmptyState, MoneyText, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { OrderLink, OrderStatusBadge } from '../orders/parts';
import { DateTimeCell } from './parts';

function Table({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className={`py-1.5 pr-3 font-medium ${i === 0 ? 'text-left' : 'text-right'}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
const num = 'py-1.5 pr-3 text-right tabular-nums';

export function StudentOrders({ s }: { s: TStudentDetail }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['orders', 'studentOrders', s.code],
    queryFn: () => sdk.orders.studentOrders({ query: { studentcode: s.code } }),
  });
  if (!q.data) return <Spinner />;
  if (q.data.length === 0) return <EmptyState title={t('stu.noOrders')} />;
  return (
    <Table
      label={t('stu.tab.orders')}
      head={[t('ord.orderCode'), t('ord.status'), t('ord.payable'), t('ord.paid'), t('ord.createdAt')]}
    >
      {q.data.map((o) => (
        <tr key={o.id} className="border-b border-line last:border-0">
          <th scope="row" className="py-1.5 pr-3 text-left font-normal">
            <OrderLink id={o.id} code={o.code} />
          </th>
          <td className="py-1.5 pr-3 text-right">
            <OrderStatusBadge status={o.status} />
          </td>
          <td className={num}>
            <MoneyText yuan={o.payable} />
          </td>
          <td className={num}>
            <MoneyText yuan={o.paid} />
          </td>
          <td className={num}>
            <DateTimeCell iso={o.createdAt} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function StudentBalance({ s }: { s: TStudentDetail }) {
  const t = useT();
  const account = useQuery({
    queryKey: ['orders', 'studentAccount', s.id],
    queryFn: () => sdk.orders.studentAccount({ params: { id: s.id } }),
  });
  const moves = useQuery({
    queryKey: ['orders', 'studentAccountDetail', s.id],
    queryFn: () =>
      sdk.orders.studentAccountDetail({ params: { id: s.id }, query: { pageIdx: 1, pageSize: 50 } }),
  });
  const a = account.data;
  if (!a) return <Spinner />;
  if (a.items.length === 0) return <EmptyState title={t('stu.noBalance')} />;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        {t('stu.life.remainingAmount')}: <MoneyText yuan={a.totalRemainingValue} strong />
      </p>
      <Table
        label={t('stu.acc.courses')}
        head={[
          t('stu.life.course'),
          t('stu.life.remaining'),
          t('stu.acc.remainingPaid'),
          t('stu.acc.remainingGift'),
          t('stu.life.remainingAmount'),
        ]}
      >
        {a.courses.map((c) => (
          <tr key={c.courseCode} className="border-b border-line last:border-0">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              {c.courseName}
            </th>
            <td className={`${num} font-medium`}>{c.remaining}</td>
            <td className={num}>{c.remainingPaid}</td>
            <td className={num}>{c.remainingGift}</td>
            <td className={num}>
              <MoneyText yuan={c.remainingValue} />
            </td>
          </tr>
        ))}
      </Table>
      <Table
        label={t('stu.acc.items')}
        head={[
          t('stu.life.order'),
          t('stu.life.course'),
          t('stu.life.bought'),
          t('stu.life.gift'),
          t('stu.life.consumed'),
          t('stu.life.refunded'),
          t('stu.acc.adjusted'),
          t('stu.life.remaining'),
          t('stu.life.remainingAmount'),
        ]}
      >
        {a.items.map((i) => (
          <tr key={i.orderItemId} className="border-b border-line last:border-0">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              <OrderLink id={i.orderId} code={i.orderCode} />
            </th>
            <td className={num}>{i.courseName}</td>
            <td className={num}>{i.bought}</td>
            <td className={num}>{i.gift}</td>
            <td className={num}>{i.consumed}</td>
            <td className={num}>{i.refunded}</td>
            <td className={num}>{i.adjusted}</td>
            <td className={`${num} font-medium`}>{i.remaining}</td>
            <td className={num}>
              <MoneyText yuan={i.remainingValue} />
            </td>
          </tr>
        ))}
      </Table>
      <section>
        <h3 className="mb-2 text-sm font-semibold">{t('stu.life.events')}</h3>
        {!moves.data ? (
          <Spinner />
        ) : (
          <Table
            label={t('stu.life.events')}
            head={[
              t('stu.life.at'),
              t('stu.life.kind'),
              t('stu.life.order'),
              t('stu.life.course'),
              t('stu.acc.hours'),
              t('stu.acc.value'),
            ]}
          >
            {moves.data.list.map((m) => (
              <tr key={m.id} className="border-b border-line last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  <DateTimeCell iso={m.postedAt} />
                </th>
                <td className={num}>{tCode(t, `stu.acc.kind.${m.kind}`, m.kind)}</td>
                <td className={num}>{m.orderCode}</td>
                <td className={num}>{m.courseName}</td>
                <td className={num}>{m.hours}</td>
                <td className={num}>
                  <MoneyText yuan={m.value} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
