// Scheduling a weekly series (or one lesson when the period is one day): a student's course on the
// one-to-one screen, a group class on the group screen, a trial or assessment on the appointment
// screen. "Preview conflicts" shows every day the series takes with what collides there, before
// anything is written; scheduling then takes all of it or nothing.
import type { TGroupClassRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import {
  Button,
  FormCheckGroup,
  FormDate,
  FormDialog,
  FormNumber,
  FormSelect,
  FormTime,
  useToast,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommandForm } from '../../app/form';
import { FormTeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  OneToOneForm,
  SeriesForm,
  WEEK_CODES,
  seriesBody,
  type SeriesTarget,
  type TSeriesForm,
} from './seriesForm';
import { ConflictPreviewTable } from './ConflictPreview';
import { FormRoomSelect } from './listParts';
import { WEEKDAY_KEYS } from './weekdays';
import { weekdayCodeOf } from './weekGrid';

type Preview = Awaited<ReturnType<typeof sdk.teaching.planInsertPreview>>;

export function SeriesDialog({
  campus,
  target,
  groupClass,
  defaults,
  onClose,
}: {
  campus: string;
  target: SeriesTarget;
  /** The class being scheduled (group target): its teacher and room are the defaults. */
  groupClass?: TGroupClassRow;
  /** Start values (a free slot of the appointment screen). */
  defaults?: Partial<TSeriesForm>;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: ['teaching', 'planOrders', campus],
    queryFn: () => sdk.teaching.planOrders({ query: { schoolItemCode: campus } }),
    enabled: target.kind !== 'group',
  });
  const start = defaults?.fromDate ?? shanghaiDate(new Date());
  const form = useCommandForm({
    schema: target.kind === 'group' ? SeriesForm : OneToOneForm,
    defaultValues: {
      pick: '',
      teacherCode: groupClass?.teacherCode ?? '',
      classroomId: groupClass?.classroomId ?? undefined,
      fromDate: start,
      toDate: start,
      weekdays: [weekdayCodeOf(start)],
      startTime: '09:00',
      endTime: '10:00',
      hours: 1,
      ...defaults,
    },
    onSubmit: (v) => sdk.teaching.planInsert({ body: seriesBody(v, campus, target) }),
    onDone: (r) => {
      toast.success(t('teach.scheduled', { n: r.lessonIds.length }));
      if (r.skipped.length) toast.info(t('teach.skipped', { days: r.skipped.map((s) => s.date).join(', ') }));
      onClose();
    },
  });
  const runPreview = form.rhf.handleSubmit(async (v) => {
    setPreviewError(null);
    try {
      setPreview(await sdk.teaching.planInsertPreview({ body: seriesBody(v, campus, target) }));
    } catch (e) {
      setPreview(null);
      setPreviewError(errorText(e));
    }
  });
  const bad = preview?.rows.filter((r) => r.conflicts.length).length ?? 0;
  const title =
    target.kind === 'group'
      ? t('teach.groupSeriesTitle', { name: groupClass?.name ?? '' })
      : target.kind === 'oneToOne'
        ? t('teach.seriesTitle')
        : t(`teach.kind.${target.kind}`);

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={title}
      size="xl"
      columns={2}
      submitText={t('teach.schedule')}
    >
      {target.kind !== 'group' && (
        <FormSelect
          form={form}
          name="pick"
          label={t('teach.studentCourse')}
          className="sm:col-span-2"
          placeholder={t('teach.pickStudent')}
          options={(orders.data ?? []).map((o) => ({
            value: `${o.studentId}|${o.courseCode}`,
            label: `${o.studentName}（${o.studentCode}）· ${o.courseName} · ${t('teach.bookable')} ${o.schedulableHours}`,
          }))}
        />
      )}
      <FormTeacherSelect form={form} name="teacherCode" label={t('teach.teacher')} />
      <FormRoomSelect
        form={form}
        name="classroomId"
        label={t('teach.room')}
        campus={campus}
        placeholder={t('teach.noRoom')}
      />
      <FormDate form={form} name="fromDate" label={t('teach.from')} />
      <FormDate form={form} name="toDate" label={t('teach.to')} />
      <FormCheckGroup
        form={form}
        name="weekdays"
        label={t('teach.weekdays')}
        className="sm:col-span-2"
        options={WEEK_CODES.map((c) => ({ value: c, label: t(WEEKDAY_KEYS[c - 1] ?? 'teach.wd.0') }))}
      />
      <FormTime form={form} name="startTime" label={t('teach.start')} />
      <FormTime form={form} name="endTime" label={t('teach.end')} />
      <FormNumber form={form} name="hours" label={t('teach.hours')} min={0.25} max={8} step={0.25} />
      <div className="flex items-end">
        <Button onClick={() => void runPreview()}>{t('teach.preview')}</Button>
      </div>
      {previewError && (
        <p role="alert" className="text-sm text-danger-600 sm:col-span-2">
          {previewError}
        </p>
      )}
      {preview && (
        <div className="sm:col-span-2">
          <p role="status" className={bad ? 'text-sm text-danger-600' : 'text-sm text-success-700'}>
            {bad
              ? t('teach.previewBad', { n: preview.rows.length, bad })
              : t('teach.previewOk', { n: preview.rows.length })}
            {preview.skipped.length > 0 &&
              ` · ${t('teach.skipped', { days: preview.skipped.map((s) => s.date).join(', ') })}`}
          </p>
          <ConflictPreviewTable
            className="mt-1 max-h-56"
            rows={preview.rows}
            rowKey={(r) => r.date}
            columns={[
              {
                label: t('teach.date'),
                nowrap: true,
                cell: (r) => `${r.date} ${t(WEEKDAY_KEYS[weekdayCodeOf(r.date) - 1] ?? 'teach.wd.0')}`,
              },
            ]}
          />
        </div>
      )}
    </FormDialog>
  );
}
