import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler, useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/Confirm.js';
import { collectAllRows } from './exportAll.js';
import { ListPage } from './ListPage.js';
import { readListState, writeListState } from './params.js';
import { SearchForm, yearOptions } from './SearchForm.js';
import { StatusSwitch } from './StatusSwitch.js';
import type { ListColumn, SearchField } from './types.js';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

interface Row {
  code: string;
  name: string;
  city: string;
}
const rows: Row[] = [
  { code: 'A1', name: '北京一校', city: '北京' },
  { code: 'B2', name: '上海一校', city: '上海' },
];
const columns: ListColumn<Row>[] = [
  { id: 'code', header: '编码', sortable: true },
  { id: 'name', header: '名称' },
  { id: 'city', header: '城市' },
];
const fields: SearchField[] = [
  { kind: 'text', name: 'name', label: '校区名称' },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: '1', label: '启用' },
      { value: '0', label: '停用' },
    ],
  },
];

/** A list bound to an in-memory "URL", as the router would bind it. */
function Harness({
  onParams,
  onReload,
  initial = '',
}: {
  onParams?: (p: URLSearchParams) => void;
  onReload?: () => void;
  initial?: string;
}) {
  const [params, setParams] = useState(() => new URLSearchParams(initial));
  return (
    <ListPage<Row>
      listKey="test.campus"
      tableLabel="校区列表"
      searchFields={fields}
      params={params}
      onParamsChange={(p) => {
        setParams(p);
        onParams?.(p);
      }}
      columns={columns}
      getRowId={(r) => r.code}
      rows={rows}
      total={2}
      onReload={onReload}
    />
  );
}

describe('list state in the URL', () => {
  it('round-trips filters, page, size and sort, keeping other parameters', () => {
    const start = new URLSearchParams('tab=campus&other.name=x');
    const state = {
      filters: { name: '北京', status: '1' },
      pageIdx: 3,
      pageSize: 50,
      sort: { id: 'code', desc: true },
    };
    const written = writeListState(start, state, { prefix: 'campus' });
    expect(written.get('tab')).toBe('campus');
    expect(written.get('other.name')).toBe('x');
    expect(written.get('campus.name')).toBe('北京');
    expect(readListState(written, ['name', 'status'], { prefix: 'campus' })).toEqual(state);
  });
  it('leaves defaults out and falls back on nonsense', () => {
    const written = writeListState(new URLSearchParams(), {
      filters: { name: '' },
      pageIdx: 1,
      pageSize: 20,
      sort: null,
    });
    expect(written.toString()).toBe('');
    expect(readListState(new URLSearchParams('page=-2&size=33'), ['name'])).toEqual({
      filters: { name: '' },
      pageIdx: 1,
      pageSize: 20,
      sort: null,
    });
  });
  it('keeps a filter with a default out of the URL, and an emptied one empty (not the default again)', () => {
    const defaults = { mine: 'true' };
    const state = (mine: string) => ({ filters: { mine }, pageIdx: 1, pageSize: 20, sort: null });
    expect(writeListState(new URLSearchParams(), state('true'), { defaults }).toString()).toBe('');
    const emptied = writeListState(new URLSearchParams(), state(''), { defaults });
    expect(emptied.toString()).toBe('mine=');
    expect(readListState(emptied, ['mine'], { defaults }).filters).toEqual({ mine: '' });
    expect(readListState(new URLSearchParams(), ['mine'], { defaults }).filters).toEqual({ mine: 'true' });
  });
  it('shows the filters of the URL in the search form (refresh keeps them)', () => {
    render(<Harness initial="name=%E5%8C%97%E4%BA%AC&status=0" />);
    expect((screen.getByLabelText('校区名称') as HTMLInputElement).value).toBe('北京');
    expect((screen.getByLabelText('状态') as HTMLSelectElement).value).toBe('0');
  });
});

describe('search form', () => {
  it('trims strings on submit and writes them to the URL, back to page 1', () => {
    const onParams = vi.fn();
    render(<Harness onParams={onParams} initial="page=3" />);
    fireEvent.change(screen.getByLabelText('校区名称'), { target: { value: '  北京一校  ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const p = onParams.mock.calls.at(-1)?.[0] as URLSearchParams;
    expect(p.get('name')).toBe('北京一校');
    expect(p.get('page')).toBeNull();
    expect((screen.getByLabelText('校区名称') as HTMLInputElement).value).toBe('北京一校');
  });
  it('search with the filters already shown reloads the list instead of doing nothing', () => {
    const onParams = vi.fn();
    const onReload = vi.fn();
    render(<Harness onParams={onParams} onReload={onReload} initial="name=%E5%8C%97%E4%BA%AC" />);
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onParams).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('校区名称'), { target: { value: '上海' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect((onParams.mock.calls.at(-1)?.[0] as URLSearchParams).get('name')).toBe('上海');
  });
  it('offers a month picker and a year picker instead of typed YYYY-MM and YYYY', () => {
    const onSubmit = vi.fn();
    render(
      <SearchForm
        fields={[
          { kind: 'month', name: 'month', label: '月份' },
          { kind: 'year', name: 'year', label: '年份' },
        ]}
        values={{ month: '2026-10', year: '' }}
        onSubmit={onSubmit}
        onReset={() => undefined}
      />,
    );
    const month = screen.getByLabelText('月份') as HTMLInputElement;
    expect(month.type).toBe('month');
    expect(month.value).toBe('2026-10');
    fireEvent.change(month, { target: { value: '2026-11' } });
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '2025' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSubmit).toHaveBeenCalledWith({ month: '2026-11', year: '2025' });
    const years = yearOptions('2001', new Date('2026-06-01T00:00:00Z')).map((o) => o.value);
    expect(years.slice(0, 3)).toEqual(['2027', '2026', '2025']);
    expect(years).toContain('2017');
    expect(years).not.toContain('2016');
    expect(years.at(-1)).toBe('2001');
  });
  it('applies at once a value a field fills in by itself before the user touches the form', async () => {
    const onSubmit = vi.fn();
    // A selector that preselects the only choice (the user's only campus) as it mounts.
    function OnlyCampus({ value, onChange }: { value: string; onChange: (v: string) => void }) {
      useEffect(() => {
        if (value === '') onChange('SH01');
      }, [value, onChange]);
      return <span>{value}</span>;
    }
    render(
      <SearchForm
        fields={[
          { kind: 'text', name: 'name', label: '名称' },
          { kind: 'custom', name: 'campus', label: '校区', render: (p) => <OnlyCampus {...p} /> },
        ]}
        values={{}}
        onSubmit={onSubmit}
        onReset={() => undefined}
      />,
    );
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ campus: 'SH01' }));
    // What the user types waits for 查询.
    onSubmit.mockClear();
    const name = screen.getByLabelText('名称');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: '北京' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSubmit).toHaveBeenCalledWith({ campus: 'SH01', name: '北京' });
  });
  it('reset clears the filters', () => {
    const onParams = vi.fn();
    render(<Harness onParams={onParams} initial="name=x&status=1" />);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect((onParams.mock.calls.at(-1)?.[0] as URLSearchParams).toString()).toBe('');
  });
});

describe('table', () => {
  it('the column chooser hides a column and remembers it next time', async () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: '校区列表' });
    expect(within(table).getByRole('columnheader', { name: '城市' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '城市' }));
    expect(within(table).queryByRole('columnheader', { name: '城市' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('bo.columns.test.campus') ?? '[]')).toEqual(['city']);
    cleanup();
    render(<Harness />);
    expect(
      within(screen.getByRole('table', { name: '校区列表' })).queryByRole('columnheader', { name: '城市' }),
    ).toBeNull();
  });
  it('sorting by a column is kept in the URL', () => {
    const onParams = vi.fn();
    render(<Harness onParams={onParams} />);
    fireEvent.click(screen.getByRole('button', { name: /编码/ }));
    expect((onParams.mock.calls.at(-1)?.[0] as URLSearchParams).get('sort')).toBe('code.asc');
  });
  it('shows an error with a retry, never the previous rows as if they were the answer', () => {
    const retry = vi.fn();
    render(
      <ListPage<Row>
        listKey="e"
        tableLabel="t"
        params={new URLSearchParams()}
        onParamsChange={() => undefined}
        columns={columns}
        getRowId={(r) => r.code}
        rows={rows}
        total={2}
        error={new Error('网络错误')}
        onRetry={retry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('网络错误');
    expect(screen.queryByText('北京一校')).toBeNull();
    expect(screen.queryByText('共 2 条')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalled();
  });
  it('shows an empty state', () => {
    render(
      <ListPage<Row>
        listKey="e"
        tableLabel="t"
        params={new URLSearchParams()}
        onParamsChange={() => undefined}
        columns={columns}
        getRowId={(r) => r.code}
        rows={[]}
        total={0}
      />,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
  it('bulk actions act on the selected rows', async () => {
    const act1 = vi.fn();
    render(
      <ListPage<Row>
        listKey="b"
        tableLabel="t"
        params={new URLSearchParams()}
        onParamsChange={() => undefined}
        columns={columns}
        getRowId={(r) => r.code}
        rows={rows}
        total={2}
        bulkActions={[{ key: 'x', label: '批量停用', onClick: act1 }]}
      />,
    );
    fireEvent.click(screen.getAllByRole('checkbox', { name: '选择此行' })[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '批量停用' }));
    await waitFor(() => expect(act1).toHaveBeenCalledWith([rows[1]]));
  });
});

describe('status switch', () => {
  it('asks for confirmation before disabling and does nothing when cancelled', async () => {
    const change = vi.fn(() => Promise.resolve());
    render(
      <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>
        <StatusSwitch on name="北京一校" onChange={change} />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('switch', { name: /北京一校/ }));
    expect(await screen.findByText('确定要停用吗？')).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '取消' }));
    });
    expect(change).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('switch', { name: /北京一校/ }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    });
    await waitFor(() => expect(change).toHaveBeenCalledWith(false));
  });
});

describe('export of the whole result', () => {
  it('fetches every page until the total is reached, reporting progress', async () => {
    const all = Array.from({ length: 1234 }, (_, i) => ({ id: i }));
    const fetchPage = vi.fn((pageIdx: number, pageSize: number) =>
      Promise.resolve({ list: all.slice((pageIdx - 1) * pageSize, pageIdx * pageSize), total: all.length }),
    );
    const progress: number[] = [];
    const got = await collectAllRows(fetchPage, { pageSize: 500, onProgress: (d) => progress.push(d) });
    expect(got).toHaveLength(1234);
    expect(fetchPage.mock.calls).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(progress).toEqual([500, 1000, 1234]);
  });
  it('stops on a short page even if the total moved', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ list: [1, 2], total: 10 }));
    expect(await collectAllRows(fetchPage, { pageSize: 5 })).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('rendering', () => {
  it('settles: a list paged in the browser does not re-render in a loop', async () => {
    let renders = 0;
    const many = Array.from({ length: 30 }, (_, i) => ({ code: `C${i}`, name: `校区${i}`, city: '北京' }));
    render(
      <Profiler
        id="list"
        onRender={() => {
          renders += 1;
        }}
      >
        <ListPage<Row>
          listKey="loop"
          tableLabel="t"
          params={new URLSearchParams('size=10&sort=name.desc')}
          onParamsChange={() => undefined}
          columns={columns}
          getRowId={(r) => r.code}
          rows={many}
          total={30}
          clientPaging
        />
      </Profiler>,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(renders).toBeLessThan(5);
  });
});
