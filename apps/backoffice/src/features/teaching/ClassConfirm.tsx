// /education/classConfirm: a teacher confirms the lessons they gave in a period (every booked
// student signed, the day not in the future); a confirmed lesson is locked and payroll reads it.
// Someone without the planner screens sees only their own lessons.
import type { TLessonRow } from '@bo/api-sdk';
import { Button } from '@bo/ui-kit';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { dialogSlot } from './dialogSlot';
import { FileMonthDialog } from './FileMonthDialog';
import {
  campusField,
  lessonColumns,
  lessonsOf,
  needsFilters,
  periodField,
  teacherField,
  thisMonth,
} from './listParts';

const confirm = async (ids: number[]) => sdk.teaching.planConfirm({ body: { ids } });
const filing = dialogSlot<{ campus: string; teacher: string; month: string }>();

export default defineListScreen<TLessonRow>({
  key: 'teachingConfirm',
  what: (t) => t('teach.lessonRow'),
  rowId: (l) => String(l.id),
  rowName: (l) => `${l.lessonDate} ${l.startTime} ${l.courseName}`,
  // The month (what 提交月度课时确认 files), its lessons still to confirm.
  filterDefaults: { ...thisMonth(), confirmed: 'no' },
  searchFields: (t) => [
    campusField(t),
    periodField(t),
    teacherField(t),
    {
      kind: 'select',
      name: 'confirmed',
      label: t('teach.confirmState'),
      options: [
        { value: 'no', label: t('teach.unconfirmed') },
        { value: 'yes', label: t('teach.confirmed') },
      ],
    },
  ],
  columns: lessonColumns,
  list: ({ filters }) =>
    lessonsOf(filters, {
      confirmed: filters.confirmed === 'yes' || filters.confirmed === 'no' ? filters.confirmed : undefined,
      mine: 'yes',
    }),
  notice: needsFilters('campusPeriod'),
  // The month's confirmed lessons filed for approval: the original confirmation, or a supplementary
  // one for lessons confirmed after it (payroll pays only what a passed confirmation covers).
  toolbar: (t, h) => (
    <>
      <Button
        disabled={!h.filters.schoolItemCode}
        onClick={() =>
          filing.open({
            campus: h.filters.schoolItemCode ?? '',
            teacher: h.filters.teacherCode ?? '',
            month: (h.filters.from ?? '').slice(0, 7),
          })
        }
      >
        {t('teach.file.open')}
      </Button>
      <filing.Host
        render={(v, close) => (
          <FileMonthDialog
            campus={v.campus}
            teacher={v.teacher}
            month={v.month}
            onClose={() => {
              close();
              void h.refresh();
            }}
          />
        )}
      />
    </>
  ),
  rowActions: (t, h) => [
    {
      key: 'confirm',
      label: t('teach.confirm'),
      hidden: (l) => l.confirmed,
      confirm: t('teach.confirmAsk'),
      onClick: async (l) => {
        await confirm([l.id]);
        await h.refresh();
      },
    },
  ],
  bulkActions: (t, h) => [
    {
      key: 'confirm',
      label: t('teach.confirmN'),
      confirm: t('teach.confirmAsk'),
      onClick: async (rows) => {
        await confirm(rows.filter((l) => !l.confirmed).map((l) => l.id));
        await h.refresh();
      },
    },
  ],
});
