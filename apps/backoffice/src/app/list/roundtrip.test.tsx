// Export, edit, import back on a list screen (issue 34 §3): a screen whose import declares the kind's
// sheet (SHEETS of the contract) exports the template's columns and value formats, and the file it
// wrote reads back as the import's rows.
import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHEETS, exportColumns, templateColumns } from '@bo/api-sdk';
import { I18nProvider } from '../../i18n';
import { addMessages } from '../../i18n/catalogue';
import { ListScreenView } from './defineListScreen';
import { listMessages } from './messages';
import { readWorkbookRows } from './workbook';

const blobs: Blob[] = [];
const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  addMessages(listMessages);
  URL.createObjectURL = (b: Blob | MediaSource) => {
    blobs.push(b as Blob);
    return 'blob:x';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterAll(() => {
  URL.createObjectURL = saved.create;
  URL.revokeObjectURL = saved.revoke;
  vi.restoreAllMocks();
  cleanup();
});

/** jsdom's Blob has no arrayBuffer(): read it as a browser would. */
const bytesOf = (b: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsArrayBuffer(b);
  });

type Row = { code: string; name: string; validstatus: 0 | 1; sort: number; version: number };
const rows: Row[] = [
  { code: 'HD', name: '华东', validstatus: 1, sort: 1, version: 3 },
  { code: 'HB', name: '华北', validstatus: 0, sort: 2, version: 1 },
];

describe('a list screen with a declared sheet', () => {
  it('exports the import template’s headers and formats, and the file reads back as import rows', async () => {
    const sheet = SHEETS.regions;
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/x']}>
              <ListScreenView
                def={{
                  key: 'sheetRoundtrip',
                  what: () => '区域',
                  rowId: (r: Row) => r.code,
                  // The screen's own columns show names and words; the file follows the sheet.
                  columns: () => [
                    { id: 'name', header: '名称' },
                    {
                      id: 'validstatus',
                      header: '状态',
                      exportValue: (r: Row) => (r.validstatus ? '有效' : '无效'),
                    },
                  ],
                  list: () => Promise.resolve(rows),
                  importRows: {
                    call: () => Promise.reject(new Error('not called')),
                    sheet,
                  },
                }}
              />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    await screen.findByText('华东');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await screen.findByText(/已导出/);
    const blob = blobs.at(-1);
    if (!blob) throw new Error('no file');
    const bytes = await bytesOf(blob);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.worksheets[0];
    const header: unknown[] = [];
    ws?.getRow(1).eachCell((c, i) => void (header[i - 1] = c.value));
    expect(header).toEqual(exportColumns(sheet).map((c) => c.header));
    expect(header).toEqual(templateColumns(sheet).map((c) => c.header));
    const back = await readWorkbookRows(
      { arrayBuffer: () => Promise.resolve(bytes) } as Blob,
      templateColumns(sheet).map((c) => ({ key: c.field, header: c.header })),
    );
    expect(back).toEqual({
      firstRow: 2,
      rows: [
        { code: 'HD', name: '华东', validstatus: '1', sort: '1' },
        { code: 'HB', name: '华北', validstatus: '0', sort: '2' },
      ],
    });
  });
});

describe('a list screen whose kind is imported elsewhere (exportSheet)', () => {
  it('exports the clue template’s columns, codes where it takes codes, then the read-only names', async () => {
    const sheet = SHEETS.clues;
    const clue = {
      clueId: 7,
      cluecode: 'XS0007',
      childName: '小明',
      gender: 1,
      birthDate: '2021-05-01',
      parentName: '王女士',
      phone: '13900001111',
      relation: '妈妈',
      schoolItemCode: 'SH01',
      schoolItemName: '上海一校',
      channel: 'WEB',
      intention: 'HIGH',
      note: '',
      flowStateName: '待跟进',
      ownerName: '张顾问',
    };
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/x']}>
              <ListScreenView
                def={{
                  key: 'sheetExportOnly',
                  what: () => '线索',
                  rowId: (r: typeof clue) => String(r.clueId),
                  columns: () => [
                    { id: 'childName', header: '孩子' },
                    { id: 'schoolItemName', header: '校区' },
                  ],
                  list: () => Promise.resolve([clue]),
                  exportSheet: sheet,
                }}
              />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    await screen.findByText('小明');
    const before = blobs.length;
    fireEvent.click(screen.getAllByRole('button', { name: '导出' }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(blobs.length).toBe(before + 1));
    const bytes = await bytesOf(blobs.at(-1) as Blob);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.worksheets[0];
    const cells = (n: number) => {
      const out: unknown[] = [];
      ws?.getRow(n).eachCell({ includeEmpty: true }, (c, i) => void (out[i - 1] = c.value));
      return out;
    };
    const template = templateColumns(sheet).map((c) => c.header);
    expect(cells(1)).toEqual(exportColumns(sheet).map((c) => c.header));
    expect(cells(1).slice(0, template.length)).toEqual(template);
    expect(cells(2).slice(0, template.length + 4)).toEqual([
      '小明',
      1,
      '2021-05-01',
      '王女士',
      '13900001111',
      '妈妈',
      'SH01',
      'WEB',
      'HIGH',
      null,
      'XS0007',
      '上海一校',
      '待跟进',
      '张顾问',
    ]);
  });
});
