import type { Messages } from '../../i18n/types';

export const homeMessages: Messages = {
  'zh-CN': {
    'home.morning': '早上好，{name}',
    'home.afternoon': '下午好，{name}',
    'home.evening': '晚上好，{name}',
    'home.subtitle': '今天是 {date}，祝您工作顺利。',
    'home.roles': '我的角色',
    'home.campuses': '我的校区',
    'home.allCampuses': '全部校区（不限数据范围）',
    'home.quickLinks': '快捷入口',
    'home.noLinks': '暂无可用的功能，请联系管理员开通权限。',
    'home.screens': '{n} 个功能',
  },
  en: {
    'home.morning': 'Good morning, {name}',
    'home.afternoon': 'Good afternoon, {name}',
    'home.evening': 'Good evening, {name}',
    'home.subtitle': 'Today is {date}. Have a good day.',
    'home.roles': 'My roles',
    'home.campuses': 'My campuses',
    'home.allCampuses': 'All campuses (unrestricted)',
    'home.quickLinks': 'Quick links',
    'home.noLinks': 'No screens are available yet; ask an administrator for access.',
    'home.screens': '{n} screens',
  },
};
