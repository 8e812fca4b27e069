// The caller's todo list (/todoList/*): add, complete, delete. Used by the task centre and the workbench.
import type { TTodoRow } from './types';
import { Badge } from '@bo/ui-kit';
import { z } from 'zod';
import { listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { DateTimeCell } from './common';
import { formatDateTime, localInputToIso } from './logic';

export const TodoForm = z.object({
  title: z.string().trim().min(1, '请填写待办事项 / the title is required').max(100),
  content: z.string().trim().max(1000).default(''),
  dueAt: z.string().optional(),
});

export const todosDef: ListScreenDef<TTodoRow, typeof TodoForm> = {
  key: 'todos',
  what: (t) => t('task.todo'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.title,
  filterDefaults: { status: '0' },
  searchFields: (t) => [
    {
      kind: 'select',
      name: 'status',
      label: t('task.todoStatus'),
      options: [
        { value: '0', label: t('task.open') },
        { value: '1', label: t('task.completed') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'title', header: t('task.title'), fixed: true },
    { id: 'content', header: t('task.content') },
    {
      id: 'dueAt',
      header: t('task.dueAt'),
      exportValue: (r) => formatDateTime(r.dueAt),
      cell: (r) => (
        <span className="inline-flex items-center gap-1.5">
          <DateTimeCell iso={r.dueAt} />
          {r.overdue && r.status === 0 && <Badge tone="danger">{t('task.overdue')}</Badge>}
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
  list: (a) => sdk.tasks.todoList({ query: listQuery(a) }),
  exportable: false,
  form: {
    schema: TodoForm,
    defaults: { title: '', content: '', dueAt: '' },
    fields: (t) => [
      { kind: 'text', name: 'title', label: t('task.title'), required: true, maxLength: 100, wide: true },
      {
        kind: 'custom',
        name: 'dueAt',
        label: t('task.dueAt'),
        render: (f) => (
          <label className="block text-xs font-medium text-ink-2" htmlFor={f.id}>
            {f.label}
            <input
              id={f.id}
              type="datetime-local"
              className="mt-1 block h-control w-full rounded-md border border-line px-2 text-sm"
              value={String(f.value ?? '')}
              onChange={(e) => f.onChange(e.target.value)}
            />
          </label>
        ),
      },
      { kind: 'textarea', name: 'content', label: t('task.content'), maxLength: 1000 },
    ],
    save: (v) =>
      sdk.tasks.addTodo({
        body: { title: v.title, content: v.content, dueAt: v.dueAt ? localInputToIso(v.dueAt) : null },
      }),
    canEdit: () => false,
  },
  rowActions: (t, h) => [
    {
      key: 'complete',
      label: t('task.complete'),
      hidden: (r) => r.status !== 0,
      onClick: async (r) => {
        await sdk.tasks.markCompleted({ query: { id: r.id } });
        await h.refresh();
      },
    },
  ],
  remove: { call: (r) => sdk.tasks.markDeleted({ query: { id: r.id } }) },
};
