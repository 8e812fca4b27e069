// Todo list and task centre (the menu badge of spec §6).
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv, signedIn, type Slice } from './define.js';
import { TimestampText } from './bounds.js';

const Ts = z.string().describe('ISO 8601 timestamp');
/** 0 open, 1 completed, 2 deleted. */
export const TodoStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));
export const TodoRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  dueAt: Ts.nullable(),
  clueId: z.number().int().nullable(),
  status: z.number().int(),
  overdue: z.boolean(),
  createdAt: Ts,
  completedAt: Ts.nullable(),
});
export type TTodoRow = z.infer<typeof TodoRow>;

/** A task of the task centre: an approval the user may decide, a follow-up due, or an open todo. */
export const TaskKind = z.enum(['approval', 'follow', 'todo']);
export const TaskRow = z.object({
  /** '<kind>:<record id>', e.g. 'todo:12', 'follow:34' (clue id), 'approval:5'. */
  id: z.string(),
  kind: TaskKind,
  title: z.string(),
  clueId: z.number().int().nullable(),
  dueAt: Ts.nullable(),
  overdue: z.boolean(),
  createdAt: Ts,
});

const TASKS = priv('/clues/taskCenter', '/workSurface/index');

export const tasks = {
  todoList: get('/todoList/getTodoList', {
    service: 'clue',
    summary: "The caller's own todos (default: open ones), due first.",
    access: signedIn,
    query: PageQuery.extend({ status: TodoStatus.optional() }),
    response: page(TodoRow),
  }),
  todoSummary: get('/todoList/getTodoListSummary', {
    service: 'clue',
    summary: "Counts of the caller's todos: open, due today, overdue, completed.",
    access: signedIn,
    response: z.object({
      open: z.number().int(),
      dueToday: z.number().int(),
      overdue: z.number().int(),
      completed: z.number().int(),
    }),
  }),
  addTodo: post('/todoList/addTodoList', {
    service: 'clue',
    summary: 'Add a todo for oneself.',
    access: signedIn,
    body: z.object({
      title: z.string().trim().min(1, '请填写待办事项 / the title is required').max(100),
      content: z.string().trim().max(1000).default(''),
      dueAt: TimestampText.nullable().optional(),
      clueId: z.number().int().nullable().optional(),
    }),
    response: TodoRow,
  }),
  markCompleted: post('/todoList/markCompleted', {
    service: 'clue',
    summary: 'Mark an own todo completed.',
    access: signedIn,
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: Ok,
  }),
  markDeleted: post('/todoList/markDeleted', {
    service: 'clue',
    summary: 'Delete an own todo.',
    access: signedIn,
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: Ok,
  }),
  taskCenterList: get('/clue/taskCenter/list', {
    service: 'clue',
    summary:
      "The caller's open tasks: approvals they may decide, follow-ups due today or earlier, open todos due today or earlier.",
    access: TASKS,
    query: PageQuery.extend({ kind: TaskKind.optional() }),
    response: page(TaskRow),
  }),
  menuCount: get('/clue/taskCenter/menuCount', {
    service: 'clue',
    summary: 'The number behind the task-centre badge: the count of /clue/taskCenter/list.',
    access: signedIn,
    response: z.object({ count: z.number().int() }),
  }),
  taskUpdateStatus: post('/clue/taskCenter/updateStatus', {
    service: 'clue',
    summary:
      'Close a task: a todo is completed, a follow-up reminder is dismissed (next visit cleared); approvals are decided, not closed (422).',
    access: TASKS,
    query: z.object({
      id: z
        .string()
        .trim()
        .regex(/^(todo|follow|approval):\d+$/, 'a task id such as todo:12'),
    }),
    response: Ok,
  }),
} satisfies Slice;
