// The seat store against a stubbed API and Web SDK: which centre, sign-in, keep-alive and its failure,
// a call recorded under the SDK's session id with the locked call type, and its end; Zhichi dialling
// through the server; the panel's sign-in form checks what it sends by the contract's schema.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (e: { data?: Record<string, unknown> }) => void;

const api = {
  centre: vi.fn(),
  tencentLogin: vi.fn(),
  tencentKeepAlive: vi.fn(),
  tencentLogout: vi.fn(),
  tencentFlashMsg: vi.fn(),
  zhichiLogin: vi.fn(),
  zhichiLogout: vi.fn(),
  zhichiMakeCall: vi.fn(),
  save: vi.fn(),
};
const sdkHandlers = new Map<string, Handler>();
const tccc = {
  events: { ready: 'ready', sessionEnded: 'sessionEnded' },
  on: (event: string, h: Handler) => sdkHandlers.set(event, h),
  Call: {
    startOutboundCall: vi.fn(),
    hungUp: vi.fn(),
  },
};
const loadedUrls: string[] = [];

vi.mock('../../app/sdk', () => ({
  sdk: { calls: api },
  queryClient: { invalidateQueries: () => Promise.resolve() },
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));
vi.mock('./tccc', () => ({
  loadTccc: (url: string) => {
    loadedUrls.push(url);
    (window as unknown as { tccc: unknown }).tccc = tccc;
    return Promise.resolve(tccc);
  },
  currentTccc: () => (loadedUrls.length ? tccc : null),
  tcccOffline: () => undefined,
  onTcccSessionEnded: (g: typeof tccc, handler: (id: string) => void) =>
    g.on('sessionEnded', (e) => handler(String(e.data?.sessionId))),
  tcccDial: async (g: typeof tccc, phone: string, desc: string) => {
    const r = (await g.Call.startOutboundCall({ phoneNumber: phone, phoneDesc: desc })) as {
      data: { sessionId: string; callerPhoneNumber: string };
    };
    return { sessionId: r.data.sessionId, callerPhoneNumber: r.data.callerPhoneNumber };
  },
}));

const login = (over: Record<string, unknown> = {}) => ({
  provider: 'tencent',
  agentId: 'esales',
  token: 'tok-1',
  sdkUrl: 'https://sdk.example/tccc-sdk.js?token=1',
  expiresAt: '2026-11-23T01:00:00.000Z',
  ...over,
});

async function fresh() {
  vi.resetModules();
  const m = await import('./agent');
  const view = renderHook(() => m.useAgent());
  return { m, state: () => view.result.current };
}

beforeEach(() => {
  localStorage.clear();
  loadedUrls.length = 0;
  sdkHandlers.clear();
  Object.values(api).forEach((f) => f.mockReset());
  tccc.Call.startOutboundCall.mockReset();
  api.save.mockResolvedValue({});
  api.tencentLogout.mockResolvedValue(true);
});
afterEach(() => cleanup());

describe('agent seat', () => {
  it('says calling is not set up when no centre is configured', async () => {
    api.centre.mockResolvedValue({ provider: null });
    const { state } = await fresh();
    await waitFor(() => expect(state().status).toBe('notConfigured'));
  });

  it('signs in to Tencent through the SDK URL, keeps the token, and shows a failed renewal', async () => {
    api.centre.mockResolvedValue({ provider: 'tencent' });
    api.tencentLogin.mockResolvedValue(login());
    const { m, state } = await fresh();
    await waitFor(() => expect(state().status).toBe('offline'));

    await act(() => m.signIn({ phone: '13800000001' }));
    expect(api.tencentLogin).toHaveBeenCalledWith({ body: { phone: '13800000001' } });
    expect(loadedUrls).toEqual(['https://sdk.example/tccc-sdk.js?token=1']);
    expect(state()).toMatchObject({ status: 'online', agentId: 'esales' });
    expect(localStorage.getItem('callToken')).toBe('tok-1');

    api.tencentKeepAlive.mockRejectedValueOnce(new Error('坐席未登录 / the seat is not signed in'));
    await act(() => m.renew());
    expect(state()).toMatchObject({ status: 'renewFailed', error: '坐席未登录 / the seat is not signed in' });

    api.tencentKeepAlive.mockResolvedValueOnce({
      online: true,
      expiresAt: '2026-11-23T02:00:00.000Z',
      renewed: login({ token: 'tok-2', expiresAt: '2026-11-23T02:00:00.000Z' }),
    });
    await act(() => m.renew());
    expect(state()).toMatchObject({ status: 'online', error: null, expiresAt: '2026-11-23T02:00:00.000Z' });
    expect(localStorage.getItem('callToken')).toBe('tok-2');

    await act(() => m.signOut());
    expect(api.tencentLogout).toHaveBeenCalled();
    expect(state().status).toBe('offline');
    expect(localStorage.getItem('callToken')).toBeNull();
  });

  it('records a dialled call under the SDK session id with the locked call type, and completes it at its end', async () => {
    api.centre.mockResolvedValue({ provider: 'tencent' });
    api.tencentLogin.mockResolvedValue(login());
    api.tencentFlashMsg.mockResolvedValue({
      callee: '13912345678',
      caller: '02161230000',
      clue: null,
      resource: null,
      lastCall: null,
      message: '新号码',
    });
    tccc.Call.startOutboundCall.mockResolvedValue({
      status: 'success',
      data: { sessionId: 'sess-1', callerPhoneNumber: '02161230000' },
    });
    const { m, state } = await fresh();
    await waitFor(() => expect(state().status).toBe('offline'));
    await act(() => m.signIn({}));
    act(() => m.chooseCallType('invite'));

    await act(() => m.dial({ phone: '13912345678', name: '王家长', clueId: 7 }));
    expect(tccc.Call.startOutboundCall).toHaveBeenCalledWith({
      phoneNumber: '13912345678',
      phoneDesc: '王家长',
    });
    expect(api.save).toHaveBeenCalledWith({
      body: expect.objectContaining({
        sessionId: 'sess-1',
        clueId: 7,
        phone: '13912345678',
        callerPhone: '02161230000',
        callType: 'invite',
        provider: 'tencent',
        endAt: null,
      }),
    });
    expect(api.tencentFlashMsg).toHaveBeenCalledWith({ query: { bj: '13912345678', zj: '02161230000' } });
    expect(state().call).toMatchObject({ sessionId: 'sess-1', ended: false, pop: { message: '新号码' } });
    // Spec §4: once a call starts its type cannot change for a while.
    act(() => m.chooseCallType('other'));
    expect(m.callTypeNow()).toEqual({ type: 'invite', canChange: false });

    await act(async () => {
      sdkHandlers.get('sessionEnded')?.({ data: { sessionId: 'sess-1' } });
      await Promise.resolve();
    });
    await waitFor(() => expect(state().call?.ended).toBe(true));
    expect(api.save).toHaveBeenLastCalledWith({
      body: expect.objectContaining({ sessionId: 'sess-1', endAt: expect.any(String) }),
    });
  });

  it('signs in to Zhichi with the job number and answering phone', async () => {
    api.centre.mockResolvedValue({ provider: 'zhichi' });
    api.zhichiLogin.mockResolvedValue(
      login({ provider: 'zhichi', agentId: '1001', token: 'za-1', sdkUrl: null }),
    );
    api.zhichiLogout.mockResolvedValue(true);
    const { m, state } = await fresh();
    await waitFor(() => expect(state().status).toBe('offline'));
    await act(() => m.signIn({ jobNumber: '1001', phone: '13800000003' }));
    expect(api.zhichiLogin).toHaveBeenCalledWith({ query: { jobNumber: '1001', phone: '13800000003' } });
    expect(state()).toMatchObject({ status: 'online', agentId: '1001' });
    expect(localStorage.getItem('callToken')).toBe('za-1');
    await act(() => m.signOut());
    expect(api.zhichiLogout).toHaveBeenCalledWith({ query: { jobNumber: '1001' } });
  });

  it('signs in from the panel only with a job number and a phone the contract takes', async () => {
    api.centre.mockResolvedValue({ provider: 'zhichi' });
    api.zhichiLogin.mockResolvedValue(
      login({ provider: 'zhichi', agentId: '1001', token: 'za-1', sdkUrl: null }),
    );
    const { state } = await fresh();
    await waitFor(() => expect(state().status).toBe('offline'));
    const { AgentPanel } = await import('../shell/AgentPanel');
    const { I18nProvider, addMessages } = await import('../../i18n');
    addMessages((await import('./messages')).callsMessages);
    const { FormKitProvider } = await import('../../app/form');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider>
          <FormKitProvider>
            <AgentPanel />
          </FormKitProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开坐席面板' }));
    fireEvent.click(await screen.findByRole('button', { name: '登录坐席' }));
    expect(await screen.findByText('请填写 坐席工号')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/坐席工号/), { target: { value: '1001' } });
    fireEvent.change(screen.getByLabelText(/接听手机/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '登录坐席' }));
    expect(await screen.findByText(/电话号码格式不正确/)).toBeTruthy();
    expect(api.zhichiLogin).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/接听手机/), { target: { value: '138 0000 0003' } });
    fireEvent.click(screen.getByRole('button', { name: '登录坐席' }));
    await waitFor(() => expect(state().status).toBe('online'));
    expect(api.zhichiLogin).toHaveBeenCalledWith({ query: { jobNumber: '1001', phone: '13800000003' } });
    // The panel's modules load on first use: a busy machine takes seconds.
  }, 60_000);

  it('dials through Zhichi on the server, records the call under its call id, and closes it from the panel', async () => {
    api.centre.mockResolvedValue({ provider: 'zhichi' });
    api.zhichiLogin.mockResolvedValue(
      login({ provider: 'zhichi', agentId: '1001', token: 'za-1', sdkUrl: null }),
    );
    api.zhichiMakeCall.mockResolvedValue({ sessionId: 'zc-1', callerPhone: '13800000003' });
    api.tencentFlashMsg.mockResolvedValue({
      callee: '13912345678',
      caller: '13800000003',
      clue: null,
      resource: null,
      lastCall: null,
      message: '新号码',
    });
    const { m, state } = await fresh();
    await waitFor(() => expect(state().status).toBe('offline'));
    await act(() => m.signIn({ jobNumber: '1001', phone: '13800000003' }));
    await act(() => m.dial({ phone: '13912345678', name: '王家长', clueId: 7 }));
    expect(api.zhichiMakeCall).toHaveBeenCalledWith({ query: { jobNumber: '1001', phone: '13912345678' } });
    expect(tccc.Call.startOutboundCall).not.toHaveBeenCalled();
    expect(api.save).toHaveBeenCalledWith({
      body: expect.objectContaining({ sessionId: 'zc-1', clueId: 7, provider: 'zhichi', endAt: null }),
    });
    expect(state().call).toMatchObject({ provider: 'zhichi', sessionId: 'zc-1', ended: false });
    // The agent hangs up on their own phone; the panel's button closes the record.
    await act(() => m.hangUp());
    expect(state().call?.ended).toBe(true);
    expect(api.save).toHaveBeenLastCalledWith({
      body: expect.objectContaining({ sessionId: 'zc-1', provider: 'zhichi', endAt: expect.any(String) }),
    });
  });
});
