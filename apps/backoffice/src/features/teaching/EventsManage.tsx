// /education/eventsManage: holidays (close the days for scheduling; a weekly series skips them) and
// campus events (shown on the timetable only), of a campus or of every campus.
import { CalendarDayInput, type TCalendarDayRow } from '@bo/api-sdk';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { campusField, needsFilters, periodField, thisMonth } from './listParts';

export default defineListScreen<TCalendarDayRow, typeof CalendarDayInput>({
  key: 'teachingCalendar',
  what: (t) => t('teach.calendarDay'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  filterDefaults: thisMonth(),
  searchFields: (t) => [
    campusField(t),
    periodField(t),
    {
      kind: 'select',
      name: 'kind',
      label: t('teach.dayKind'),
      options: [
        { value: 'holiday', label: t('teach.dayKind.holiday') },
        { value: 'event', label: t('teach.dayKind.event') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'name', header: t('teach.dayName'), fixed: true },
    { id: 'kind', header: t('teach.dayKind'), value: (r) => t(`teach.dayKind.${r.kind}`) },
    { id: 'startDate', header: t('teach.from') },
    { id: 'endDate', header: t('teach.to') },
    {
      id: 'schoolItemCode',
      header: t('teach.campus'),
      value: (r) => r.schoolItemCode ?? t('teach.allCampuses'),
    },
    { id: 'remark', header: t('teach.remark') },
  ],
  list: async ({ filters }) =>
    filters.schoolItemCode && filters.from && filters.to
      ? sdk.teaching.holidayList({
          query: {
            schoolItemCode: filters.schoolItemCode,
            from: filters.from,
            to: filters.to,
            kind: filters.kind === 'holiday' || filters.kind === 'event' ? filters.kind : undefined,
          },
        })
      : [],
  notice: needsFilters('campusPeriod'),
  form: {
    schema: CalendarDayInput,
    defaults: (f) => ({ schoolItemCode: f.schoolItemCode || undefined, kind: 'holiday' }),
    toForm: (r) => ({ ...r, schoolItemCode: r.schoolItemCode ?? undefined }),
    fields: (t) => [
      {
        kind: 'select',
        name: 'kind',
        label: t('teach.dayKind'),
        options: [
          { value: 'holiday', label: t('teach.dayKind.holiday') },
          { value: 'event', label: t('teach.dayKind.event') },
        ],
      },
      { kind: 'text', name: 'name', label: t('teach.dayName') },
      { kind: 'date', name: 'startDate', label: t('teach.from') },
      { kind: 'date', name: 'endDate', label: t('teach.to') },
      { kind: 'textarea', name: 'remark', label: t('teach.remark'), wide: true },
    ],
    save: (body) => sdk.teaching.holidaySave({ body }),
  },
  remove: { call: (r) => sdk.teaching.holidayDelete({ params: { id: r.id } }) },
});
