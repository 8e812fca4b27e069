// The /staffsalary role areas (frontline, emergency, expert, execsupervision, consult, growth, center):
// one list declaration for every role — an employee's payslip per campus of the period —, the payslip
// with its lines, each line's source rows, and the manual adjustment dialog.
import { SalaryAdjustInput, type TLineRow, type TPayArea, type TPayslipRow } from '@bo/api-sdk';
import { fromCents, toCents } from '@bo/domain';
import { Button, Dialog, EmptyState, MoneyText, RecordFormDialog } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { itemName, LatestPeriodNote, periodFields, periodOf, useLatestPeriod } from './common';

type Open = { row: TPayslipRow; year: number; month: number };

function areaDef(
  area: TPayArea,
  filterDefaults: Record<string, string>,
  open: (o: Open) => void,
  adjust: (o: Open) => void,
): ListScreenDef<TPayslipRow> {
  const withPeriod = (f: Record<string, string>, row: TPayslipRow, go: (o: Open) => void) => {
    const p = periodOf(f);
    if (p) go({ row, ...p });
  };
  return {
    key: `payroll-${area}`,
    what: (t) => t('pay.payslip'),
    rowId: (r) => `${r.schoolItemCode}|${r.employeeCode}`,
    rowName: (r) => r.employeeName,
    filterDefaults,
    searchFields: (t) => periodFields(t, { keyword: true }),
    columns: (t) => [
      { id: 'employeeName', header: t('pay.employee'), fixed: true },
      { id: 'employeeCode', header: t('pay.employeeCode') },
      { id: 'schoolItemName', header: t('pay.campus') },
      { id: 'postName', header: t('pay.post') },
      { id: 'skillRankCode', header: t('pay.rank'), defaultHidden: true },
      {
        id: 'computed',
        header: t('pay.computed'),
        align: 'right',
        cell: (r) => <MoneyText yuan={r.computed} />,
        exportValue: (r) => Number(r.computed),
      },
      {
        id: 'adjusted',
        header: t('pay.adjusted'),
        align: 'right',
        cell: (r) => <MoneyText yuan={r.adjusted} />,
        exportValue: (r) => Number(r.adjusted),
      },
      {
        id: 'total',
        header: t('pay.total'),
        align: 'right',
        cell: (r) => <MoneyText yuan={r.total} />,
        exportValue: (r) => Number(r.total),
      },
      { id: 'lines', header: t('pay.lines'), align: 'right' },
    ],
    list: async (a) => {
      const p = periodOf(a.filters);
      if (!p) return { list: [], total: 0 };
      return sdk.payroll.areaPage({ params: { area }, query: listQuery(a, p) });
    },
    rowActions: (t, h) => [
      { key: 'open', label: t('pay.open'), onClick: (r) => withPeriod(h.filters, r, open) },
      { key: 'adjust', label: t('pay.adjust'), onClick: (r) => withPeriod(h.filters, r, adjust) },
    ],
  };
}

function Sources({ line, onClose }: { line: TLineRow; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['payroll', 'sources', line.id],
    queryFn: () => sdk.payroll.lineSources({ query: { id: line.id } }),
  });
  const rows = q.data ?? [];
  // A class-hour line lists its lessons (date, time, student, course, attendance, hours, and the
  // class-hour confirmation that approved each, by its approval number): what a teacher checks their
  // pay against. Other lines list their orders, refunds, students or trainings.
  const lessons = rows.length > 0 && rows.every((s) => s.lesson !== null);
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={t('pay.drillTitle', { item: itemName(t, line.item) })}
      closeLabel="×"
    >
      {rows.length === 0 && !q.isLoading ? (
        <EmptyState title={t('pay.noSources')} />
      ) : lessons ? (
        <table className="w-full text-sm" aria-label={t('pay.lessonsOf')}>
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">{t('pay.day')}</th>
              <th>{t('pay.time')}</th>
              <th>{t('pay.student')}</th>
              <th>{t('pay.course')}</th>
              <th>{t('pay.attendance')}</th>
              <th className="text-right">{t('pay.hours')}</th>
              <th className="text-right">{t('pay.total')}</th>
              <th className="text-right">{t('pay.lessonNo')}</th>
              <th>{t('pay.confirmation')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.sourceId} className="border-t border-slate-100">
                <td className="py-1">{s.day ?? ''}</td>
                <td>{s.lesson?.time}</td>
                <td>{s.lesson?.studentName ?? ''}</td>
                <td>{s.lesson?.courseName}</td>
                <td>{tCode(t, `pay.att.${s.lesson?.status ?? ''}`, s.lesson?.status ?? '')}</td>
                <td className="text-right">{s.quantity}</td>
                <td className="text-right">
                  <MoneyText yuan={s.amount} />
                </td>
                <td className="text-right">#{s.lesson?.lessonId}</td>
                <td>
                  {s.lesson?.confirmation
                    ? `${t(`pay.confirmation.${s.lesson.confirmation.kind}`)} #${s.lesson.confirmation.approvalId}`
                    : t('pay.confirmation.none')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <table className="w-full text-sm" aria-label={t('pay.drill')}>
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">{t('pay.sourceType')}</th>
              <th>{t('pay.day')}</th>
              <th>{t('pay.ref')}</th>
              <th>{t('pay.detail')}</th>
              <th className="text-right">{t('pay.quantity')}</th>
              <th className="text-right">{t('pay.total')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={`${s.sourceType}-${s.sourceId}`} className="border-t border-slate-100">
                <td className="py-1">{tCode(t, `pay.source.${s.sourceType}`, s.sourceType)}</td>
                <td>{s.day ?? ''}</td>
                <td>{s.ref}</td>
                <td>{s.detail}</td>
                <td className="text-right">{s.quantity}</td>
                <td className="text-right">
                  <MoneyText yuan={s.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

function Payslip({ area, open, onClose }: { area: TPayArea; open: Open; onClose: () => void }) {
  const t = useT();
  const [drill, setDrill] = useState<TLineRow | null>(null);
  const q = useQuery({
    queryKey: [
      'payroll',
      'slip',
      area,
      open.row.schoolItemCode,
      open.row.employeeCode,
      open.year,
      open.month,
    ],
    queryFn: () =>
      sdk.payroll.areaList({
        params: { area },
        query: {
          year: open.year,
          month: open.month,
          schoolItemCode: open.row.schoolItemCode,
          employeeCode: open.row.employeeCode,
        },
      }),
  });
  const period = `${open.year}-${String(open.month).padStart(2, '0')}`;
  const lines = q.data ?? [];
  // Summed in cents, so the payslip's total is exactly the sum of the lines it shows.
  const total = fromCents(lines.reduce((sum, l) => sum + (toCents(l.amount) ?? 0n), 0n));
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={t('pay.payslipTitle', { name: open.row.employeeName, period })}
      closeLabel="×"
    >
      <table className="w-full text-sm" aria-label={t('pay.payslip')}>
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1">{t('pay.item')}</th>
            <th>{t('pay.kind')}</th>
            <th className="text-right">{t('pay.quantity')}</th>
            <th className="text-right">{t('pay.rate')}</th>
            <th className="text-right">{t('pay.total')}</th>
            <th>{t('pay.reason')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} className="border-t border-slate-100">
              <td className="py-1">{itemName(t, l.item)}</td>
              <td>{t(l.kind === 'manual' ? 'pay.kind.manual' : 'pay.kind.computed')}</td>
              <td className="text-right">{l.quantity}</td>
              <td className="text-right">{l.rate ?? ''}</td>
              <td className="text-right">
                <MoneyText yuan={l.amount} />
              </td>
              <td>{l.kind === 'manual' ? `${l.reason}（${l.createdBy ?? ''}）` : ''}</td>
              <td className="text-right">
                {l.sources > 0 && (
                  <Button size="sm" onClick={() => setDrill(l)}>
                    {t('pay.drill')} ({l.sources})
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        {lines.length > 0 && (
          <tfoot>
            <tr className="border-t border-slate-300 font-semibold">
              <th scope="row" colSpan={4} className="py-1 text-left">
                {t('pay.slipTotal')}
              </th>
              <td className="text-right">
                <MoneyText yuan={total} />
              </td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        )}
      </table>
      {drill && <Sources line={drill} onClose={() => setDrill(null)} />}
    </Dialog>
  );
}

export function AreaScreen({ area }: { area: TPayArea }) {
  const t = useT();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const [adjusting, setAdjusting] = useState<Open | null>(null);
  // The screen opens on the latest month holding this area's payroll (asked first).
  const opening = useLatestPeriod({ area });
  const def = useMemo(() => areaDef(area, opening.defaults, setOpen, setAdjusting), [area, opening.defaults]);
  if (!opening.ready) return null;
  return (
    <>
      <LatestPeriodNote latest={opening.latest} defaults={opening.defaults} />
      <ListScreenView def={def} />
      {open && <Payslip area={area} open={open} onClose={() => setOpen(null)} />}
      {adjusting && (
        <RecordFormDialog
          open
          onClose={() => setAdjusting(null)}
          title={t('pay.adjustTitle', { name: adjusting.row.employeeName })}
          schema={SalaryAdjustInput}
          mode="create"
          initialValues={{
            year: adjusting.year,
            month: adjusting.month,
            schoolItemCode: adjusting.row.schoolItemCode,
            employeeCode: adjusting.row.employeeCode,
          }}
          fields={[
            { kind: 'text', name: 'amount', label: t('pay.adjustAmount'), required: true },
            { kind: 'textarea', name: 'reason', label: t('pay.reason'), required: true, maxLength: 200 },
          ]}
          onSubmit={async (body) => {
            await runCommand(qc, () => sdk.payroll.areaEdit({ params: { area }, body }), def.key);
            setAdjusting(null);
          }}
        />
      )}
    </>
  );
}

export const Frontline = () => <AreaScreen area="frontline" />;
export const Emergency = () => <AreaScreen area="emergency" />;
export const Expert = () => <AreaScreen area="expert" />;
export const Execsupervision = () => <AreaScreen area="execsupervision" />;
export const Consult = () => <AreaScreen area="consult" />;
export const Growth = () => <AreaScreen area="growth" />;
export const Center = () => <AreaScreen area="center" />;
