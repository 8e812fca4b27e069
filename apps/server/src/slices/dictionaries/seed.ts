// Reference dictionaries every database needs (business lines, assist course types, calendar types),
// demo tags and channel groups. Deterministic.
import type { SeedContext } from '../../seed/context.js';
import { channelGroups, sysDicts, tags } from './tables.js';

/** dictType → [code, name] items. business_type codes are what campuses keep (school_items.business_type_code). */
export const DICT_SEED: Record<string, Array<[string, string]>> = {
  business_type: [
    ['REHAB', '康复'],
    ['EARLY', '早教'],
    ['SENSORY', '感统'],
    ['LANGUAGE', '语言'],
    ['SOCIAL', '社交'],
    ['COGNITION', '认知'],
  ],
  assist_course_type: [
    ['1', '个训课'],
    ['2', '小组课'],
    ['3', '集体课'],
    ['4', '家长课堂'],
  ],
  /** The clue calendar's types (spec §9: dictionary calendar type default 1). */
  calendar_type: [
    ['1', '开学日历'],
    ['2', '活动日历'],
    ['3', '假期日历'],
  ],
  gender: [
    ['1', '男'],
    ['2', '女'],
  ],
  teaching_mode: [
    ['1', '一对一'],
    ['2', '小组课'],
    ['3', '集体课'],
    ['4', '线上课'],
  ],
  /** Post families (岗位族) grouping the employees slice's posts. */
  post_family: [
    ['TEACH', '教学族'],
    ['SALES', '销售族'],
    ['MANAGE', '管理族'],
    ['SUPPORT', '职能族'],
  ],
  purchase_unit: [
    ['1', '课时'],
    ['2', '天'],
  ],
};

export async function seedDictionaries({ db }: SeedContext) {
  const rows = Object.entries(DICT_SEED).flatMap(([dictType, items]) =>
    items.map(([code, name], i) => ({ dictType, code, name, sort: i + 1 })),
  );
  await db.insert(sysDicts).values(rows);
}

export const DEMO_CHANNEL_GROUPS = [
  { code: 'ONLINE', name: '线上推广' },
  { code: 'OFFLINE', name: '线下活动' },
  { code: 'REFERRAL', name: '转介绍' },
  { code: 'PARTNER', name: '合作机构' },
];
export const DEMO_TAGS: Array<{ tagType: number; name: string; color: string }> = [
  { tagType: 1, name: '高意向', color: '#e5484d' },
  { tagType: 1, name: '价格敏感', color: '#f5a524' },
  { tagType: 1, name: '需复测', color: '#3e63dd' },
  { tagType: 1, name: '周末可约', color: '#30a46c' },
  { tagType: 2, name: '自闭症谱系', color: '#8e4ec6' },
  { tagType: 2, name: '语言发育迟缓', color: '#3e63dd' },
  { tagType: 2, name: '注意力不集中', color: '#f5a524' },
  { tagType: 2, name: '续费意愿强', color: '#30a46c' },
];

export async function seedDictionariesDemo({ db }: SeedContext) {
  await db.insert(channelGroups).values(DEMO_CHANNEL_GROUPS.map((g, i) => ({ ...g, sort: i + 1 })));
  await db.insert(tags).values(DEMO_TAGS.map((t, i) => ({ ...t, sort: i + 1 })));
}
