import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { statusOf } from '../../shared/masterdata/index.js';
import { channelGroupType, dictType, tagType } from './service.js';

export const dictionariesHandlers: SliceHandlers<typeof contract.dictionaries> = {
  dictList: (ctx) => dictType.page(ctx, ctx.query),
  dictListAll: (ctx) => dictType.all(ctx, { dictType: ctx.query.dictType, status: ctx.query.status ?? 1 }),
  dictGetById: (ctx) => dictType.detail(ctx, ctx.query.id, 'id'),
  dictSave: (ctx) => dictType.save(ctx, ctx.body),
  dictUpdateStatus: async (ctx) =>
    !!(await dictType.updateStatus(ctx, ctx.body.id, statusOf(ctx.body), 'id')),
  dictDelete: async (ctx) => (await dictType.remove(ctx, ctx.query.id, 'id'), true),
  dictImport: (ctx) => dictType.importRows(ctx, ctx.body.rows, ctx.body),
  tagListForTag: (ctx) => tagType.all(ctx, { tagType: ctx.query.tagType, status: 1 }),
  tagGetTagList: (ctx) => tagType.page(ctx, ctx.query),
  tagAdd: (ctx) => tagType.save(ctx, ctx.body),
  tagDelete: async (ctx) => (await tagType.remove(ctx, ctx.body.id, 'id'), true),
  channelGroupList: (ctx) => channelGroupType.all(ctx, ctx.query),
  channelGroupSave: (ctx) => channelGroupType.save(ctx, ctx.body),
  channelGroupDelete: async (ctx) => (await channelGroupType.remove(ctx, ctx.query.code, 'code'), true),
};
