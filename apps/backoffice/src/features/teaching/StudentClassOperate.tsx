// /financial/studentClassOperate: the sign sheet of a campus's day, for attendance operations:
// sign a booked student (a status, hours consumed by the status) or cancel a sign with its reason
// (the ledger gives the hours back exactly). Confirmed lessons are locked and offer neither.
import type { TSignRow } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import { shanghaiDate } from '@bo/domain';
import { defineListScreen } from '../../app/list';
import { sdk } from '../../app/sdk';
import { dialogSlot } from './dialogSlot';
import { campusField, dayField, needsFilters, teacherField } from './listParts';
import { CancelSignDialog, SignDialog, type SignTarget } from './SignDialogs';

const signing = dialogSlot<SignTarget>();
const cancelling = dialogSlot<SignTarget>();
const target = (r: TSignRow): SignTarget => ({
  lessonId: r.lessonId,
  studentId: r.studentId,
  studentName: r.studentName,
  attendanceId: r.attendanceId,
});

export default defineListScreen<TSignRow>({
  key: 'teachingSignSheet',
  what: (t) => t('teach.signRow'),
  rowId: (r) => String(r.lessonStudentId),
  rowName: (r) => `${r.studentName} ${r.startTime}`,
  filterDefaults: { date: shanghaiDate(new Date()) },
  searchFields: (t) => [
    campusField(t),
    dayField(t),
    teacherField(t),
    { kind: 'text', name: 'studentName', label: t('teach.studentName') },
  ],
  columns: (t) => [
    { id: 'time', header: t('teach.time'), fixed: true, value: (r) => `${r.startTime}–${r.endTime}` },
    { id: 'courseName', header: t('teach.course') },
    { id: 'teacherName', header: t('teach.teacher') },
    { id: 'studentName', header: t('teach.student') },
    { id: 'studentCode', header: t('teach.studentCode') },
    { id: 'hours', header: t('teach.hours'), align: 'right' },
    {
      id: 'attendance',
      header: t('teach.attendance'),
      value: (r) => (r.attendance ? t(`teach.status.${r.attendance}`) : t('teach.notSigned')),
      cell: (r) =>
        r.attendance ? (
          <Badge tone={r.attendance === 'leave' ? 'warning' : 'success'}>
            {t(`teach.status.${r.attendance}`)}
          </Badge>
        ) : (
          <Badge tone="neutral">{t('teach.notSigned')}</Badge>
        ),
    },
    { id: 'consumedHours', header: t('teach.consumedHours'), align: 'right' },
    {
      id: 'confirmed',
      header: t('teach.confirmState'),
      value: (r) => (r.confirmed ? t('teach.confirmed') : t('teach.unconfirmed')),
    },
  ],
  list: async ({ filters }) => {
    if (!filters.schoolItemCode || !filters.date) return [];
    const rows = await sdk.teaching.signList({
      query: {
        schoolItemCode: filters.schoolItemCode,
        date: filters.date,
        teacherCode: filters.teacherCode || undefined,
      },
    });
    const name = filters.studentName;
    return name ? rows.filter((r) => r.studentName.includes(name)) : rows;
  },
  notice: needsFilters('campusDay'),
  rowActions: (t) => [
    {
      key: 'sign',
      label: t('teach.sign'),
      hidden: (r) => r.confirmed || r.attendanceId !== null,
      onClick: (r) => signing.open(target(r)),
    },
    {
      key: 'cancelSign',
      label: t('teach.cancelSign'),
      danger: true,
      hidden: (r) => r.confirmed || r.attendanceId === null,
      onClick: (r) => cancelling.open(target(r)),
    },
  ],
  toolbar: () => (
    <>
      <signing.Host render={(v, close) => <SignDialog target={v} onClose={close} />} />
      <cancelling.Host render={(v, close) => <CancelSignDialog target={v} onClose={close} />} />
    </>
  ),
});
