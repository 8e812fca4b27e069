// /education/classroomManage: a campus's classrooms and their capacity (a lesson never holds more
// students than its room); an invalid room takes no new lesson.
import { ClassroomInput, type TClassroomRow } from '@bo/api-sdk';
import { defineListScreen, statusOptions } from '../../app/list';
import { sdk } from '../../app/sdk';
import { campusField, needsFilters } from './listParts';

export default defineListScreen<TClassroomRow, typeof ClassroomInput>({
  key: 'teachingClassrooms',
  what: (t) => t('teach.classroom'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    campusField(t),
    { kind: 'select', name: 'validStatus', label: t('teach.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'name', header: t('teach.roomName'), fixed: true },
    { id: 'capacity', header: t('teach.capacity'), align: 'right' },
    { id: 'remark', header: t('teach.remark') },
  ],
  list: async ({ filters }) =>
    filters.schoolItemCode
      ? sdk.teaching.classroomList({
          query: {
            schoolItemCode: filters.schoolItemCode,
            validStatus: filters.validStatus ? Number(filters.validStatus) : undefined,
          },
        })
      : [],
  notice: needsFilters('campus'),
  form: {
    schema: ClassroomInput,
    defaults: (f) => ({ schoolItemCode: f.schoolItemCode ?? '', capacity: 6 }),
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('teach.roomName') },
      { kind: 'number', name: 'capacity', label: t('teach.capacity'), min: 1, max: 200 },
      { kind: 'textarea', name: 'remark', label: t('teach.remark'), wide: true },
    ],
    save: (body) => sdk.teaching.classroomSave({ body }),
  },
  status: {
    isOn: (r) => r.validStatus === 1,
    set: (r, on) =>
      sdk.teaching.classroomStatus({ body: { id: r.id, version: r.version, validStatus: on ? 1 : 0 } }),
  },
});
