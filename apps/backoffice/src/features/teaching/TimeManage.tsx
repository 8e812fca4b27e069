// /education/timeManage: a campus's lesson time spans by §9 band (spans of one band never overlap);
// an invalid span is kept but offered no more.
import { BAND_TYPES, TimeSpanInput, type TTimeSpanRow } from '@bo/api-sdk';
import { defineListScreen, statusOptions } from '../../app/list';
import { sdk } from '../../app/sdk';
import { campusField, needsFilters, timeField } from './listParts';

export default defineListScreen<TTimeSpanRow, typeof TimeSpanInput>({
  key: 'teachingTimeSpans',
  what: (t) => t('teach.timeSpan'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    campusField(t),
    { kind: 'select', name: 'validStatus', label: t('teach.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'name', header: t('teach.spanName'), fixed: true },
    { id: 'bandType', header: t('teach.band'), value: (r) => t(`teach.band.${r.bandType as 1 | 2 | 3 | 4}`) },
    { id: 'startTime', header: t('teach.start') },
    { id: 'endTime', header: t('teach.end') },
    { id: 'sort', header: t('teach.sort'), align: 'right' },
  ],
  list: async ({ filters }) =>
    filters.schoolItemCode
      ? sdk.teaching.timeSpanList({
          query: {
            schoolItemCode: filters.schoolItemCode,
            validStatus: filters.validStatus ? Number(filters.validStatus) : undefined,
          },
        })
      : [],
  notice: needsFilters('campus'),
  form: {
    schema: TimeSpanInput,
    defaults: (f) => ({ schoolItemCode: f.schoolItemCode ?? '', bandType: 1, sort: 0 }),
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('teach.spanName') },
      {
        kind: 'select',
        name: 'bandType',
        label: t('teach.band'),
        options: BAND_TYPES.map((b) => ({ value: b, label: t(`teach.band.${b}`) })),
      },
      timeField('startTime', t('teach.start')),
      timeField('endTime', t('teach.end')),
      { kind: 'number', name: 'sort', label: t('teach.sort'), min: 0 },
    ],
    save: (body) => sdk.teaching.timeSpanSave({ body }),
  },
  status: {
    isOn: (r) => r.validStatus === 1,
    set: (r, on) =>
      sdk.teaching.timeSpanStatus({ body: { id: r.id, version: r.version, validStatus: on ? 1 : 0 } }),
  },
});
