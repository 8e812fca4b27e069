import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfirmProvider } from '../components/Confirm.js';
import { FormDialog, FormView } from './FormParts.js';
import { FormNumber, FormText, FormTextArea, FormTime } from './fields.js';
import { issueMessage } from './messages.js';
import { isRequired } from './schema.js';
import { FormKitContext, useSchemaForm, type FormKitConfig } from './useSchemaForm.js';

afterEach(cleanup);

// The shape of a contract body: a required reason with a bilingual message, an optional phone.
const Body = z.object({
  clueId: z.number().int(),
  reason: z.string().trim().min(1).max(5),
  phone: z
    .string()
    .regex(/^1\d{10}$/)
    .optional(),
  score: z.number().min(0).max(100).optional(),
});

class FakeApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

function Kit({ children, config }: { children: ReactNode; config?: Partial<FormKitConfig> }) {
  return (
    <FormKitContext.Provider value={{ locale: 'zh-CN', ...config }}>
      <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>{children}</ConfirmProvider>
    </FormKitContext.Provider>
  );
}

function ReasonDialog(props: {
  onSubmit: (v: z.output<typeof Body>) => Promise<unknown>;
  onReload?: () => void;
  confirm?: boolean;
}) {
  const form = useSchemaForm({
    schema: Body,
    defaultValues: { clueId: 7, reason: '', phone: '' },
    onSubmit: props.onSubmit,
    onReload: props.onReload,
    confirm: props.confirm ? { message: '驳回后不可撤销' } : undefined,
  });
  return (
    <FormDialog form={form} onClose={() => undefined} title="驳回">
      <FormTextArea form={form} name="reason" label="原因" />
      <FormText form={form} name="phone" label="手机号" />
      <FormNumber form={form} name="score" label="分数" />
    </FormDialog>
  );
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: '提交' });
const press = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('the schema form kit', () => {
  it('reads the required mark from the schema', () => {
    expect(isRequired(Body, 'reason')).toBe(true);
    expect(isRequired(Body, 'clueId')).toBe(true);
    expect(isRequired(Body, 'phone')).toBe(false);
    expect(isRequired(z.object({ note: z.string().trim().max(9).default('') }), 'note')).toBe(false);
    render(
      <Kit>
        <ReasonDialog onSubmit={() => Promise.resolve()} />
      </Kit>,
    );
    // A required field's label carries the mark beside it; an optional one does not.
    const markOf = (name: string) =>
      document.querySelector(`label[for="${field(name).id}"]`)?.parentElement?.textContent;
    expect(markOf('原因')).toBe('*原因');
    expect(markOf('手机号')).toBe('手机号');
    expect(field('原因').getAttribute('required')).not.toBeNull();
  });

  it('says what is wrong in Chinese, naming the field by its label, and does not submit', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('手机号'), { target: { value: '123' } });
    fireEvent.change(field('分数'), { target: { value: '101' } });
    await press(submitButton());
    expect(await screen.findByText('请填写 原因')).toBeTruthy();
    expect(screen.getByText('手机号 格式不正确')).toBeTruthy();
    expect(screen.getByText('分数 不能大于 100')).toBeTruthy();
    expect(field('原因').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toMatch(/Invalid|expected|reason:/);
    expect(submit).not.toHaveBeenCalled();
  });

  it('says it in English when the user reads English', async () => {
    render(
      <Kit config={{ locale: 'en' }}>
        <ReasonDialog onSubmit={() => Promise.resolve()} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: 'far too long' } });
    await press(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('原因: at most 5 characters')).toBeTruthy();
  });

  it('submits the parsed values; an optional field left empty is absent', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: ' 重复 ' } });
    fireEvent.change(field('分数'), { target: { value: '80' } });
    await press(submitButton());
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({ clueId: 7, reason: '重复', phone: undefined, score: 80 }),
    );
  });

  it('takes a time of day as HH:MM; a time left empty is no value, named by its label', async () => {
    const Times = z.object({ start: z.string().regex(/^\d{2}:\d{2}$/), end: z.string().optional() });
    const submit = vi.fn(() => Promise.resolve());
    function TimeDialog() {
      const form = useSchemaForm({ schema: Times, defaultValues: {}, onSubmit: submit });
      return (
        <FormDialog form={form} onClose={() => undefined} title="时间">
          <FormTime form={form} name="start" label="开始时间" />
          <FormTime form={form} name="end" label="结束时间" />
        </FormDialog>
      );
    }
    render(
      <Kit>
        <TimeDialog />
      </Kit>,
    );
    await press(submitButton());
    expect(await screen.findByText('请填写 开始时间')).toBeTruthy();
    fireEvent.change(field('开始时间'), { target: { value: '09:30' } });
    await press(submitButton());
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ start: '09:30', end: undefined }));
  });

  it('puts a server 400 on the field it names, in the user’s language', async () => {
    const submit = vi.fn(() =>
      Promise.reject(new FakeApiError('手机号已被占用 / the phone is taken', 400, 'body.phone')),
    );
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    fireEvent.change(field('手机号'), { target: { value: '13800000000' } });
    await press(submitButton());
    const phone = field('手机号');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '手机号已被占用',
    );
  });

  it('puts a server 404 on the field that named the missing record', async () => {
    const submit = vi.fn(() =>
      Promise.reject(new FakeApiError('学员不存在 / student not found', 404, 'phone')),
    );
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    fireEvent.change(field('手机号'), { target: { value: '13800000000' } });
    await press(submitButton());
    const phone = field('手机号');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '学员不存在',
    );
  });

  it('turns the server’s own schema text into one naming the label', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new FakeApiError('body.reason: Too big: expected string to have <=5', 400, 'body.reason'),
      ),
    );
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    await press(submitButton());
    expect(await screen.findByText('原因 不正确')).toBeTruthy();
    expect(document.body.textContent).not.toContain('body.reason');
  });

  it('keeps a rule’s own message after the server’s field path, without the path', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new FakeApiError('body.reason: 原因含有敏感词 / the reason has a banned word', 400, 'body.reason'),
      ),
    );
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    await press(submitButton());
    expect(await screen.findByText('原因含有敏感词')).toBeTruthy();
    expect(document.body.textContent).not.toContain('body.reason');
  });

  it('shows a version conflict on top with a reload that refetches', async () => {
    const reload = vi.fn();
    const submit = vi.fn(() =>
      Promise.reject(new FakeApiError('记录已被他人修改 / the record was changed by someone else', 409)),
    );
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} onReload={reload} />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    await press(submitButton());
    const banner = await screen.findByText('记录已被他人修改');
    const alert = banner.closest('[role=alert]');
    expect(alert).not.toBeNull();
    await press(within(alert as HTMLElement).getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('记录已被他人修改')).toBeNull();
  });

  it('asks before what cannot be undone, and does nothing when the user declines', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(
      <Kit>
        <ReasonDialog onSubmit={submit} confirm />
      </Kit>,
    );
    fireEvent.change(field('原因'), { target: { value: '重复' } });
    await press(submitButton());
    expect(await screen.findByText('驳回后不可撤销')).toBeTruthy();
    await press(screen.getAllByRole('button', { name: '取消' }).at(-1) as HTMLElement);
    expect(submit).not.toHaveBeenCalled();

    await press(submitButton());
    await screen.findByText('驳回后不可撤销');
    await press(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('a page form shows a refusal without a field on top', async () => {
    function Page() {
      const form = useSchemaForm({
        schema: z.object({ username: z.string().trim().min(1) }),
        defaultValues: { username: 'a' },
        onSubmit: () => Promise.reject(new FakeApiError('无法连接服务器 / the server cannot be reached', -1)),
      });
      return (
        <FormView form={form}>
          <FormText form={form} name="username" label="用户名" />
          <button type="submit">登录</button>
        </FormView>
      );
    }
    render(
      <Kit>
        <Page />
      </Kit>,
    );
    await press(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('无法连接服务器');
  });

  it('a page form started again after a save forgets what the user typed', async () => {
    const saved = vi.fn((v: { note: string }) => Promise.resolve(v));
    function Page() {
      const form = useSchemaForm({
        schema: z.object({ note: z.string().trim().min(1) }),
        defaultValues: { note: '' },
        onSubmit: saved,
        onSuccess: (_r, _v, f) => f.reset({ note: '' }),
      });
      return (
        <FormView form={form}>
          <FormTextArea form={form} name="note" label="跟进内容" />
          <button type="submit">保存</button>
        </FormView>
      );
    }
    render(
      <Kit>
        <Page />
      </Kit>,
    );
    fireEvent.change(screen.getByLabelText('跟进内容'), { target: { value: '已电话沟通' } });
    await press(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ note: '已电话沟通' }));
    await waitFor(() => expect((screen.getByLabelText('跟进内容') as HTMLTextAreaElement).value).toBe(''));
  });

  it('never shows zod’s English default for a type error', () => {
    const r = z.object({ n: z.number() }).safeParse({ n: 'x' });
    const issue = r.success ? undefined : r.error.issues[0];
    expect(issue && issueMessage(issue, '金额', 'x', 'zh-CN')).toBe('金额 须为数字');
    expect(issue && issueMessage(issue, 'amount', 'x', 'en')).toBe('amount must be a number');
  });
});
