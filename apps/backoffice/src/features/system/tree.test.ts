import type { TPrivilegeNode } from '@bo/api-sdk';
import { describe, expect, it } from 'vitest';
import { branchState, codesToSave, filterTree, toggleBranch } from './PrivilegeTree';

const node = (
  code: string,
  type: TPrivilegeNode['type'],
  children: TPrivilegeNode[] = [],
): TPrivilegeNode => ({
  code,
  name: code,
  nameEn: code,
  type,
  groupCode: null,
  navigateUrl: null,
  cssName: null,
  sort: 0,
  status: 1,
  version: 1,
  children,
});
const tree = [node('g', 'group', [node('/a', 'menu', [node('a.x', 'action')]), node('/b', 'menu')])];
const g = tree[0] as TPrivilegeNode;

describe('privilege tree', () => {
  it('a search keeps a matching branch whole and only the way down to a matching descendant', () => {
    const named = [
      {
        ...node('g', 'group', [node('/a', 'menu', [node('a.x', 'action')]), node('/b', 'menu')]),
        name: '线索',
      },
    ];
    expect(filterTree(named, '线索')).toEqual(named);
    const down = filterTree(named, 'A.X');
    expect(down.map((n) => n.code)).toEqual(['g']);
    expect(down[0]?.children.map((n) => n.code)).toEqual(['/a']);
    expect(down[0]?.children[0]?.children.map((n) => n.code)).toEqual(['a.x']);
    expect(filterTree(named, 'nothing')).toEqual([]);
    expect(filterTree(named, '  ')).toEqual(named);
  });
  it('a group toggles its whole branch', () => {
    const on = toggleBranch(g, new Set(), true);
    expect([...on].sort()).toEqual(['/a', '/b', 'a.x', 'g']);
    expect(branchState(g, on)).toBe('all');
    expect(toggleBranch(g, on, false).size).toBe(0);
  });
  it('part of a branch is indeterminate and saves its ancestors', () => {
    const held = new Set(['/b']);
    expect(branchState(g, held)).toBe('some');
    expect(codesToSave(tree, held)).toEqual(['/b', 'g']);
    expect(codesToSave(tree, new Set(['a.x']))).toEqual(['/a', 'a.x', 'g']);
  });
});
