import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, ConfirmProvider, Select, TextField, ToastProvider, useConfirm, useToast } from './index.js';

afterEach(cleanup);

describe('base components', () => {
  it('labels fields and reports errors', () => {
    render(<TextField label="用户名" error="必填" />);
    const input = screen.getByLabelText('用户名');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('必填');
  });
  it('disables a loading button', () => {
    render(<Button loading>保存</Button>);
    expect(screen.getByRole('button', { name: '保存' })).toHaveProperty('disabled', true);
  });
  it('select emits numbers for numeric options', () => {
    let v: number | '' = '';
    render(
      <Select
        label="区域"
        value=""
        onChange={(x) => {
          v = x;
        }}
        placeholder="全部"
        options={[{ value: 1, label: '华东' }]}
      />,
    );
    fireEvent.change(screen.getByLabelText('区域'), { target: { value: '1' } });
    expect(v).toBe(1);
  });
  it('confirm resolves with the choice', async () => {
    let result: boolean | undefined;
    function Probe() {
      const confirm = useConfirm();
      return (
        <button
          type="button"
          onClick={() =>
            void confirm({ title: '删除？' }).then((r) => {
              result = r;
            })
          }
        >
          go
        </button>
      );
    }
    render(
      <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>
        <Probe />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    const ok = await screen.findByRole('button', { name: '确定' });
    await act(async () => {
      fireEvent.click(ok);
    });
    expect(result).toBe(true);
  });
  it('toast shows an error as an alert', () => {
    function Probe() {
      const toast = useToast();
      return (
        <button type="button" onClick={() => toast.error('出错了')}>
          go
        </button>
      );
    }
    render(
      <ToastProvider>
        <Probe />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByRole('alert').textContent).toContain('出错了');
  });
});
