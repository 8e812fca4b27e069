import { describe, expect, it } from 'vitest';
import { buildMenu, groupOfPath } from './menu';

const entry = (code: string, path: string, urls: string[]) => ({
  code,
  name: code,
  nameEn: code,
  cssname: '',
  path,
  privileges: urls.map((u) => ({ code: u, name: u, nameEn: u, navigateurl: u })),
});

describe('menu', () => {
  const entries = [
    entry('clues', '/clues', ['/clues/clueList', '/clues/taskCenter', '/clues/notBuilt']),
    entry('setting', '/setting', ['/setting/campus']),
    entry('operation', '/operation', ['/operation/feedback']),
  ];
  const built = new Set(['/clues/clueList', '/clues/taskCenter', '/setting/campus', '/operation/feedback']);

  it('lists only allowed screens that exist, with route-table titles and group icons', () => {
    const groups = buildMenu(entries, {
      hasScreen: (p) => built.has(p),
      forbidden: ['/setting/campus'],
      locale: 'zh-CN',
    });
    expect(groups.map((g) => g.key)).toEqual(['clues', 'operation']);
    expect(groups[0]?.items).toEqual([
      { path: '/clues/clueList', title: '线索列表' },
      { path: '/clues/taskCenter', title: '任务中心' },
    ]);
    expect(groups[0]?.icon).toBe('target');
    expect(groupOfPath(groups, '/operation/feedback')).toBe('operation');
  });
  it('uses English titles in English', () => {
    const groups = buildMenu(entries, { hasScreen: (p) => built.has(p), forbidden: [], locale: 'en' });
    expect(groups.find((g) => g.key === 'setting')?.items[0]?.title).toBe('Campuses');
    expect(groups.find((g) => g.key === 'setting')?.title).toBe('Settings');
  });
});
