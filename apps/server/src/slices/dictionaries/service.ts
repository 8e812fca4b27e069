// Dictionaries, tags and channel groups as master-data record types.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ChannelGroupInput,
  SysDictInput,
  TagInput,
  type TChannelGroupInput,
  type TChannelGroupRow,
  type TSysDictInput,
  type TSysDictRow,
  type TTagInput,
  type TTagRow,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { defineRecordType, eqFilter, likeFilter } from '../../shared/masterdata/index.js';
import { clueChannels } from '../../db/schema.js';
import { channelGroups, sysDicts, tags } from './tables.js';
import { channelGroupUsage, dictItemUsage, tagUsage } from './usage.js';

export const dictType = defineRecordType<TSysDictRow, TSysDictInput>({
  name: 'sysDict',
  label: '字典项 / dictionary item',
  table: sysDicts,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: sysDicts.id,
    dictType: sysDicts.dictType,
    code: sysDicts.code,
    name: sysDicts.name,
    remark: sysDicts.remark,
    status: sysDicts.status,
    sort: sysDicts.sort,
    version: sysDicts.version,
  },
  input: SysDictInput,
  filters: {
    dictType: eqFilter(sysDicts.dictType),
    name: likeFilter(sysDicts.name),
    status: eqFilter(sysDicts.status),
  },
  sort: [asc(sysDicts.dictType), asc(sysDicts.sort), asc(sysDicts.id)],
  unique: [
    { field: 'code', within: ['dictType'], label: '编码' },
    { field: 'name', within: ['dictType'], label: '名称' },
  ],
  status: 'status',
  version: 'version',
  updatedAt: sysDicts.updatedAt,
  deletable: true,
  // The columns that keep an item's code, per dictionary type (numbers where the column is an integer).
  usedBy: [
    { columns: ['business_type_code'], field: 'code', when: (r) => r.dictType === 'business_type' },
    { columns: ['course_type_code'], field: 'code', when: (r) => r.dictType === 'assist_course_type' },
    { columns: ['family_code'], field: 'code', when: (r) => r.dictType === 'post_family' },
    ...(
      [
        ['gender', 'gender'],
        ['teaching_mode', 'teaching_mode'],
        ['purchase_unit', 'purchase_unit'],
        ['calendar_type', 'type_calendar'],
      ] as const
    ).map(([dictType, column]) => ({
      columns: [column],
      when: (r: Record<string, unknown>) => r.dictType === dictType,
      value: (r: Record<string, unknown>) => (/^\d{1,9}$/.test(String(r.code)) ? Number(r.code) : null),
    })),
  ],
  // Disabling an item is allowed: records keep it, selectors stop offering it. Deleting a used one is refused.
  inUse: async (tx, row, op) =>
    op === 'delete' ? dictItemUsage.check(tx, { dictType: row.dictType, code: row.code }) : null,
});

export const tagType = defineRecordType<TTagRow, TTagInput>({
  name: 'tag',
  label: '标签 / tag',
  table: tags,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: tags.id,
    tagType: tags.tagType,
    name: tags.name,
    color: tags.color,
    status: tags.status,
    sort: tags.sort,
    version: tags.version,
  },
  input: TagInput,
  filters: { tagType: eqFilter(tags.tagType), name: likeFilter(tags.name), status: eqFilter(tags.status) },
  sort: [asc(tags.tagType), asc(tags.sort), asc(tags.id)],
  unique: [{ field: 'name', within: ['tagType'], label: '名称' }],
  status: 'status',
  version: 'version',
  updatedAt: tags.updatedAt,
  deletable: true,
  // Clue tags (type 1) are carried by reference (clue_tags.tag_id); other tag types are not kept by id.
  usedBy: [{ columns: ['tag_id'], when: (r) => r.tagType === 1 }],
  // Like dictionary items: a disabled tag stays on the records that carry it; deleting a carried one is refused.
  inUse: async (tx, row, op) =>
    op === 'delete' ? tagUsage.check(tx, { id: row.id, tagType: row.tagType, name: row.name }) : null,
});

export const channelGroupType = defineRecordType<TChannelGroupRow, TChannelGroupInput>({
  name: 'channelGroup',
  label: '渠道分组 / channel group',
  table: channelGroups,
  key: 'code',
  keyKind: 'code',
  fields: {
    id: channelGroups.id,
    code: channelGroups.code,
    name: channelGroups.name,
    remark: channelGroups.remark,
    validstatus: channelGroups.validStatus,
    sort: channelGroups.sort,
    version: channelGroups.version,
  },
  readOnly: ['id'],
  input: ChannelGroupInput,
  filters: { status: eqFilter(channelGroups.validStatus), name: likeFilter(channelGroups.name) },
  sort: [asc(channelGroups.sort), asc(channelGroups.code)],
  unique: [{ field: 'name', label: '名称' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: channelGroups.updatedAt,
  deletable: true,
  usedBy: [{ columns: ['channel_group_code'] }],
  // Channels of the clue settings keep a group code: deleting is refused by usedBy, disabling here
  // while channels belong to it; bespoke rules register with channelGroupUsage.
  inUse: async (tx, row) => {
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(clueChannels)
      .where(eq(clueChannels.channelGroupCode, row.code));
    const n = Number(r?.n ?? 0);
    if (n > 0)
      return `有${String(n)}个渠道属于该分组，不能停用 / ${String(n)} channels belong to this group; it cannot be disabled`;
    return channelGroupUsage.check(tx, row.code);
  },
});

/** The valid items of a dictionary type, in order (common dictData, selectors). */
export async function dictItems(db: DbOrTx, type: string) {
  return db
    .select({
      id: sysDicts.id,
      dictType: sysDicts.dictType,
      code: sysDicts.code,
      name: sysDicts.name,
      sort: sysDicts.sort,
    })
    .from(sysDicts)
    .where(and(eq(sysDicts.dictType, type), eq(sysDicts.status, 1)))
    .orderBy(asc(sysDicts.sort), asc(sysDicts.id));
}
