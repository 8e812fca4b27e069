import { ApiError, ErrorCode } from '@bo/api-sdk';
import { describe, expect, it } from 'vitest';
import { decide, failureTarget, holdsPrivilege, homePath, isForbidden, loadPermissions } from './guard';
import { safeRedirect } from './pageLoad';

const perms = { forbidden: ['/setting/campus', '/financial/installmentDetails/:id'], menu: [] };

describe('navigation guard', () => {
  it('lets public routes through without a token', () => {
    for (const p of ['/login', '/auth', '/modifyPwd', '/noauth', '/err']) {
      expect(decide({ pathname: p, token: null, permissions: null })).toEqual({ kind: 'allow' });
    }
  });
  it('sends a visitor without a token to /login, remembering the target', () => {
    expect(decide({ pathname: '/clues/clueList', search: '?a=1', token: null, permissions: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fclues%2FclueList%3Fa%3D1',
    });
    expect(decide({ pathname: '/home', token: null, permissions: null })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
  it('hands an incomeGM link with dd_code to /auth, with or without a session, and back without the code', () => {
    const to = '/auth?dd_code=abc%2B1&redirect=%2FdataStatistics%2FincomeGM%3Fds.schoolItemCode%3DSH01';
    for (const token of [null, 't'])
      expect(
        decide({
          pathname: '/dataStatistics/incomeGM',
          search: '?dd_code=abc%2B1&ds.schoolItemCode=SH01',
          token,
          permissions: perms,
        }),
      ).toEqual({ kind: 'redirect', to });
    expect(
      decide({ pathname: '/dataStatistics/index', search: '?dd_code=x', token: null, permissions: null }),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=%2FdataStatistics%2Findex%3Fdd_code%3Dx' });
  });
  it('loads permissions when a token has none yet', () => {
    expect(decide({ pathname: '/home', token: 't', permissions: null })).toEqual({ kind: 'load' });
  });
  it('sends a forbidden path to /noauth, including a path with a parameter', () => {
    expect(decide({ pathname: '/setting/campus', token: 't', permissions: perms })).toEqual({
      kind: 'redirect',
      to: '/noauth',
    });
    expect(decide({ pathname: '/financial/installmentDetails/7', token: 't', permissions: perms })).toEqual({
      kind: 'redirect',
      to: '/noauth',
    });
    expect(decide({ pathname: '/home', token: 't', permissions: perms })).toEqual({ kind: 'allow' });
    expect(isForbidden('/setting/employees', perms.forbidden)).toBe(false);
  });
  it('lands a role without the home screen on the first screen of its menu it may open', () => {
    const entry = (paths: string[]) => ({
      code: 'g',
      name: 'g',
      nameEn: 'g',
      cssname: '',
      path: '',
      privileges: paths.map((p) => ({ code: p, name: p, nameEn: p, navigateurl: p })),
    });
    const newRole = {
      forbidden: ['/home', '/setting/campus'],
      menu: [entry(['/setting/campus', '/clues/clueList']), entry(['/students/list'])],
    };
    expect(homePath(newRole)).toBe('/clues/clueList');
    expect(decide({ pathname: '/home', token: 't', permissions: newRole })).toEqual({
      kind: 'redirect',
      to: '/clues/clueList',
    });
    // A screen the build lacks is passed over; another forbidden screen still says "no access".
    expect(homePath(newRole, (p) => p !== '/clues/clueList')).toBe('/students/list');
    expect(decide({ pathname: '/setting/campus', token: 't', permissions: newRole })).toEqual({
      kind: 'redirect',
      to: '/noauth',
    });
    // A role holding no screen at all: no home to go back to.
    expect(homePath({ forbidden: ['/home'], menu: [] })).toBeNull();
    expect(
      decide({ pathname: '/home', token: 't', permissions: { forbidden: ['/home'], menu: [] } }),
    ).toEqual({
      kind: 'redirect',
      to: '/noauth',
    });
    expect(homePath(perms)).toBe('/home');
  });
  it('opens the student detail to a holder of a plan privilege without the screen, and not to others', () => {
    const screen = '/students/studentDetail';
    const teacher = ['/students/list', screen, 'plans.edit'];
    expect(isForbidden(screen, teacher)).toBe(false);
    expect(holdsPrivilege(screen, teacher)).toBe(false);
    expect(holdsPrivilege('plans.record', teacher)).toBe(true);
    expect(isForbidden(screen, [screen, 'plans.edit', 'plans.record'])).toBe(true);
    expect(isForbidden('/students/list', teacher)).toBe(true);
  });
  it('lets a path without a screen in this build through to "not found", forbidden or not', () => {
    const built = (p: string) => p === '/setting/campus';
    // Not built: the same "not found" for everyone, not "no access" for those who lack the grant.
    expect(
      decide({
        pathname: '/financial/installmentDetails/7',
        token: 't',
        permissions: perms,
        hasScreen: built,
      }),
    ).toEqual({ kind: 'allow' });
    // Built and forbidden: still "no access".
    expect(decide({ pathname: '/setting/campus', token: 't', permissions: perms, hasScreen: built })).toEqual(
      {
        kind: 'redirect',
        to: '/noauth',
      },
    );
    // Without a token the sign-in comes first, built or not.
    expect(decide({ pathname: '/nowhere', token: null, permissions: null, hasScreen: built })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fnowhere',
    });
  });
  it('fetches forbidden routes before the menu', async () => {
    const calls: string[] = [];
    const p = await loadPermissions({
      forbiddenRoutes: async () => {
        calls.push('forbidden');
        return ['/x'];
      },
      menu: async () => {
        calls.push('menu');
        return [];
      },
    });
    expect(calls).toEqual(['forbidden', 'menu']);
    expect(p.forbidden).toEqual(['/x']);
  });
  it('maps a token failure to /login and anything else to /err', () => {
    expect(failureTarget(new ApiError(ErrorCode.tokenInvalid, 'Token验证失败!', 'system.menu'))).toBe(
      '/login',
    );
    expect(failureTarget(new ApiError(500, 'boom', 'system.menu'))).toBe('/err');
    expect(failureTarget(new Error('network'))).toBe('/err');
  });
  it('only redirects to same-origin paths after sign-in', () => {
    expect(safeRedirect('/clues/clueList?x=1')).toBe('/clues/clueList?x=1');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('/login')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});
