// /staff/payStatistics: pay per campus, role and month over a range of months (the server sums in
// SQL), as stacked bars per month by role and as a table; the filter lives in the URL (pay.*).
import { shanghaiDate } from '@bo/domain';
import { PAY_ROLES, type TPayStatRow } from '@bo/api-sdk';
import { Card, EmptyState, MoneyText, Select, TextField } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { BarsChart } from '@bo/ui-kit/charts';
import { CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useUrlState } from '../../app/urlState';
import { useT } from '../../i18n';
import { roleName } from './common';

const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;
/** The Shanghai month `back` months before this one, 'YYYY-MM'. */
const monthBefore = (back: number) => {
  const [y = 1970, m = 1] = shanghaiDate(new Date()).split('-').map(Number);
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const DEFAULTS = { from: monthBefore(5), to: monthBefore(0) };

export default function PayStatistics() {
  const t = useT();
  const f = useUrlState('pay', ['from', 'to', 'campus', 'role'] as const, DEFAULTS);
  const from = f.value.from ?? DEFAULTS.from;
  const to = f.value.to ?? DEFAULTS.to;
  const ok = MONTH.test(from) && MONTH.test(to) && from <= to;
  const q = useQuery({
    queryKey: ['payroll', 'payStatistics', from, to, f.value.campus, f.value.role],
    enabled: ok,
    queryFn: () =>
      sdk.payroll.payStatistics({
        query: {
          fromMonth: from,
          toMonth: to,
          schoolItemCode: f.value.campus || undefined,
          role: (PAY_ROLES as readonly string[]).includes(f.value.role ?? '')
            ? (f.value.role as (typeof PAY_ROLES)[number])
            : undefined,
        },
      }),
  });
  const rows: TPayStatRow[] = q.data ?? [];
  const months = [...new Set(rows.map((r) => r.month))];
  const roles = PAY_ROLES.filter((r) => rows.some((x) => x.role === r));
  // Chart values in yuan (whole): the table keeps the exact amounts.
  const data = months.map((m) => ({
    month: m,
    ...Object.fromEntries(
      roles.map((r) => [
        r,
        Math.round(
          rows.filter((x) => x.month === m && x.role === r).reduce((s, x) => s + Number(x.total), 0),
        ),
      ]),
    ),
  }));
  return (
    <div className="space-y-4">
      <Card>
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label={t('pay.fromMonth')}
            type="month"
            value={from}
            onChange={(e) => f.set({ from: e.target.value })}
          />
          <TextField
            label={t('pay.toMonth')}
            type="month"
            value={to}
            onChange={(e) => f.set({ to: e.target.value })}
          />
          <CampusMasterSelect value={f.value.campus ?? ''} onChange={(v) => f.set({ campus: String(v) })} />
          <Select
            label={t('pay.role')}
            value={f.value.role ?? ''}
            onChange={(v) => f.set({ role: v })}
            placeholder="—"
            options={PAY_ROLES.map((r) => ({ value: r, label: roleName(t, r) }))}
          />
        </div>
      </Card>
      <Card title={t('pay.statsChart')}>
        {rows.length === 0 ? (
          <EmptyState title={t('pay.statsEmpty')} />
        ) : (
          <div className="h-72" role="img" aria-label={t('pay.statsChart')}>
            <BarsChart
              data={data}
              x="month"
              stacked
              height={288}
              series={roles.map((r) => ({ key: r, name: roleName(t, r) }))}
            />
          </div>
        )}
      </Card>
      {rows.length > 0 && (
        <Card>
          <table className="w-full text-sm" aria-label={t('pay.statsChart')}>
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1">{t('pay.month')}</th>
                <th>{t('pay.campus')}</th>
                <th>{t('pay.role')}</th>
                <th className="text-right">{t('pay.employees')}</th>
                <th className="text-right">{t('pay.total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.month}|${r.schoolItemCode}|${r.role}`} className="border-t border-slate-100">
                  <td className="py-1">{r.month}</td>
                  <td>{r.schoolItemName ?? r.schoolItemCode}</td>
                  <td>{roleName(t, r.role)}</td>
                  <td className="text-right">{r.employees}</td>
                  <td className="text-right">
                    <MoneyText yuan={r.total} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
