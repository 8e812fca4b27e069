// /education/educationOperate: the operations desk over every lesson of a campus and period, of any
// kind: move chosen lessons together (previewed, all or nothing) or cancel lessons nobody signed.
import type { TLessonRow } from '@bo/api-sdk';
import { LESSON_KINDS } from '@bo/api-sdk';
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

const batch = dialogSlot<{ campus: string; lessons: TLessonRow[] }>();
const cancellable = (l: TLessonRow) => !l.confirmed && !l.students.some((s) => s.attendance !== null);

export default defineListScreen<TLessonRow>({
  key: 'teachingOperations',
  what: (t) => t('teach.lessonRow'),
  rowId: (l) => String(l.id),
  rowName: (l) => `${l.lessonDate} ${l.startTime} ${l.courseName}`,
  filterDefaults: thisWeek(),
  searchFields: (t) => [
    campusField(t),
    periodField(t),
    teacherField(t),
    {
      kind: 'select',
      name: 'kind',
      label: t('teach.kind'),
      options: LESSON_KINDS.map((k) => ({ value: k, label: t(`teach.kind.${k}`) })),
    },
    { kind: 'text', name: 'studentName', label: t('teach.studentName') },
  ],
  columns: lessonColumns,
  list: async ({ filters }) =>
    byStudentName(
      (await lessonsOf(filters)).filter((l) => !filters.kind || l.kind === filters.kind),
      filters.studentName,
    ),
  notice: needsFilters('campusPeriod'),
  toolbar: (_t, h) => (
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
  ),
  bulkActions: (t, h) => [
    {
      key: 'batchAdjust',
      label: t('teach.batchAdjust'),
      onClick: (rows) => batch.open({ campus: h.filters.schoolItemCode ?? '', lessons: rows }),
    },
    {
      key: 'cancel',
      label: t('teach.cancelLesson'),
      danger: true,
      confirm: t('teach.cancelLessonConfirm'),
      onClick: async (rows) => {
        // One at a time: each is its own command with its own version check.
        for (const l of rows.filter(cancellable))
          await sdk.teaching.planCancel({ body: { id: l.id, version: l.version } });
        await h.refresh();
      },
    },
  ],
});
