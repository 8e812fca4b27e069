// /clues/taskCenter: the open tasks (/clue/taskCenter/list: approvals, follow-ups due, todos due)
// and the todo list. Any change refreshes every query, the menu badge (menuCount) included.
import { Badge, Tabs } from '@bo/ui-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, DateTimeCell } from './common';
import { formatDateTime } from './logic';
import { todosDef } from './Todos';
import type { TTaskRow } from './types';

type Task = TTaskRow;

const KIND_TONE = { approval: 'warning', follow: 'blue', todo: 'grey' } as const;

function tasksDef(open: (clueId: number) => void): ListScreenDef<Task> {
  return {
    key: 'tasks',
    what: (t) => t('task.task'),
    rowId: (r) => r.id,
    rowName: (r) => r.title,
    searchFields: (t) => [
      {
        kind: 'select',
        name: 'kind',
        label: t('task.kind'),
        options: (['approval', 'follow', 'todo'] as const).map((k) => ({
          value: k,
          label: t(`task.kind.${k}`),
        })),
      },
    ],
    columns: (t) => [
      {
        id: 'kind',
        header: t('task.kind'),
        value: (r) => t(`task.kind.${r.kind}`),
        cell: (r) => <Badge tone={KIND_TONE[r.kind]}>{t(`task.kind.${r.kind}`)}</Badge>,
      },
      { id: 'title', header: t('task.title'), fixed: true },
      {
        id: 'dueAt',
        header: t('task.dueAt'),
        exportValue: (r) => formatDateTime(r.dueAt),
        cell: (r) => (
          <span className="inline-flex items-center gap-1.5">
            <DateTimeCell iso={r.dueAt} />
            {r.overdue && <Badge tone="danger">{t('task.overdue')}</Badge>}
          </span>
        ),
      },
      {
        id: 'createdAt',
        header: t('clue.createdAt'),
        exportValue: (r) => formatDateTime(r.createdAt),
        cell: (r) => <DateTimeCell iso={r.createdAt} />,
      },
    ],
    list: (a) => sdk.tasks.taskCenterList({ query: listQuery(a) }),
    rowActions: (t, h) => [
      {
        key: 'open',
        label: t('task.openClue'),
        hidden: (r) => r.clueId === null,
        onClick: (r) => {
          if (r.clueId !== null) open(r.clueId);
        },
      },
      {
        key: 'done',
        label: (r) => (r.kind === 'follow' ? t('task.dismiss') : t('task.complete')),
        hidden: (r) => r.kind === 'approval',
        onClick: async (r) => {
          await sdk.tasks.taskUpdateStatus({ query: { id: r.id } });
          await h.refresh();
        },
      },
    ],
  };
}

export default function TaskCenter() {
  const t = useT();
  const navigate = useNavigate();
  const [def] = useState(() => tasksDef((clueId) => void navigate(`/clues/clueDetail?id=${clueId}`)));
  const [tab, setTab] = useState('tasks');
  return (
    <ClueFrame description={t('task.desc')}>
      <Tabs
        value={tab}
        onChange={setTab}
        items={[
          {
            key: 'tasks',
            label: t('task.tasks'),
            content: (
              <div className="pt-3">
                <ListScreenView def={def} paramPrefix="tasks" />
              </div>
            ),
          },
          {
            key: 'todos',
            label: t('task.todos'),
            content: (
              <div className="pt-3">
                <ListScreenView def={todosDef} paramPrefix="todos" />
              </div>
            ),
          },
        ]}
      />
    </ClueFrame>
  );
}
