import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const courseTransfersHandlers: SliceHandlers<typeof contract.courseTransfers> = {
  transferDetail: async ({ deps, user, params, query }) =>
    s.orderDetail(deps, user, params.id, query.startDate),
  transferMaxGift: async ({ deps, user, body }) => s.maxGift(deps, user, body),
  transferPreCreate: async ({ deps, user, body }) => s.transferPreview(deps, user, body),
  transferCreate: async ({ deps, user, body, ip }) => s.transferCreate(deps, user, body, ip),
  combineSelectable: async ({ deps, user, params }) => s.selectable(deps, user, params.a, params.b),
  combineOrderDetail: async ({ deps, user, params }) => s.orderDetail(deps, user, params.id),
  combinePreCreate: async ({ deps, user, body }) => s.combinePreview(deps, user, body),
  combineCreate: async ({ deps, user, body, ip }) => s.combineCreate(deps, user, body, ip),
};
