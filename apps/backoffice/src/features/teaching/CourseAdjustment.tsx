// /education/courseAdjustment: a campus's one-to-one lessons of a period. "Schedule" places a
// weekly series for a student's course with a preview of every conflict; chosen lessons are moved
// together (batch adjust, previewed, all or nothing); a lesson nobody signed can be cancelled.
import type { TLessonRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { Button } from '@bo/ui-kit';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { BatchAdjustDialog } from './BatchAdjustDialog';
import { dialogSlot } from './dialogSlot';
import {
  byStudentName,
  campusField,
  lessonColumns,
  lessonsOf,
  needsFilters,
  periodField,
  teacherField,
  thisWeek,
} from './listParts';
import { ScheduleDialog } from './ScheduleDialog';

const series = dialogSlot<{ campus: string; teacherCode?: string; date: string }>();
const batch = dialogSlot<{ campus: string; lessons: TLessonRow[] }>();

/** The form's first day: the period's start, unless it is past (then today). */
function firstDay(from: string | undefined): string {
  const today = shanghaiDate(new Date());
  return from && from > today ? from : today;
}

export default defineListScreen<TLessonRow>({
  key: 'teachingOneToOne',
  what: (t) => t('teach.lessonRow'),
  rowId: (l) => String(l.id),
  rowName: (l) => `${l.lessonDate} ${l.startTime} ${l.courseName}`,
  filterDefaults: thisWeek(),
  searchFields: (t) => [
    campusField(t),
    periodField(t),
    teacherField(t),
    { kind: 'text', name: 'studentName', label: t('teach.studentName') },
  ],
  columns: lessonColumns,
  list: async ({ filters }) =>
    byStudentName(
      (await lessonsOf(filters)).filter((l) => l.kind === 'oneToOne'),
      filters.studentName,
    ),
  notice: needsFilters('campusPeriod'),
  toolbar: (t, h) => (
    <>
      <Button
        variant="primary"
        disabled={!h.filters.schoolItemCode}
        onClick={() =>
          series.open({
            campus: h.filters.schoolItemCode ?? '',
            teacherCode: h.filters.teacherCode || undefined,
            date: firstDay(h.filters.from),
          })
        }
      >
        {t('teach.schedule')}
      </Button>
      <series.Host
        render={(v, close) => (
          <ScheduleDialog
            campus={v.campus}
            kinds={['oneToOne']}
            prefill={{ kind: 'oneToOne', teacherCode: v.teacherCode, date: v.date }}
            onClose={() => {
              close();
              void h.refresh();
            }}
          />
        )}
      />
      <batch.Host
        render={(v, close) => (
          <BatchAdjustDialog
            campus={v.campus}
            lessons={v.lessons}
            onClose={() => {
              close();
              void h.refresh();
            }}
          />
        )}
      />
    </>
  ),
  bulkActions: (t, h) => [
    {
      key: 'batchAdjust',
      label: t('teach.batchAdjust'),
      onClick: (rows) => batch.open({ campus: h.filters.schoolItemCode ?? '', lessons: rows }),
    },
  ],
  rowActions: (t, h) => [
    {
      key: 'cancel',
      label: t('teach.cancelLesson'),
      danger: true,
      confirm: t('teach.cancelLessonConfirm'),
      hidden: (l) => l.confirmed || l.students.some((s) => s.attendance !== null),
      onClick: async (l) => {
        await sdk.teaching.planCancel({ body: { id: l.id, version: l.version } });
        await h.refresh();
      },
    },
  ],
});
