import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as c from './confirmed.js';
import * as q from './queries.js';
import * as s from './service.js';

export const classHoursHandlers: SliceHandlers<typeof contract.classHours> = {
  check: async ({ deps, user, query }) => s.checkPeriod(deps, user, query),
  submit: async ({ deps, user, body }) => s.submit(deps, user, body),
  list: async ({ deps, user, query }) => q.confirmationPage(deps, user, query),
  detail: async ({ deps, user, params }) => q.confirmationDetail(deps, user, params.id),
  confirmedPage: async ({ deps, user, query }) => c.confirmedPage(deps, user, query),
  confirmedExport: async ({ deps, user, query }) => c.confirmedExport(deps, user, query),
};
