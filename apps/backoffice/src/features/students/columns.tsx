// The case-file columns and filters the student lists share (case files, renewal, advisers).
import type { TStudentRow } from '@bo/api-sdk';
import type { ListColumn, SearchField } from '@bo/ui-kit';
import { Link } from 'react-router';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import type { TFunction } from '../../i18n';
import {
  ageText,
  DateTimeCell,
  detailPath,
  genderText,
  StatusBadge,
  statusOptions,
  statusText,
} from './parts';

export function StudentLink({ row }: { row: Pick<TStudentRow, 'code' | 'name'> }) {
  return (
    <Link className="text-brand-600 hover:underline" to={detailPath(row)} state={{ name: row.name }}>
      {row.name}
    </Link>
  );
}

export function studentSearch(t: TFunction, o: { status?: boolean } = {}): SearchField[] {
  return [
    { kind: 'text', name: 'keyword', label: t('stu.keyword'), placeholder: t('stu.keywordPlaceholder') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('stu.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    ...(o.status === false
      ? []
      : [{ kind: 'select' as const, name: 'status', label: t('stu.status'), options: statusOptions(t) }]),
    {
      kind: 'select',
      name: 'insurance',
      label: t('stu.insurance'),
      options: [
        { value: 'true', label: t('stu.yes') },
        { value: 'false', label: t('stu.no') },
      ],
    },
  ];
}

export function studentColumns(t: TFunction): ListColumn<TStudentRow>[] {
  return [
    { id: 'code', header: t('stu.code'), sortable: true },
    { id: 'name', header: t('stu.name'), fixed: true, sortable: true, cell: (r) => <StudentLink row={r} /> },
    { id: 'gender', header: t('stu.gender'), value: (r) => genderText(t, r.gender) },
    { id: 'ageMonths', header: t('stu.age'), value: (r) => ageText(t, r.ageMonths) },
    { id: 'parentName', header: t('stu.parentName') },
    { id: 'phone', header: t('stu.phone') },
    { id: 'schoolItemName', header: t('stu.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
    { id: 'adviserName', header: t('stu.adviser'), value: (r) => r.adviserName ?? t('stu.noAdviser') },
    { id: 'diagnosis', header: t('stu.diagnosis'), defaultHidden: true },
    {
      id: 'status',
      header: t('stu.status'),
      value: (r) => statusText(t, r.status),
      cell: (r) => <StatusBadge status={r.status} />,
    },
    {
      id: 'lastFollowAt',
      header: t('stu.lastFollowAt'),
      sortable: true,
      cell: (r) => <DateTimeCell iso={r.lastFollowAt} />,
    },
    { id: 'followCount', header: t('stu.followCount'), align: 'right', defaultHidden: true },
    { id: 'remainingHours', header: t('stu.life.remaining'), align: 'right', defaultHidden: true },
    { id: 'serviceEndDate', header: t('stu.serviceEndDate'), sortable: true, defaultHidden: true },
    {
      id: 'createdAt',
      header: t('stu.createdAt'),
      sortable: true,
      cell: (r) => <DateTimeCell iso={r.createdAt} />,
    },
  ];
}

/** The list query of the students endpoint from the kit's args (sort by the column chosen). */
export function sortQuery(sort: { id: string; desc: boolean } | null) {
  const allowed = ['createdAt', 'name', 'code', 'serviceEndDate', 'lastFollowAt'] as const;
  const id = allowed.find((a) => a === sort?.id);
  return id ? { sort: id, order: sort?.desc ? ('desc' as const) : ('asc' as const) } : {};
}
