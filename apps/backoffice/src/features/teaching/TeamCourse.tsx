// /education/teamCourse: a campus's group classes (course, teacher, room, capacity), their members,
// their weekly series (scheduled with a preview of every conflict, like one-to-one lessons) and
// their assessment tasks.
import { GroupClassInput, type TGroupClassRow } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import { defineListScreen, listQuery } from '../../app/list';
import { asFormField, CourseSelect, TeacherSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { AssessTasksDialog } from './AssessTasksDialog';
import { dialogSlot } from './dialogSlot';
import { campusField, needsFilters, roomField } from './listParts';
import { MembersDialog } from './MembersDialog';
import { ScheduleDialog } from './ScheduleDialog';

const members = dialogSlot<TGroupClassRow>();
const series = dialogSlot<TGroupClassRow>();
const tasks = dialogSlot<TGroupClassRow>();

export default defineListScreen<TGroupClassRow, typeof GroupClassInput>({
  key: 'teachingClasses',
  what: (t) => t('teach.groupClass'),
  rowId: (c) => String(c.id),
  rowName: (c) => c.name,
  searchFields: (t) => [
    campusField(t),
    { kind: 'text', name: 'name', label: t('teach.className') },
    {
      kind: 'select',
      name: 'status',
      label: t('teach.status'),
      options: [
        { value: '1', label: t('teach.active') },
        { value: '0', label: t('teach.closed') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'name', header: t('teach.className'), fixed: true },
    { id: 'courseName', header: t('teach.course') },
    { id: 'teacherName', header: t('teach.teacher') },
    { id: 'classroomName', header: t('teach.room') },
    {
      id: 'studentCount',
      header: t('teach.studentCount'),
      align: 'right',
      value: (c) => `${c.studentCount}/${c.capacity}`,
    },
    {
      id: 'status',
      header: t('teach.status'),
      value: (c) => (c.status === 1 ? t('teach.active') : t('teach.closed')),
      cell: (c) => (
        <Badge tone={c.status === 1 ? 'success' : 'neutral'}>
          {c.status === 1 ? t('teach.active') : t('teach.closed')}
        </Badge>
      ),
    },
    { id: 'remark', header: t('teach.remark'), defaultHidden: true },
  ],
  list: async (a) =>
    a.filters.schoolItemCode ? sdk.teaching.classPage({ query: listQuery(a) }) : { list: [], total: 0 },
  notice: needsFilters('campus'),
  form: {
    schema: GroupClassInput,
    defaults: (f) => ({ schoolItemCode: f.schoolItemCode ?? '', capacity: 6 }),
    toForm: (c) => ({
      id: c.id,
      version: c.version,
      schoolItemCode: c.schoolItemCode,
      name: c.name,
      courseCode: c.courseCode,
      teacherCode: c.teacherCode,
      classroomId: c.classroomId ?? undefined,
      capacity: c.capacity,
      remark: c.remark,
    }),
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('teach.className') },
      { kind: 'custom', name: 'courseCode', label: t('teach.course'), render: asFormField(CourseSelect) },
      { kind: 'custom', name: 'teacherCode', label: t('teach.teacher'), render: asFormField(TeacherSelect) },
      roomField('classroomId', t('teach.room'), t('teach.noRoom')),
      { kind: 'number', name: 'capacity', label: t('teach.capacity'), min: 1, max: 100 },
      { kind: 'textarea', name: 'remark', label: t('teach.remark'), wide: true },
    ],
    save: (body) => sdk.teaching.classSave({ body }),
  },
  rowActions: (t) => [
    { key: 'members', label: t('teach.members'), onClick: (c) => members.open(c) },
    {
      key: 'series',
      label: t('teach.schedule'),
      hidden: (c) => c.status !== 1,
      onClick: (c) => series.open(c),
    },
    { key: 'tasks', label: t('teach.tasks'), onClick: (c) => tasks.open(c) },
  ],
  toolbar: () => (
    <>
      <members.Host render={(c, close) => <MembersDialog cls={c} onClose={close} />} />
      <tasks.Host render={(c, close) => <AssessTasksDialog cls={c} onClose={close} />} />
      <series.Host
        render={(c, close) => (
          <ScheduleDialog
            campus={c.schoolItemCode}
            kinds={['group']}
            prefill={{ kind: 'group', classId: c.id, teacherCode: c.teacherCode }}
            onClose={close}
          />
        )}
      />
    </>
  ),
});
