import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const trainingHandlers: SliceHandlers<typeof contract.training> = {
  list: async ({ deps, user, query }) => s.list(deps, user, query),
  save: async ({ deps, user, body, ip }) => s.save(deps, user, body, ip),
  detail: async ({ deps, user, params }) => s.detail(deps, user, params.id),
  sign: async ({ deps, user, body, ip }) => s.sign(deps, user, body, ip),
  remove: async ({ deps, user, body, ip }) => s.remove(deps, user, body, ip),
};
