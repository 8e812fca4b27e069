// One student's whole money and hours history (the lifetime endpoint): totals, then every movement.
// Shown on /students/caselife, /financial/caselife and the student details' lifetime tab.
import type { contract } from '@bo/api-sdk';
import { fromCents } from '@bo/domain';
import { EmptyState, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { DateTimeCell } from './parts';

export type TLifetime = z.output<typeof contract.students.lifetime.response>;

export function useLifetime(studentId: number | null) {
  return useQuery({
    queryKey: ['students', 'lifetime', studentId],
    queryFn: () => sdk.students.lifetime({ query: { studentId: studentId ?? 0 } }),
    enabled: studentId !== null,
  });
}

const hours = (n: number) => n.toFixed(2).replace(/\.?0+$/, '');

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-line px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

export function LifetimeTotals({ data }: { data: TLifetime }) {
  const t = useT();
  const x = data.totals;
  return (
    <dl className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('stu.life.open')}>
      <Stat label={t('stu.life.bought')} value={hours(x.boughtHours)} />
      <Stat label={t('stu.life.gift')} value={hours(x.giftHours)} />
      <Stat label={t('stu.life.consumed')} value={hours(x.consumedHours)} />
      <Stat label={t('stu.life.refunded')} value={hours(x.refundedHours)} />
      <Stat label={t('stu.life.remaining')} value={hours(x.remainingHours)} />
      <Stat label={t('stu.life.paid')} value={fromCents(x.paidCents)} />
      <Stat label={t('stu.life.refundedAmount')} value={fromCents(x.refundedCents)} />
      <Stat label={t('stu.life.consumedAmount')} value={fromCents(x.consumedCents)} />
      <Stat label={t('stu.life.remainingAmount')} value={fromCents(x.remainingCents)} />
    </dl>
  );
}

export function LifetimeEvents({ data }: { data: TLifetime }) {
  const t = useT();
  if (data.events.length === 0) return <EmptyState title={t('stu.life.empty')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t('stu.life.events')}>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              {t('stu.life.at')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('stu.life.kind')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('stu.life.label')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('stu.life.order')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('stu.life.course')}
            </th>
            <th scope="col" className="px-2 py-1.5 text-right">
              {t('stu.life.hours')}
            </th>
            <th scope="col" className="px-2 py-1.5 text-right">
              {t('stu.life.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.events.map((e, i) => (
            <tr key={i} className="border-t border-line">
              <td className="px-2 py-1.5">
                <DateTimeCell iso={e.at} />
              </td>
              <td className="px-2 py-1.5">{e.kind}</td>
              <td className="px-2 py-1.5">{e.label}</td>
              <td className="px-2 py-1.5">{e.orderCode ?? '—'}</td>
              <td className="px-2 py-1.5">{e.courseName ?? e.courseCode ?? '—'}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{hours(e.hours)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{fromCents(e.valueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LifetimeView({ studentId }: { studentId: number }) {
  const q = useLifetime(studentId);
  if (!q.data) return q.isLoading ? <Spinner /> : null;
  return (
    <div className="space-y-4">
      <LifetimeTotals data={q.data} />
      <LifetimeEvents data={q.data} />
    </div>
  );
}
