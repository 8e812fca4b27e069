// The saved-views menu every list screen with a search form gets from the kit (no per-screen code).
import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { screenTest } from '../screenTest';
import { ListScreenView } from './defineListScreen';
import { ListKitProvider } from './kitLabels';
import { listMessages } from './messages';

const calls = vi.hoisted(() => ({
  viewList: vi.fn(),
  viewCreate: vi.fn(),
  viewUpdate: vi.fn(),
  viewDelete: vi.fn(),
  viewSetDefault: vi.fn(),
}));
vi.mock('../sdk', () => ({
  sdk: { system: calls },
  errorText: (e: unknown) => String(e),
}));

const view = (id: number, name: string, filters: Record<string, string>, isDefault = false) => ({
  id,
  screen: '/clue/clueList',
  name,
  state: { filters, sort: null, hiddenColumns: null },
  isDefault,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

// jsdom has no ResizeObserver; Headless UI's menu watches its button's place.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function Where() {
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <output aria-label="navigation">{useNavigationType()}</output>
    </>
  );
}

function mount(url: string) {
  const list = vi.fn((_a: { filters: Record<string, string> }) =>
    Promise.resolve({ list: [{ id: 1, name: '甲' }], total: 1 }),
  );
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>
            <ListKitProvider>
              <MemoryRouter initialEntries={[url]}>
                <ListScreenView
                  def={{
                    key: 'savedViewsTest',
                    what: () => '线索',
                    rowId: (r: { id: number; name: string }) => String(r.id),
                    searchFields: () => [
                      { kind: 'text', name: 'keyword', label: '关键字' },
                      { kind: 'text', name: 'channel', label: '渠道' },
                    ],
                    columns: () => [{ id: 'name', header: '名称' }],
                    list,
                  }}
                />
                <Where />
              </MemoryRouter>
            </ListKitProvider>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return list;
}

const url = () => screen.getByRole('status', { name: 'url' }).textContent ?? '';
const navigation = () => screen.getByRole('status', { name: 'navigation' }).textContent ?? '';
const openMenu = async () => fireEvent.click(await screen.findByRole('button', { name: /^视图/ }));

describe('saved views of a list', () => {
  screenTest({ messages: [listMessages], waitMs: 5000 });

  it('applies the default view when the screen opens without filters, and a chosen view from the menu', async () => {
    calls.viewList.mockResolvedValue([
      view(1, '百度渠道', { keyword: '', channel: 'BAIDU' }, true),
      view(2, '张姓', { keyword: '张', channel: '' }),
    ]);
    const list = mount('/clue/clueList');
    await waitFor(() => expect(url()).toBe('?channel=BAIDU'));
    // The default replaces the opening's history entry: Back leaves the list instead of landing on its
    // unfiltered URL (which would apply the default again).
    expect(navigation()).toBe('REPLACE');
    expect(calls.viewList).toHaveBeenCalledWith({ query: { screen: '/clue/clueList' } });
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({ filters: { keyword: '', channel: 'BAIDU' } }),
      ),
    );
    // The menu names the view the list shows.
    expect(await screen.findByRole('button', { name: '视图 · 百度渠道' })).toBeTruthy();

    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: '张姓' }));
    await waitFor(() => expect(url()).toBe('?keyword=%E5%BC%A0'));
    // A view the user chooses is a step of their own: Back returns to the list before it.
    expect(navigation()).toBe('PUSH');
    expect((screen.getByLabelText('关键字') as HTMLInputElement).value).toBe('张');
  });

  it('leaves a URL that names filters as it is', async () => {
    calls.viewList.mockResolvedValue([view(1, '百度渠道', { channel: 'BAIDU' }, true)]);
    mount('/clue/clueList?keyword=%E6%9D%8E');
    await screen.findByRole('button', { name: /^视图/ });
    await waitFor(() => expect(calls.viewList).toHaveBeenCalled());
    expect(url()).toBe('?keyword=%E6%9D%8E');
  });

  it('saves the current filters under a name, as the default when asked, without running the search', async () => {
    calls.viewList.mockResolvedValue([]);
    calls.viewCreate.mockImplementation(({ body }: { body: { name: string } }) =>
      Promise.resolve(view(3, body.name, {})),
    );
    const list = mount('/clue/clueList?channel=BAIDU');
    await screen.findByText('甲');
    await openMenu();
    expect(screen.getByRole('menuitem', { name: '暂无保存的视图' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '保存当前筛选为视图…' }));
    const dialog = await screen.findByRole('dialog', { name: '保存视图' });
    fireEvent.change(within(dialog).getByLabelText('视图名称'), { target: { value: ' 百度 ' } });
    fireEvent.click(within(dialog).getByLabelText('设为默认（打开此界面时自动应用）'));
    const before = list.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('已保存视图“百度”');
    expect(calls.viewCreate).toHaveBeenCalledWith({
      body: {
        screen: '/clue/clueList',
        name: '百度',
        isDefault: true,
        state: { filters: { keyword: '', channel: 'BAIDU' }, sort: null, hiddenColumns: [] },
      },
    });
    expect(list.mock.calls.length).toBe(before);
    expect(url()).toBe('?channel=BAIDU');
  });

  it('renames, sets as default and deletes a view from the manage dialog', async () => {
    const v = view(4, '张姓', { keyword: '张' });
    calls.viewList.mockResolvedValue([v]);
    calls.viewUpdate.mockResolvedValue({ ...v, name: '姓张', version: 2 });
    calls.viewSetDefault.mockResolvedValue({ ...v, isDefault: true, version: 2 });
    calls.viewDelete.mockResolvedValue(true);
    mount('/clue/clueList?keyword=x');
    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: '管理视图…' }));
    const dialog = await screen.findByRole('dialog', { name: '管理视图' });
    const row = within(dialog).getByRole('listitem', { name: '张姓' });

    fireEvent.click(within(row).getByRole('button', { name: '设为默认' }));
    await screen.findByText('已设为默认视图');
    expect(calls.viewSetDefault).toHaveBeenCalledWith({ body: { id: 4, version: 1, isDefault: true } });

    fireEvent.click(within(row).getByRole('button', { name: '重命名' }));
    const rename = await screen.findByRole('dialog', { name: '重命名视图' });
    fireEvent.change(within(rename).getByLabelText('视图名称'), { target: { value: '姓张' } });
    fireEvent.click(within(rename).getByRole('button', { name: '保存' }));
    await screen.findByText('视图已重命名');
    expect(calls.viewUpdate).toHaveBeenCalledWith({ body: { id: 4, version: 1, name: '姓张' } });

    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await screen.findByText('视图已删除');
    expect(calls.viewDelete).toHaveBeenCalledWith({ body: { id: 4 } });
  });
});
