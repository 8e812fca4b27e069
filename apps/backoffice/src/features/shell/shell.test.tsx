import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@bo/domain';
import { noteDataAsOf } from '../../app/dataAsOf';
import { pageLoad } from '../../app/pageLoad';
import { hasScreen } from '../../app/registry';
import { routes } from '../../app/router';
import { queryClient } from '../../app/sdk';
import { session } from '../../app/session';
import { testUser } from '../../app/testUser';
import { I18nProvider } from '../../i18n';

const menu = [
  {
    code: 'operation',
    name: '运营管理',
    nameEn: 'Operations',
    cssname: '',
    path: '/operation',
    privileges: [
      {
        code: '/operation/feedback',
        name: '意见反馈',
        nameEn: 'Feedback',
        navigateurl: '/operation/feedback',
      },
    ],
  },
];

function mount(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

describe('layout shell', () => {
  // Every page is a lazy route: load their modules once, as a browser would have them cached,
  // so the first test does not spend its wait on compiling them.
  beforeAll(async () => {
    // Pages resolve lazily: on a busy machine the first render of the shell takes over a second.
    configure({ asyncUtilTimeout: 5000 });
    await Promise.all([
      import('./Layout'),
      import('./StatusPages'),
      import('../../app/Guard'),
      import('../home/Home'),
    ]);
  });
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    session.clear();
  });

  it('folds a quick-entry group past eight screens behind "more", and unfolds it', async () => {
    const clueScreens = ROUTES.filter(
      (r) => r.group === 'clues' && !r.path.includes(':') && hasScreen(r.path),
    );
    expect(clueScreens.length).toBeGreaterThan(8);
    session.signIn(testUser());
    session.setPermissions({
      forbidden: [],
      menu: [
        {
          code: 'clues',
          name: '线索管理',
          nameEn: 'Clues',
          cssname: '',
          path: '/clues',
          privileges: clueScreens.map((r) => ({
            code: r.path,
            name: r.title['zh-CN'],
            nameEn: r.title.en,
            navigateurl: r.path,
          })),
        },
      ],
    });
    mount('/home');
    const group = await screen.findByRole('region', { name: '线索管理' });
    expect(within(group).getAllByRole('link')).toHaveLength(8);
    const more = within(group).getByRole('button', {
      name: `展开线索管理的其余 ${clueScreens.length - 8} 个功能`,
    });
    fireEvent.click(more);
    expect(within(group).getAllByRole('link')).toHaveLength(clueScreens.length);
    expect(within(group).getByRole('button', { name: '收起线索管理' })).toBeTruthy();
  });

  it('sends a visitor without a token to the sign-in page by a full page load, remembering the path', async () => {
    const go = vi.spyOn(pageLoad, 'go').mockImplementation(() => undefined);
    try {
      mount('/clues/clueList?a=1');
      await waitFor(() => expect(go).toHaveBeenCalledWith('/login?redirect=%2Fclues%2FclueList%3Fa%3D1'));
    } finally {
      go.mockRestore();
    }
  });

  it('shows the menu, the home tab and the title; unknown and forbidden paths', async () => {
    session.signIn(testUser());
    session.setPermissions({ forbidden: ['/setting/campus'], menu });
    const router = mount('/');
    expect(await screen.findByRole('heading', { level: 1, name: '首页' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    fireEvent.click(within(nav).getByRole('button', { name: /运营管理/ }));
    expect(within(nav).getByRole('link', { name: '意见反馈' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '已打开的页面' })).getByRole('link', { name: '首页' }),
    ).toBeTruthy();

    await act(() => router.navigate('/nothing/here'));
    expect((await screen.findAllByRole('heading', { name: '页面不存在' })).length).toBeGreaterThan(0);

    await act(() => router.navigate('/setting/campus'));
    expect(await screen.findByRole('heading', { name: '无权访问' })).toBeTruthy();
  });

  it('says when the report data is from while the read replica lags, until the screen changes', async () => {
    session.signIn(testUser());
    session.setPermissions({ forbidden: [], menu });
    const router = mount('/');
    expect(await screen.findByRole('heading', { level: 1, name: '首页' })).toBeTruthy();
    expect(screen.queryByText(/报表数据截至/)).toBeNull();
    // 2026-11-29 06:00:01 UTC is 14:00:01 in Beijing.
    act(() => noteDataAsOf('reports.clueSummary', new Date('2026-11-29T06:00:01Z')));
    expect(screen.getByText('报表数据截至 14:00:01（只读副本同步中）')).toBeTruthy();
    await act(() => router.navigate('/operation/feedback'));
    await waitFor(() => expect(screen.queryByText(/报表数据截至/)).toBeNull());
  });

  it('keeps tabs in session storage and collapses the menu', async () => {
    session.signIn(testUser());
    session.setPermissions({ forbidden: [], menu });
    mount('/home');
    await screen.findByRole('heading', { level: 1, name: '首页' });
    expect(JSON.parse(sessionStorage.getItem('tabsList') ?? '[]')).toEqual([
      { key: '/home', fullPath: '/home' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主菜单' }).style.width).toBe('64px');
  });

  it('closing the active tab goes to its neighbour and the tab stays closed', async () => {
    session.signIn(testUser());
    session.setPermissions({ forbidden: [], menu });
    sessionStorage.setItem('tabsList', JSON.stringify([{ key: '/home', fullPath: '/home' }]));
    const router = mount('/operation/feedback');
    const tabs = await screen.findByRole('navigation', { name: '已打开的页面' });
    await within(tabs).findByRole('link', { name: '意见反馈' });
    await act(async () => {
      fireEvent.click(within(tabs).getByRole('button', { name: '关闭 意见反馈' }));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(router.state.location.pathname).toBe('/home');
    expect(within(tabs).queryByRole('link', { name: '意见反馈' })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('tabsList') ?? '[]')).toEqual([
      { key: '/home', fullPath: '/home' },
    ]);
  });
});
