import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as svc from './service.js';

export const tasksHandlers: SliceHandlers<typeof contract.tasks> = {
  todoList: async ({ deps, user, query }) => svc.todoList(deps, user, query),
  todoSummary: async ({ deps, user }) => svc.todoSummary(deps, user),
  addTodo: async ({ deps, user, body }) => svc.addTodo(deps, user, body),
  markCompleted: async ({ deps, user, query }) => {
    await svc.markTodo(deps, user, query.id, 1, 'id');
    return true;
  },
  markDeleted: async ({ deps, user, query }) => {
    await svc.markTodo(deps, user, query.id, 2, 'id');
    return true;
  },
  taskCenterList: async ({ deps, user, query }) => svc.taskList(deps, user, query),
  menuCount: async ({ deps, user }) => svc.menuCount(deps, user),
  taskUpdateStatus: async ({ deps, user, query }) => {
    await svc.closeTask(deps, user, query.id);
    return true;
  },
};
