// /education/assessTask: group-class assessment tasks across classes — a teacher's own (the server
// answers only the tasks they assess), a planner's or campus head's every task of their campuses:
// filters in the URL (campus, class, assessor, state, due days), pending first, export of the whole
// filtered result. A row opens the task: its members, recording results, and (planners) cancelling.
import { ASSESS_TASK_STATES, type TAssessTaskRow, type TAssessTaskState } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, TeacherSelect } from '../../app/masterSelectors';
import { useHolds } from '../../app/permissions';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { TaskDialog } from './AssessTasksDialog';
import { campusField } from './listParts';

const TONE: Record<TAssessTaskState, 'warning' | 'success' | 'neutral'> = {
  pending: 'warning',
  done: 'success',
  cancelled: 'neutral',
};

export default function AssessTask() {
  const t = useT();
  const [params] = useSearchParams();
  const campus = params.get('schoolItemCode') ?? '';
  const canCancel = useHolds('/education/teamCourse');
  const [opened, setOpened] = useState<TAssessTaskRow | null>(null);
  const classes = useQuery({
    queryKey: ['teaching', 'classPage', campus, 'taskFilter'],
    queryFn: () => sdk.teaching.classPage({ query: { schoolItemCode: campus, pageSize: 500 } }),
    enabled: campus !== '',
  });
  const classOptions = useMemo(
    () => (campus ? (classes.data?.list ?? []) : []).map((c) => ({ value: String(c.id), label: c.name })),
    [campus, classes.data],
  );
  const def = useMemo<ListScreenDef<TAssessTaskRow>>(
    () => ({
      key: 'teachingAssessTasks',
      what: (tt) => tt('teach.task.row'),
      rowId: (r) => String(r.id),
      rowName: (r) => `${r.className} ${r.scaleName}`,
      searchFields: (tt) => [
        campusField(tt),
        { kind: 'select', name: 'classId', label: tt('teach.task.class'), options: classOptions },
        {
          kind: 'custom',
          name: 'assessorCode',
          label: tt('teach.asm.assessor'),
          render: asSearchField(TeacherSelect),
        },
        {
          kind: 'select',
          name: 'state',
          label: tt('teach.task.state'),
          options: ASSESS_TASK_STATES.map((s) => ({ value: s, label: tt(`teach.task.state.${s}`) })),
        },
        { kind: 'dateRange', name: 'due', label: tt('teach.task.due'), startName: 'from', endName: 'to' },
      ],
      columns: (tt) => [
        { id: 'className', header: tt('teach.task.class'), fixed: true },
        { id: 'scaleName', header: tt('teach.asm.scale') },
        { id: 'schoolItemName', header: tt('teach.task.campusName') },
        { id: 'assessorName', header: tt('teach.asm.assessor') },
        { id: 'dueDate', header: tt('teach.task.due') },
        {
          id: 'progress',
          header: tt('teach.task.progress'),
          value: (r) => tt('teach.task.doneOf', { done: r.doneCount, all: r.memberCount }),
          exportValue: (r) => `${r.doneCount}/${r.memberCount}`,
        },
        {
          id: 'state',
          header: tt('teach.task.state'),
          cell: (r) => <Badge tone={TONE[r.state]}>{tt(`teach.task.state.${r.state}`)}</Badge>,
          exportValue: (r) => tt(`teach.task.state.${r.state}`),
        },
        { id: 'cancelReason', header: tt('teach.task.cancelReason') },
      ],
      list: (a) => sdk.teaching.assessTaskList({ query: listQuery(a) }),
      rowActions: (tt) => [{ key: 'open', label: tt('teach.task.open'), onClick: (r) => setOpened(r) }],
    }),
    [classOptions],
  );
  return (
    <ScreenFrame description={t('teach.task.desc')}>
      <ListScreenView def={def} />
      {opened && (
        <TaskDialog
          id={opened.id}
          title={`${opened.className} · ${opened.scaleName}`}
          canCancel={canCancel}
          onClose={() => setOpened(null)}
        />
      )}
    </ScreenFrame>
  );
}
