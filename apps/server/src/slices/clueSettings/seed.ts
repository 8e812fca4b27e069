// Demo clue settings (deterministic): channel types and channels, flow types, reasons, revisit events, targets.
import type { SeedContext } from '../../seed/context.js';
import { demoStaff } from '../employees/index.js';
import * as t from './tables.js';

export const DEMO_CHANNEL_TYPES = [
  { code: 'PAID', name: '付费推广' },
  { code: 'NEWMEDIA', name: '新媒体' },
  { code: 'REFERRAL', name: '转介绍' },
  { code: 'OFFLINE', name: '线下获客' },
  { code: 'NATURAL', name: '自然流量' },
];
/** Channels: code, name, type, channel group (dictionaries slice), online. */
export const DEMO_CHANNELS = [
  { code: 'BAIDU', name: '百度推广', channelTypeCode: 'PAID', channelGroupCode: 'ONLINE', online: 1 },
  { code: 'DOUYIN', name: '抖音', channelTypeCode: 'NEWMEDIA', channelGroupCode: 'ONLINE', online: 1 },
  { code: 'MEITUAN', name: '美团点评', channelTypeCode: 'PAID', channelGroupCode: 'ONLINE', online: 1 },
  { code: 'XHS', name: '小红书', channelTypeCode: 'NEWMEDIA', channelGroupCode: 'ONLINE', online: 1 },
  {
    code: 'WECHAT_MP',
    name: '微信公众号',
    channelTypeCode: 'NEWMEDIA',
    channelGroupCode: 'ONLINE',
    online: 1,
  },
  { code: 'H5', name: 'H5活动页', channelTypeCode: 'PAID', channelGroupCode: 'ONLINE', online: 1 },
  {
    code: 'REFER_OLD',
    name: '老带新转介绍',
    channelTypeCode: 'REFERRAL',
    channelGroupCode: 'REFERRAL',
    online: 0,
  },
  {
    code: 'REFER_STAFF',
    name: '员工推荐',
    channelTypeCode: 'REFERRAL',
    channelGroupCode: 'REFERRAL',
    online: 0,
  },
  { code: 'HOSPITAL', name: '医院合作', channelTypeCode: 'OFFLINE', channelGroupCode: 'PARTNER', online: 0 },
  { code: 'GROUND', name: '地推活动', channelTypeCode: 'OFFLINE', channelGroupCode: 'OFFLINE', online: 0 },
  { code: 'LECTURE', name: '家长讲座', channelTypeCode: 'OFFLINE', channelGroupCode: 'OFFLINE', online: 0 },
  { code: 'WALKIN', name: '自然到访', channelTypeCode: 'NATURAL', channelGroupCode: null, online: 0 },
  { code: 'PHONE', name: '电话咨询', channelTypeCode: 'NATURAL', channelGroupCode: null, online: 0 },
];
export const DEMO_TRANSFER_TYPES = [
  { code: 'T_AREA', name: '家长居住地变更，转至就近校区' },
  { code: 'T_WORKLOAD', name: '顾问工作量调整' },
  { code: 'T_LEAVE', name: '顾问离职交接' },
  { code: 'T_SPECIALTY', name: '需更专业顾问跟进' },
];
export const DEMO_ABANDON_TYPES = [
  { code: 'A_NOINTENT', name: '家长无意向' },
  { code: 'A_PRICE', name: '价格无法接受' },
  { code: 'A_DISTANCE', name: '距离太远' },
  { code: 'A_COMPETITOR', name: '已选择其他机构' },
  { code: 'A_NOCONTACT', name: '多次联系不上' },
];
export const DEMO_FLOW_TYPES = [
  { code: 'F_PHONE', name: '电话沟通' },
  { code: 'F_WECHAT', name: '微信沟通' },
  { code: 'F_VISIT', name: '到店面谈' },
  { code: 'F_TRIAL', name: '试听课' },
  { code: 'F_ASSESS', name: '评估预约' },
];
export const DEMO_INTENTIONS = [
  { code: 'A', name: 'A-高意向（一周内可成交）' },
  { code: 'B', name: 'B-中意向（一月内可成交）' },
  { code: 'C', name: 'C-低意向（需长期跟进）' },
  { code: 'D', name: 'D-暂无意向' },
];
export const DEMO_ENTRY_METHODS = [
  { code: 'MANUAL', name: '手工录入' },
  { code: 'IMPORT', name: '批量导入' },
  { code: 'API', name: '接口推送' },
  { code: 'H5FORM', name: 'H5表单' },
  { code: 'CALLIN', name: '400来电' },
];
export const DEMO_INVALID_REASONS = [
  { code: 'I_EMPTY', name: '空号/错号' },
  { code: 'I_REPEAT', name: '重复线索' },
  { code: 'I_ADULT', name: '非目标年龄段' },
  { code: 'I_PEER', name: '同行咨询' },
  { code: 'I_AD', name: '广告推销' },
];
export const DEMO_UNREACH_REASONS = [
  { code: 'U_NOANSWER', name: '无人接听' },
  { code: 'U_OFF', name: '关机' },
  { code: 'U_BUSY', name: '占线' },
  { code: 'U_REJECT', name: '拒接' },
  { code: 'U_SUSPEND', name: '停机' },
];
export const DEMO_UNDEAL_REASONS = [
  { code: 'N_PRICE', name: '价格原因' },
  { code: 'N_TIME', name: '上课时间不合适' },
  { code: 'N_FAMILY', name: '家庭意见不统一' },
  { code: 'N_EFFECT', name: '对效果存疑' },
  { code: 'N_OTHER', name: '选择其他机构' },
];
export const DEMO_REVISIT_EVENTS = [
  { code: 'R_TRIAL', name: '试听后回访', dueDays: 1 },
  { code: 'R_ASSESS', name: '评估后回访', dueDays: 2 },
  { code: 'R_VISIT', name: '到访未成交回访', dueDays: 3 },
  { code: 'R_DORMANT', name: '沉睡线索唤醒', dueDays: 30 },
];
/** Assessment scales of entrance assessments: code, name, age range in months, description, items. */
export const DEMO_ASSESS_SCALES = [
  {
    code: 'S_LANG',
    name: '语言发育评估量表',
    ageFrom: 12,
    ageTo: 84,
    remark: '评估理解、表达与构音能力',
    items: [
      { name: '语言理解', maxScore: 30 },
      { name: '语言表达', maxScore: 30 },
      { name: '构音清晰度', maxScore: 20 },
      { name: '语用能力', maxScore: 20 },
    ],
  },
  {
    code: 'S_SENSORY',
    name: '感觉统合评定量表',
    ageFrom: 36,
    ageTo: 144,
    remark: '前庭、触觉、本体觉与学习能力',
    items: [
      { name: '前庭失衡', maxScore: 70 },
      { name: '触觉过分防御', maxScore: 100 },
      { name: '本体感失调', maxScore: 60 },
      { name: '学习能力发展不足', maxScore: 40 },
    ],
  },
  {
    code: 'S_GROSS',
    name: '粗大运动评估',
    ageFrom: 6,
    ageTo: 72,
    remark: '姿势控制、移动与平衡',
    items: [
      { name: '坐位与翻身', maxScore: 20 },
      { name: '爬行与站立', maxScore: 20 },
      { name: '行走与跑跳', maxScore: 30 },
      { name: '平衡与协调', maxScore: 30 },
    ],
  },
  {
    code: 'S_SOCIAL',
    name: '社交沟通评估',
    ageFrom: 18,
    ageTo: 96,
    remark: '共同注意、互动与游戏',
    items: [
      { name: '共同注意', maxScore: 25 },
      { name: '社交互动', maxScore: 25 },
      { name: '沟通意图', maxScore: 25 },
      { name: '象征性游戏', maxScore: 25 },
    ],
  },
];

const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01', 'BJ01', 'BJ02', 'TJ01', 'GZ01', 'SZ01', 'CD01', 'CQ01'];
/** Monthly lead-count shape of a year (low in February, high in the summer). */
const SEASON = [100, 70, 110, 110, 120, 130, 160, 160, 110, 105, 100, 90];

const sorted = <T>(rows: T[]) => rows.map((r, i) => ({ ...r, sort: i + 1 }));

export async function seedClueSettings({ db, now }: SeedContext) {
  await db.insert(t.clueChannelTypes).values(sorted(DEMO_CHANNEL_TYPES));
  await db.insert(t.clueChannels).values(sorted(DEMO_CHANNELS));
  await db.insert(t.clueTransferTypes).values(sorted(DEMO_TRANSFER_TYPES));
  await db.insert(t.clueAbandonTypes).values(sorted(DEMO_ABANDON_TYPES));
  await db.insert(t.clueFlowTypes).values(sorted(DEMO_FLOW_TYPES));
  await db.insert(t.clueCustomerIntentions).values(sorted(DEMO_INTENTIONS));
  await db.insert(t.clueEntryMethods).values(sorted(DEMO_ENTRY_METHODS));
  await db.insert(t.clueInvalidReasons).values(sorted(DEMO_INVALID_REASONS));
  await db.insert(t.clueUnreachReasons).values(sorted(DEMO_UNREACH_REASONS));
  await db.insert(t.clueUndealReasons).values(sorted(DEMO_UNDEAL_REASONS));
  await db.insert(t.clueRevisitEvents).values(sorted(DEMO_REVISIT_EVENTS));
  await db.insert(t.assessScales).values(sorted(DEMO_ASSESS_SCALES));
  // Campus yearly targets of the seed's year, scaled by campus position; the demo consultant's monthly target.
  const year = now.getUTCFullYear();
  const months = (factor: number) =>
    Object.fromEntries(SEASON.map((v, i) => [`m${i + 1}`, Math.round((v * factor) / 100)]));
  await db.insert(t.clueTargets).values([
    ...CAMPUSES.map((code, i) => ({
      targetYear: year,
      targetType: 1,
      schoolItemCode: code,
      employeeCode: '',
      ...months(100 - i * 5),
    })),
    // Each campus's consultants share its target.
    ...demoStaff()
      .filter((e) => e.postCode === 'CONSULTANT')
      .map((e) => {
        const i = CAMPUSES.indexOf(e.schoolItemCode);
        const mates = demoStaff().filter(
          (x) => x.postCode === 'CONSULTANT' && x.schoolItemCode === e.schoolItemCode,
        ).length;
        return {
          targetYear: year,
          targetType: 2,
          schoolItemCode: e.schoolItemCode,
          employeeCode: e.code,
          ...months(Math.round((100 - Math.max(0, i) * 5) / mates)),
        };
      }),
  ]);
}
