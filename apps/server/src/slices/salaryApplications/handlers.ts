import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const salaryApplicationsHandlers: SliceHandlers<typeof contract.salaryApplications> = {
  campuses: async ({ deps, user, query }) => s.campusRows(deps, user, query),
  apply: async ({ deps, user, body }) => s.apply(deps, user, body),
  list: async ({ deps, user, query }) => s.applicationPage(deps, user, query),
  detail: async ({ deps, user, params }) => s.applicationDetail(deps, user, params.id),
};
