import { PermissionConfigError } from '@bo/domain';
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Can, useHasAnyRole, useHasNoRole, useHasRole, useThrottledClick } from './permissions';
import { session } from './session';
import { testUser } from './testUser';

describe('permission helpers', () => {
  beforeEach(() =>
    session.signIn(
      testUser({
        roles: [
          { code: 34, name: '销售' },
          { code: 5, name: '顾问' },
        ],
      }),
    ),
  );
  afterEach(() => {
    cleanup();
    session.clear();
    vi.useRealTimers();
  });

  it('Can keeps children only for a listed role', () => {
    render(
      <>
        <Can roles={[23, 34]}>
          <button type="button">审批</button>
        </Can>
        <Can roles={[99]}>
          <button type="button">删除</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: '审批' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
  it('Can without a role list is a configuration error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Can roles={[]}>x</Can>)).toThrow(PermissionConfigError);
    spy.mockRestore();
  });
  it('role hooks compare codes as numbers', () => {
    expect(renderHook(() => useHasRole('5')).result.current).toBe(true);
    expect(renderHook(() => useHasAnyRole([76, 72])).result.current).toBe(false);
    expect(renderHook(() => useHasNoRole([76, 72])).result.current).toBe(true);
  });
  it('useThrottledClick swallows repeats within 2000 ms', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const fn = vi.fn();
    function Btn() {
      const onClick = useThrottledClick(fn);
      return (
        <button type="button" onClick={() => onClick()}>
          保存
        </button>
      );
    }
    render(<Btn />);
    const b = screen.getByRole('button', { name: '保存' });
    fireEvent.click(b);
    fireEvent.click(b);
    vi.setSystemTime(1_002_001);
    fireEvent.click(b);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
