import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { RecordFormDialog, type FieldName, type FormField } from './RecordFormDialog.js';
import { serverErrorField } from './serverError.js';

afterEach(cleanup);

const schema = z.object({
  code: z.string().trim().min(1, '请输入编码'),
  name: z.string().trim().min(1, '请输入名称').max(10, '名称最多10个字'),
  sort: z.number().int().min(0, '排序不能为负'),
  validstatus: z.union([z.literal(0), z.literal(1)]),
  version: z.number().int().optional(),
});
const fields: FormField<FieldName<typeof schema>>[] = [
  { kind: 'text', name: 'code', label: '编码', required: true, lockedOnEdit: true },
  { kind: 'text', name: 'name', label: '名称', required: true },
  { kind: 'number', name: 'sort', label: '排序' },
  { kind: 'switch', name: 'validstatus', label: '启用', onValue: 1, offValue: 0 },
];

class FakeApiError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

describe('RecordFormDialog', () => {
  it('shows the schema errors on the fields and does not submit', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="新增校区"
        schema={schema}
        fields={fields}
        initialValues={{ sort: -1, validstatus: 1 }}
        onSubmit={submit}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    expect(await screen.findByText('请输入编码')).toBeTruthy();
    expect(screen.getByText('排序不能为负')).toBeTruthy();
    expect(screen.getByLabelText(/编码/).getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits parsed values, carrying the version of the record', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(
      <RecordFormDialog
        open
        mode="edit"
        onClose={() => undefined}
        title="编辑"
        schema={schema}
        fields={fields}
        initialValues={{ code: 'A1', name: '旧', sort: 3, validstatus: 1, version: 4 }}
        onSubmit={submit}
      />,
    );
    expect((screen.getByLabelText(/编码/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/名称/), { target: { value: ' 新名称 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        code: 'A1',
        name: '新名称',
        sort: 3,
        validstatus: 1,
        version: 4,
      }),
    );
  });

  it('takes a month from a month picker, not typed against a YYYY-MM hint', async () => {
    const monthly = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, '请选择月份') });
    const submit = vi.fn(() => Promise.resolve());
    render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="新增月度折扣率"
        schema={monthly}
        fields={[{ kind: 'month', name: 'month', label: '月份', required: true }]}
        initialValues={{ month: '2026-11' }}
        onSubmit={submit}
      />,
    );
    const input = screen.getByLabelText(/月份/) as HTMLInputElement;
    expect(input.type).toBe('month');
    expect(input.placeholder).not.toContain('YYYY');
    expect(input.value).toBe('2026-11');
    fireEvent.change(input, { target: { value: '2026-12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ month: '2026-12' }));
  });

  it('leaves a code the system assigns out of a new record and shows it read-only on edit', async () => {
    const generated = z.object({ code: z.number().int().optional(), name: z.string().trim().min(1) });
    const gFields: FormField<FieldName<typeof generated>>[] = [
      { kind: 'number', name: 'code', label: '角色编码', assigned: true },
      { kind: 'text', name: 'name', label: '角色名称', required: true },
    ];
    const submit = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="新增角色"
        schema={generated}
        fields={gFields}
        initialValues={{}}
        onSubmit={submit}
      />,
    );
    expect(screen.queryByLabelText(/角色编码/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/角色名称/), { target: { value: '客服' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: '客服' }));
    rerender(
      <RecordFormDialog
        open
        mode="edit"
        onClose={() => undefined}
        title="编辑角色"
        schema={generated}
        fields={gFields}
        initialValues={{ code: 1001, name: '客服' }}
        onSubmit={submit}
      />,
    );
    expect((screen.getByLabelText(/角色编码/) as HTMLInputElement).disabled).toBe(true);
  });

  it('marks the field a server error names (body.code → code)', async () => {
    const submit = vi.fn(() =>
      Promise.reject(new FakeApiError('编码已存在 / the code is taken', 'body.code')),
    );
    render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="新增"
        schema={schema}
        fields={fields}
        initialValues={{ code: 'A1', name: 'x', sort: 1, validstatus: 1 }}
        onSubmit={submit}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    // Shown in the user's language (zh-CN here), on the field it names.
    expect(await screen.findByText('编码已存在')).toBeTruthy();
    expect(screen.getByLabelText(/编码/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a server error without a field (a version conflict) on top', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new FakeApiError('记录已被他人修改，请刷新 / the record was changed by someone else; reload'),
      ),
    );
    render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="编辑"
        schema={schema}
        fields={fields}
        initialValues={{ code: 'A1', name: 'x', sort: 1, validstatus: 1, version: 2 }}
        onSubmit={submit}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('记录已被他人修改');
  });

  it('sends an empty date as no date', async () => {
    const dated = z.object({
      name: z.string().min(1),
      entryDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    });
    const submit = vi.fn(() => Promise.resolve());
    render(
      <RecordFormDialog
        open
        onClose={() => undefined}
        title="x"
        schema={dated}
        fields={[
          { kind: 'text', name: 'name', label: '名称' },
          { kind: 'date', name: 'entryDate', label: '入职日期' },
        ]}
        initialValues={{ name: 'a' }}
        onSubmit={submit}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'a' }));
  });

  it('reads the field of a server error', () => {
    expect(serverErrorField({ field: 'body.code' })).toBe('code');
    expect(serverErrorField({ field: 'query.items.0' })).toBe('items');
    expect(serverErrorField(new Error('x'))).toBeUndefined();
  });
});
