import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const snapshotsHandlers: SliceHandlers<typeof contract.snapshots> = {
  periods: async ({ deps, user, query }) => s.periods(deps, user, query),
  list: async ({ deps, user, query }) => s.list(deps, user, query),
  diff: async ({ deps, user, query }) => s.diff(deps, user, query),
};
