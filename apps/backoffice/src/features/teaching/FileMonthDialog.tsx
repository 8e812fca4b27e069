// Files a teacher's confirmed lessons of a salary month for approval (classHourConfirm): the check
// first (which lessons still need signing or confirming, what a submission would file, and whether it
// is the month's original confirmation or a supplementary one for lessons confirmed after it), then
// the submission. Payroll pays only the lessons inside a passed confirmation (docs/payroll.md).
import { Badge, Button, Dialog, TextField, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { TeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';

const STATUS_TONE: Record<number, 'info' | 'success'> = { 20: 'success' };

export function FileMonthDialog({
  campus,
  teacher,
  month: firstMonth,
  onClose,
}: {
  campus: string;
  /** The teacher of the list's filter, if one is chosen. */
  teacher: string;
  /** 'YYYY-MM' the dialog opens on. */
  month: string;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [teacherCode, setTeacherCode] = useState(teacher);
  const [month, setMonth] = useState(firstMonth);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ym = /^(\d{4})-(\d{2})$/.exec(month);
  const period = ym ? { year: Number(ym[1]), month: Number(ym[2]) } : null;
  const check = useQuery({
    queryKey: ['classHours', 'check', campus, teacherCode, month],
    queryFn: () =>
      sdk.classHours.check({
        query: {
          schoolItemCode: campus,
          teacherCode,
          year: period?.year ?? 0,
          month: period?.month ?? 0,
        },
      }),
    enabled: Boolean(campus && teacherCode && period),
  });
  const c = check.data;
  const submit = async () => {
    if (!c || !period) return;
    setBusy(true);
    setError(null);
    try {
      const r = await runCommand(qc, () =>
        sdk.classHours.submit({
          body: { schoolItemCode: campus, teacherCode, year: period.year, month: period.month, remark },
        }),
      );
      toast.success(t('teach.file.done', { kind: t(`teach.file.kind.${c.kind}`), id: r.approvalId }));
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const problems = c?.lessons.filter((l) => l.problem) ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('teach.file.title')}
      closeLabel={t('teach.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('teach.file.cancel')}</Button>
          <Button variant="primary" loading={busy} disabled={!c?.canSubmit} onClick={() => void submit()}>
            {c ? t(`teach.file.submit.${c.kind}`) : t('teach.file.submit.original')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TeacherSelect
          label={t('teach.teacher')}
          value={teacherCode}
          onChange={(v) => setTeacherCode(String(v))}
          schoolItemCode={campus}
        />
        <TextField
          type="month"
          label={t('teach.file.month')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
      </div>
      {check.isError && (
        <p role="alert" className="mt-3 text-sm text-danger-600">
          {errorText(check.error)}
        </p>
      )}
      {c && (
        <div className="mt-4 space-y-3 text-sm">
          <p>{t('teach.file.period', { start: c.startDate, end: c.endDate, name: c.teacherName })}</p>
          {c.confirmations.length > 0 && (
            <ul aria-label={t('teach.file.existing')} className="space-y-1">
              {c.confirmations.map((x) => (
                <li key={x.id} className="flex items-center gap-2">
                  <Badge tone={STATUS_TONE[x.status] ?? 'info'}>{t(`teach.file.kind.${x.kind}`)}</Badge>
                  {t('teach.file.existingLine', { n: x.lessonCount, hours: x.hours, id: x.approvalId })}
                </li>
              ))}
            </ul>
          )}
          <p role="status">
            {c.lessonCount > 0
              ? t('teach.file.toFile', {
                  kind: t(`teach.file.kind.${c.kind}`),
                  n: c.lessonCount,
                  hours: c.hours,
                })
              : t('teach.file.nothing')}
          </p>
          {problems.length > 0 && (
            <div role="alert" className="text-danger-600">
              <p>{t('teach.file.problems', { n: problems.length })}</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.slice(0, 10).map((l) => (
                  <li key={l.lessonId}>
                    {l.lessonDate} {l.time} {l.courseName} ·{' '}
                    {t(l.problem === 'unsigned' ? 'teach.file.unsigned' : 'teach.file.unconfirmed')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <TextField
            label={t('teach.file.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger-600">
          {error}
        </p>
      )}
    </Dialog>
  );
}
