// System dictionaries, tags and channel groups (spec §7 /sysDict, /tag, channel groups).
import { z } from 'zod';
import { Ok, PageQuery, ValidStatus, get, page, post, priv, signedIn, type Slice } from './define.js';
import {
  IdQuery,
  IdStatusInput,
  MdCode,
  MdName,
  MdSort,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';

/** Screens owning dictionaries (operation settings) and tags/channel groups (clue settings). */
export const DICT_SCREEN = '/setting/operate';
export const CLUE_SETTINGS_SCREEN = '/setting/clues';

export const SysDictRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  status: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TSysDictRow = z.infer<typeof SysDictRow>;
export const SysDictInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    dictType: z
      .string()
      .trim()
      .min(1, 'dictType is required')
      .max(50)
      .regex(/^[a-z][a-z0-9_]*$/, 'dictType: lower-case letters, digits and _'),
    code: MdCode,
    name: MdName,
    remark: MdText(200),
    status: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TSysDictInput = z.infer<typeof SysDictInput>;

export const TagRow = z.object({
  id: z.number().int(),
  tagType: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  status: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TTagRow = z.infer<typeof TagRow>;
export const TagInput = versioned(
  z.object({
    id: z.coerce.number().int().min(1).optional(),
    /** 1 clue tag, 2 student tag. */
    tagType: z.coerce.number().int().min(1).max(2).default(1),
    name: z.string().trim().min(1, 'name is required').max(20, 'name: at most 20 characters'),
    color: z
      .string()
      .trim()
      .regex(/^(#[0-9a-fA-F]{6})?$/, 'color: #rrggbb')
      .nullish()
      .transform((v) => (v ? v : null)),
    status: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TTagInput = z.infer<typeof TagInput>;

export const ChannelGroupRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TChannelGroupRow = z.infer<typeof ChannelGroupRow>;
export const ChannelGroupInput = versioned(
  z.object({
    code: MdCode,
    name: MdName,
    remark: MdText(200),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TChannelGroupInput = z.infer<typeof ChannelGroupInput>;

export const dictionaries = {
  dictList: get('/sysDict/dictList', {
    service: 'setting',
    summary: 'Dictionary items, filtered (dictType, name, status) and paged.',
    access: signedIn,
    query: PageQuery.extend({
      dictType: z.string().trim().optional(),
      name: z.string().trim().optional(),
      status: ValidStatus.optional(),
    }),
    response: page(SysDictRow),
  }),
  dictListAll: get('/sysDict/listAll', {
    service: 'setting',
    summary: 'Every item of a dictionary type (valid ones unless status is given), in order.',
    access: signedIn,
    query: z.object({
      dictType: z.string().trim().min(1, 'dictType is required'),
      status: ValidStatus.optional(),
    }),
    response: z.array(SysDictRow),
  }),
  dictGetById: get('/sysDict/getById', {
    service: 'setting',
    summary: 'A dictionary item by id.',
    access: signedIn,
    query: IdQuery,
    response: SysDictRow,
  }),
  dictSave: post('/sysDict/save', {
    service: 'setting',
    summary:
      'Create a dictionary item (no id) or update it (id + version); code and name are unique within the type.',
    access: priv(DICT_SCREEN, CLUE_SETTINGS_SCREEN),
    body: SysDictInput,
    response: SysDictRow,
  }),
  dictUpdateStatus: post('/sysDict/updateStatus', {
    service: 'setting',
    summary: 'Enable or disable a dictionary item (id, status).',
    access: priv(DICT_SCREEN, CLUE_SETTINGS_SCREEN),
    body: IdStatusInput,
    response: Ok,
  }),
  dictDelete: post('/sysDict/delete', {
    service: 'setting',
    summary: 'Delete a dictionary item no record uses (business types used by campuses are refused).',
    access: priv(DICT_SCREEN, CLUE_SETTINGS_SCREEN),
    query: IdQuery,
    response: Ok,
  }),
  dictImport: importEndpoint('/sysDict/import', {
    service: 'setting',
    access: priv(DICT_SCREEN),
    what: 'dictionary items (matched by dictType + code)',
  }),
  tagListForTag: get('/tag/listForTag', {
    service: 'setting',
    summary: 'Valid tags of a type for tagging (1 clue, 2 student).',
    access: signedIn,
    query: z.object({ tagType: z.coerce.number().int().min(1).max(2).optional() }),
    response: z.array(TagRow),
  }),
  tagGetTagList: get('/tag/getTagList', {
    service: 'setting',
    summary: 'Tags for the settings screen, filtered (tagType, name, status) and paged.',
    access: signedIn,
    query: PageQuery.extend({
      tagType: z.coerce.number().int().min(1).max(2).optional(),
      name: z.string().trim().optional(),
      status: ValidStatus.optional(),
    }),
    response: page(TagRow),
  }),
  tagAdd: post('/tag/addTag', {
    service: 'setting',
    summary: 'Create a tag (no id) or update it (id + version); the name is unique within the type.',
    access: priv(CLUE_SETTINGS_SCREEN),
    body: TagInput,
    response: TagRow,
  }),
  tagDelete: post('/tag/deleteTag', {
    service: 'setting',
    summary: 'Delete a tag (records keep no reference to a deleted tag).',
    access: priv(CLUE_SETTINGS_SCREEN),
    body: z.object({ id: z.coerce.number().int().min(1, 'id is required') }),
    response: Ok,
  }),
  channelGroupList: get('/setting/channelGroupList', {
    service: 'setting',
    summary: 'Channel groups (every one unless status is given), in order.',
    access: signedIn,
    query: z.object({ status: ValidStatus.optional(), name: z.string().trim().optional() }),
    response: z.array(ChannelGroupRow),
  }),
  channelGroupSave: post('/setting/saveChannelGroup', {
    service: 'setting',
    summary: 'Create a channel group (no version) or update it (with its version).',
    access: priv(CLUE_SETTINGS_SCREEN),
    body: ChannelGroupInput,
    response: ChannelGroupRow,
  }),
  channelGroupDelete: post('/setting/delChannelGroup', {
    service: 'setting',
    summary: 'Delete a channel group; refused while channels belong to it.',
    access: priv(CLUE_SETTINGS_SCREEN),
    query: z.object({ code: z.string().trim().min(1, 'code is required') }),
    response: Ok,
  }),
} satisfies Slice;
