import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const hrSyncHandlers: SliceHandlers<typeof contract.hrSync> = {
  status: async ({ deps }) => s.status(deps),
  organization: async ({ deps, user }) => s.syncOrganization(deps, user),
  employees: async ({ deps, user, ip }) => s.syncEmployees(deps, user, ip),
  payroll: async ({ deps, user, body }) => s.syncPayroll(deps, user, body),
  salarySync: async ({ deps, user, query }) => s.syncPayroll(deps, user, query),
};
