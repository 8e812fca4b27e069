// /education/appointmentClass: booking a trial or assessment lesson in a teacher's free time span of
// a day. The rows are the campus's valid time spans; a span the teacher already teaches in is busy.
import type { TTimeSpanRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { Badge } from '@bo/ui-kit';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { dialogSlot } from './dialogSlot';
import { campusField, dayField, teacherField } from './listParts';
import { ScheduleDialog } from './ScheduleDialog';
import { toMinute } from './weekGrid';

type Slot = TTimeSpanRow & { date: string; teacherCode: string; busy: boolean };
const booking = dialogSlot<{ slot: Slot; kind: 'trial' | 'assessment' }>();

export default defineListScreen<Slot>({
  key: 'teachingAppointments',
  what: (t) => t('teach.slot'),
  rowId: (s) => String(s.id),
  rowName: (s) => `${s.date} ${s.startTime}`,
  filterDefaults: { date: shanghaiDate(new Date()) },
  searchFields: (t) => [campusField(t), teacherField(t, { self: true }), dayField(t)],
  columns: (t) => [
    { id: 'name', header: t('teach.slot'), fixed: true },
    { id: 'time', header: t('teach.time'), value: (s) => `${s.startTime}–${s.endTime}` },
    { id: 'bandType', header: t('teach.band'), value: (s) => t(`teach.band.${s.bandType as 1 | 2 | 3 | 4}`) },
    {
      id: 'busy',
      header: t('teach.slotState'),
      value: (s) => (s.busy ? t('teach.busy') : t('teach.free')),
      cell: (s) =>
        s.busy ? (
          <Badge tone="warning">{t('teach.busy')}</Badge>
        ) : (
          <Badge tone="success">{t('teach.free')}</Badge>
        ),
    },
  ],
  list: async ({ filters }) => {
    const { schoolItemCode, teacherCode, date } = filters;
    if (!schoolItemCode || !teacherCode || !date) return [];
    const [spans, lessons] = await Promise.all([
      sdk.teaching.timeSpanList({ query: { schoolItemCode, validStatus: 1 } }),
      sdk.teaching.planList({ query: { schoolItemCode, from: date, to: date, teacherCode } }),
    ]);
    return spans
      .map((s) => ({
        ...s,
        date,
        teacherCode,
        busy: lessons.some(
          (l) => toMinute(l.startTime) < toMinute(s.endTime) && toMinute(l.endTime) > toMinute(s.startTime),
        ),
      }))
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
  },
  notice: (t) => <p className="px-1 pb-2 text-sm text-muted">{t('teach.pickTeacherFirst')}</p>,
  rowActions: (t) =>
    (['trial', 'assessment'] as const).map((kind) => ({
      key: kind,
      label: `${t('teach.book')}${t(`teach.kind.${kind}`)}`,
      hidden: (s: Slot) => s.busy,
      onClick: (s: Slot) => booking.open({ slot: s, kind }),
    })),
  toolbar: () => (
    <booking.Host
      render={({ slot, kind }, close) => (
        <ScheduleDialog
          campus={slot.schoolItemCode}
          kinds={[kind]}
          prefill={{
            kind,
            date: slot.date,
            startTime: slot.startTime,
            endTime: slot.endTime,
            teacherCode: slot.teacherCode,
          }}
          onClose={close}
        />
      )}
    />
  ),
});
