import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { addMessages } from '../../i18n/catalogue';
import { filterQuery, ListScreenView, listQuery, matchFilters } from './defineListScreen';
import { listMessages } from './messages';

describe('list binding helpers', () => {
  it('builds the list query from non-empty filters and paging', () => {
    expect(
      listQuery(
        { filters: { name: '北京', status: '', city: 'BJ' }, pageIdx: 2, pageSize: 50, sort: null },
        { kind: 'x' },
      ),
    ).toEqual({
      pageIdx: 2,
      pageSize: 50,
      name: '北京',
      city: 'BJ',
      kind: 'x',
    });
  });
  it('filters whole lists: text on code or name, status on validstatus or status, others exactly', () => {
    const rows = [
      { code: 'KF', name: '康复训练', validstatus: 1, typeCode: 'A' },
      { code: 'YY', name: '语言训练', validstatus: 0, typeCode: 'B' },
    ];
    expect(matchFilters(rows, { name: '语言' })).toEqual([rows[1]]);
    expect(matchFilters(rows, { status: '1' })).toEqual([rows[0]]);
    expect(matchFilters(rows, { typeCode: 'B', name: '' })).toEqual([rows[1]]);
    expect(matchFilters(rows, {})).toEqual(rows);
  });
});

describe('server export declared on the list kit', () => {
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const downloads: string[] = [];
  beforeAll(() => {
    addMessages(listMessages);
    // jsdom has no object URLs and does not download: record the file name the link asks for.
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterAll(() => {
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
    vi.restoreAllMocks();
    cleanup();
  });

  it("asks the server for the URL's whole filtered result, shows it done, and names the file by date", async () => {
    const list = vi.fn(() => Promise.resolve({ list: [{ id: 1, name: '甲' }], total: 1234 }));
    const serverExport = vi.fn((_f: Record<string, string>) => Promise.resolve(new Blob(['xlsx'])));
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/x?keyword=%E7%94%B2&status=']}>
              <ListScreenView
                def={{
                  key: 'serverExportTest',
                  what: () => '记录',
                  rowId: (r: { id: number; name: string }) => String(r.id),
                  searchFields: () => [
                    { kind: 'text', name: 'keyword', label: '关键字' },
                    { kind: 'text', name: 'status', label: '状态' },
                  ],
                  columns: () => [{ id: 'name', header: '名称' }],
                  list,
                  serverExport,
                }}
              />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    await screen.findByText('甲');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await screen.findByText('已导出筛选结果');
    expect(serverExport).toHaveBeenCalledWith({ keyword: '甲' });
    expect(list).toHaveBeenCalledTimes(1);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatch(/^记录_\d{8}\.xlsx$/);
  });

  it('passes only the non-empty filters', () => {
    expect(filterQuery({ a: '1', b: '', c: 'x' })).toEqual({ a: '1', c: 'x' });
  });
});
