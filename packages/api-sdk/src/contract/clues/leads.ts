// Leads from outside: ad-platform and H5 webhooks, their lists and totals, and channel signs.
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv, publicAccess, type Slice } from '../define.js';
import { ClueState, LeadSource, Ts, DateStr, Phone, ClueId, Text } from './fields.js';
import { BAIDU, H5, SIGN } from './access.js';

export const LeadInput = z.object({
  /** The platform's lead id: a repeated delivery with the same id changes nothing. */
  leadId: z.string().trim().min(1).max(100),
  phone: Phone,
  parentName: Text(50).default(''),
  childName: Text(50).default(''),
  schoolItemCode: z.string().trim().max(20).nullable().optional(),
  campaignName: Text(200).default(''),
  /** The ad account (Douyin: the ad UC name). */
  adAccountName: Text(200).default(''),
  city: Text(50).default(''),
  extra: z.record(z.string(), z.unknown()).default({}),
});

export const IngestResult = z.object({
  leadId: z.number().int(),
  clueId: z.number().int(),
  cluecode: z.string(),
  /** created: a new clue; routed: the phone's existing clue got a follow note; repeated: same lead id again. */
  outcome: z.enum(['created', 'routed', 'repeated']),
});

export const LeadRow = z.object({
  id: z.number().int(),
  leadId: z.string(),
  phone: z.string(),
  parentName: z.string(),
  childName: z.string(),
  schoolItemCode: z.string().nullable(),
  campaignName: z.string(),
  adAccountName: z.string(),
  city: z.string(),
  outcome: z.string(),
  clueId: z.number().int().nullable(),
  cluecode: z.string().nullable(),
  flowState: ClueState.nullable(),
  ownerName: z.string().nullable(),
  receivedAt: Ts,
});

export const LeadQuery = PageQuery.extend({
  startDate: DateStr.optional(),
  endDate: DateStr.optional(),
  schoolItemCode: z.string().trim().optional(),
  keyword: z.string().trim().max(50).optional(),
  adAccountName: z.string().trim().optional(),
});

export const LeadSummary = z.object({
  total: z.number().int(),
  created: z.number().int(),
  routed: z.number().int(),
  converted: z.number().int(),
  invalid: z.number().int(),
});

export const ChannelSignRow = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.string(),
  schoolItemCode: z.string().nullable(),
  remark: z.string(),
  status: z.number().int(),
  version: z.number().int(),
});

export const leadsEndpoints = {
  list4baidu: get('/clue/query/list4baidu', {
    service: 'clue',
    summary: 'Baidu leads as received, with their clue.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4Douyin: get('/clue/query/list4Douyin', {
    service: 'clue',
    summary: 'Douyin leads as received, with their clue.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4H5: get('/clue/query/list4H5', {
    service: 'clue',
    summary: 'H5 campaign leads as received, with their clue.',
    access: priv(H5, BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4baiduSummary: get('/clue/query/list4baiduSummary', {
    service: 'clue',
    summary: 'Totals of the Baidu lead filter.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  list4DouyinSummary: get('/clue/query/list4DouyinSummary', {
    service: 'clue',
    summary: 'Totals of the Douyin lead filter.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  list4H5Summary: get('/clue/query/list4H5Summary', {
    service: 'clue',
    summary: 'Totals of the H5 lead filter.',
    access: priv(H5, BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  douyinAdUcName: get('/clue/query/douyinAdUcName', {
    service: 'clue',
    summary: 'Douyin ad account (UC) names seen in leads.',
    access: priv(BAIDU),
    response: z.array(z.string()),
  }),
  ingest: post('/clue/ingest/{source}', {
    service: 'clue',
    summary:
      'Ad-platform webhook: stores the raw lead and creates a clue, or routes it to the phone’s existing clue. Authenticated by header x-webhook-token (CLUE_WEBHOOK_SECRET_<SOURCE>); 503 when not configured.',
    access: publicAccess,
    params: z.object({ source: LeadSource }),
    body: LeadInput,
    response: IngestResult,
  }),
  channelSignList: get('/clueChannelSign/getChannelSignList', {
    service: 'clue',
    summary: 'Channel signs (tracking marks of a channel), filtered and paged.',
    access: priv(SIGN),
    query: PageQuery.extend({ channel: z.string().trim().optional(), name: z.string().trim().optional() }),
    response: page(ChannelSignRow),
  }),
  channelSignDelete: get('/clueChannelSign/deleteById', {
    service: 'clue',
    summary: 'Delete a channel sign.',
    access: priv(SIGN),
    query: z.object({ id: ClueId }),
    response: Ok,
  }),
  channelSignSave: post('/clueChannelSign/saveOrUpdate', {
    service: 'clue',
    summary: 'Create (no id) or update (id + version) a channel sign.',
    access: priv(SIGN),
    body: z.object({
      id: z.number().int().optional(),
      name: z.string().trim().min(1, 'the name is required').max(50),
      channel: z.string().trim().min(1, 'the channel is required').max(50),
      schoolItemCode: z.string().trim().nullable().optional(),
      remark: Text(500).default(''),
      status: z.number().int().min(0).max(1).default(1),
      version: z.number().int().optional(),
    }),
    response: ChannelSignRow,
  }),
} satisfies Slice;
