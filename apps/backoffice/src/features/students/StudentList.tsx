// /students/list: case files in the user's scope (filters in the URL, sorted by the server, export of
// the whole filtered result); row actions open the details, the edit form and the follow-up desk.
import { SHEETS, type TStudentRow } from '@bo/api-sdk';
import { Button } from '@bo/ui-kit';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { useHasAnyRole } from '../../app/permissions';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { sortQuery, studentColumns, studentSearch } from './columns';
import { detailPath, editPath } from './parts';

/** Roles the demo seed grants students.delete (the server decides; this only hides a button it would refuse). */
const DELETE_ROLES = [1, 72, 76];

export default function StudentList() {
  const t = useT();
  const navigate = useNavigate();
  const canDelete = useHasAnyRole(DELETE_ROLES);
  const def = useMemo<ListScreenDef<TStudentRow>>(
    () => ({
      key: 'students',
      what: (tt) => tt('stu.student'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.name,
      searchFields: (tt) => [
        ...studentSearch(tt),
        {
          kind: 'select',
          name: 'mine',
          label: tt('stu.mine'),
          options: [{ value: 'true', label: tt('stu.yes') }],
        },
      ],
      columns: studentColumns,
      serverSort: true,
      list: (a) => sdk.students.students({ query: { ...listQuery(a), ...sortQuery(a.sort) } }),
      // The export writes the import template's columns (the CLI imports students).
      exportSheet: SHEETS.students,
      rowActions: (tt) => [
        { key: 'open', label: tt('stu.open'), onClick: (r) => navigate(detailPath(r)) },
        { key: 'edit', label: tt('stu.edit'), onClick: (r) => navigate(editPath(r)) },
        {
          key: 'follow',
          label: tt('stu.follow.add'),
          onClick: (r) => navigate(`/students/followUp?add=${r.id}`),
        },
      ],
      remove: canDelete
        ? { call: (r) => sdk.students.delStudent({ body: { id: r.id, version: r.version } }) }
        : undefined,
      toolbar: (tt) => (
        <Button variant="primary" onClick={() => navigate('/students/createStudent')}>
          {tt('stu.newStudent')}
        </Button>
      ),
    }),
    [navigate, canDelete],
  );
  return (
    <ScreenFrame description={t('stu.list.desc')}>
      <ListScreenView def={def} />
    </ScreenFrame>
  );
}
