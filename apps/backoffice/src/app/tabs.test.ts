import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllTabs, closeTab, clearTabs, loadTabs, openTab, saveTabs, setTabTitle } from './tabs';

describe('page tabs', () => {
  beforeEach(() => sessionStorage.clear());

  it('opens home first, then one tab per path, updating the query', () => {
    let tabs = openTab([], '/clues/clueList');
    expect(tabs.map((t) => t.key)).toEqual(['/home', '/clues/clueList']);
    tabs = openTab(tabs, '/clues/clueDetail', '?id=1');
    tabs = openTab(tabs, '/clues/clueDetail', '?id=2');
    expect(tabs.map((t) => t.fullPath)).toEqual(['/home', '/clues/clueList', '/clues/clueDetail?id=2']);
    expect(openTab(tabs, '/clues/clueList')).toBe(tabs);
  });
  it('closing the active tab goes to its right neighbour, else the left one', () => {
    const tabs = ['/a', '/b', '/c'].reduce((acc, p) => openTab(acc, p), openTab([], '/home'));
    expect(closeTab(tabs, '/b', '/b').next).toBe('/c');
    expect(closeTab(tabs, '/c', '/c').next).toBe('/b');
    expect(closeTab(tabs, '/a', '/c')).toEqual({ tabs: tabs.filter((t) => t.key !== '/a'), next: null });
    expect(closeTab(tabs, '/home', '/home').tabs).toHaveLength(4);
  });
  it('close all keeps home', () => {
    const tabs = openTab(openTab([], '/a'), '/b');
    expect(closeAllTabs(tabs).map((t) => t.key)).toEqual(['/home']);
  });
  it('persists in sessionStorage under tabsList and survives bad data', () => {
    const tabs = setTabTitle(openTab([], '/clues/clueDetail', '?id=3'), '/clues/clueDetail', '小明 线索详情');
    saveTabs(tabs);
    expect(JSON.parse(sessionStorage.getItem('tabsList') ?? '[]')).toHaveLength(2);
    expect(loadTabs()).toEqual(tabs);
    sessionStorage.setItem('tabsList', '{broken');
    expect(loadTabs()).toEqual([]);
    sessionStorage.setItem('tabsList', JSON.stringify([{ key: 1 }, { key: '/a', fullPath: '/a' }]));
    expect(loadTabs()).toEqual([{ key: '/a', fullPath: '/a' }]);
    clearTabs();
    expect(sessionStorage.getItem('tabsList')).toBeNull();
  });
});
