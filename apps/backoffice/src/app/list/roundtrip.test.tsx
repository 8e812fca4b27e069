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
