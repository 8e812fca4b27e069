// The agent's seat at the configured call centre, shared by the floating panel and every phone number:
// sign-in, the call token (localStorage `callToken`), keep-alive and renewal, the call in progress with
// its screen pop, and its record (/call/save under the provider's session id). A small external store
// read with useSyncExternalStore. Decisions: docs/decisions.md "Shell UI" (agent panel).
import type { contract } from '@bo/api-sdk';
import { createCallTypeLock } from '@bo/domain';
import type { z } from 'zod';
import { useSyncExternalStore } from 'react';
import { runCommand } from '../../app/invalidation';
import { CALL_TOKEN_KEY } from '../../app/session';
import { errorText, queryClient, sdk } from '../../app/sdk';
import { currentTccc, loadTccc, onTcccSessionEnded, tcccDial, tcccOffline } from './tccc';

export type Provider = 'tencent' | 'zhichi';
export type CallType = 'first_call' | 'follow' | 'invite' | 'service' | 'other';
export const CALL_TYPES: readonly CallType[] = ['first_call', 'follow', 'invite', 'service', 'other'];
type ScreenPop = z.infer<(typeof contract.calls.tencentFlashMsg)['response']>;

/** What a phone number belongs to: the call is recorded on it. */
export interface DialTarget {
  phone: string;
  name: string;
  clueId?: number | null;
  resourceId?: number | null;
}

export interface ActiveCall {
  provider: Provider;
  sessionId: string;
  target: DialTarget;
  callerPhone: string | null;
  startAt: string;
  callType: CallType;
  pop: ScreenPop | null;
  ended: boolean;
}

export type SeatStatus =
  /** /call/centre not answered yet. */
  'unknown' | 'notConfigured' | 'offline' | 'signingIn' | 'online' | 'renewFailed';

export interface AgentState {
  provider: Provider | null;
  status: SeatStatus;
  agentId: string | null;
  phone: string | null;
  expiresAt: string | null;
  call: ActiveCall | null;
  /** The last failure, shown in the panel. */
  error: string | null;
  /** Asks the panel to open (a dial or a failure). */
  attention: number;
}

/** Where a signed-in seat is remembered across reloads (the token itself is `callToken`). */
const SEAT_KEY = 'callSeat';
const KEEP_ALIVE_MS = 60_000;
/** Zhichi has no keep-alive: its agent token is fetched again this long before it expires. */
const ZHICHI_RENEW_BEFORE_MS = 5 * 60_000;
/** Spec §4 call-type lock: the type is fixed for this long once a call starts ... */
export const CALL_TYPE_LOCK_MS = 60_000;
/** ... and offered again for the next call for this long. */
export const LAST_CALL_TYPE_MS = 30 * 60_000;

const typeLock = createCallTypeLock<CallType>();
let chosenType: CallType = 'follow';

let state: AgentState = {
  provider: null,
  status: 'unknown',
  agentId: null,
  phone: null,
  expiresAt: null,
  call: null,
  error: null,
  attention: 0,
};
const listeners = new Set<() => void>();
let timer: number | null = null;
let started = false;
const hooked = new WeakSet<object>();

function set(patch: Partial<AgentState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}
const fail = (e: unknown, patch: Partial<AgentState> = {}) =>
  set({ ...patch, error: errorText(e), attention: state.attention + 1 });

interface Seat {
  provider: Provider;
  agentId: string;
  phone: string | null;
  expiresAt: string;
}
function readSeat(): Seat | null {
  try {
    const raw = localStorage.getItem(SEAT_KEY);
    const s = raw ? (JSON.parse(raw) as Partial<Seat>) : null;
    return s && (s.provider === 'tencent' || s.provider === 'zhichi') && typeof s.agentId === 'string'
      ? { provider: s.provider, agentId: s.agentId, phone: s.phone ?? null, expiresAt: s.expiresAt ?? '' }
      : null;
  } catch {
    return null;
  }
}
function keepSeat(seat: Seat, token: string) {
  localStorage.setItem(CALL_TOKEN_KEY, token);
  localStorage.setItem(SEAT_KEY, JSON.stringify(seat));
}
function dropSeat() {
  localStorage.removeItem(CALL_TOKEN_KEY);
  localStorage.removeItem(SEAT_KEY);
}

function schedule() {
  if (timer !== null) window.clearInterval(timer);
  timer = window.setInterval(() => void renew(), KEEP_ALIVE_MS);
}
function unschedule() {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
}

/** Keeps the seat alive; a failure is shown as "renewal failed" and the seat stays usable until expiry. */
export async function renew(): Promise<void> {
  const seat = readSeat();
  if (!seat || (state.status !== 'online' && state.status !== 'renewFailed')) return;
  try {
    if (seat.provider === 'tencent') {
      const k = await sdk.calls.tencentKeepAlive({ query: {} });
      const token = k.renewed?.token ?? localStorage.getItem(CALL_TOKEN_KEY) ?? '';
      keepSeat({ ...seat, expiresAt: k.expiresAt }, token);
      set({ status: 'online', expiresAt: k.expiresAt, error: null });
    } else {
      if (new Date(seat.expiresAt).getTime() - Date.now() > ZHICHI_RENEW_BEFORE_MS) return;
      const l = await sdk.calls.zhichiLogin({
        query: { jobNumber: seat.agentId, phone: seat.phone ?? '' },
      });
      keepSeat({ ...seat, expiresAt: l.expiresAt }, l.token);
      set({ status: 'online', expiresAt: l.expiresAt, error: null });
    }
  } catch (e) {
    fail(e, { status: 'renewFailed' });
  }
}

async function connectTencent(sdkUrl: string) {
  const g = await loadTccc(sdkUrl);
  if (!hooked.has(g)) {
    hooked.add(g);
    onTcccSessionEnded(g, (id) => void finishCall(id));
  }
}

/** Signs the agent in to the configured centre (Tencent: optional phone to bind; Zhichi: job number + phone). */
export async function signIn(o: { phone?: string; jobNumber?: string }): Promise<void> {
  const provider = state.provider;
  if (!provider) return;
  set({ status: 'signingIn', error: null });
  try {
    if (provider === 'tencent') {
      const l = await sdk.calls.tencentLogin({ body: o.phone ? { phone: o.phone } : {} });
      await connectTencent(l.sdkUrl ?? '');
      keepSeat({ provider, agentId: l.agentId, phone: o.phone ?? null, expiresAt: l.expiresAt }, l.token);
      set({ status: 'online', agentId: l.agentId, phone: o.phone ?? null, expiresAt: l.expiresAt });
    } else {
      const jobNumber = o.jobNumber ?? '';
      const phone = o.phone ?? '';
      const l = await sdk.calls.zhichiLogin({ query: { jobNumber, phone } });
      keepSeat({ provider, agentId: l.agentId, phone, expiresAt: l.expiresAt }, l.token);
      set({ status: 'online', agentId: l.agentId, phone, expiresAt: l.expiresAt });
    }
    schedule();
  } catch (e) {
    dropSeat();
    fail(e, { status: 'offline' });
  }
}

export async function signOut(): Promise<void> {
  const seat = readSeat();
  unschedule();
  tcccOffline();
  dropSeat();
  set({ status: 'offline', agentId: null, phone: null, expiresAt: null, call: null, error: null });
  try {
    if (seat?.provider === 'zhichi') await sdk.calls.zhichiLogout({ query: { jobNumber: seat.agentId } });
    else await sdk.calls.tencentLogout();
  } catch (e) {
    fail(e);
  }
}

/** Learns the configured centre once, and resumes a seat signed in before a reload. */
async function start() {
  try {
    const { provider } = await sdk.calls.centre();
    if (!provider) {
      set({ provider: null, status: 'notConfigured' });
      return;
    }
    const seat = readSeat();
    set({ provider, status: 'offline' });
    if (seat && seat.provider === provider && localStorage.getItem(CALL_TOKEN_KEY)) {
      // A Tencent SdkURL serves one initialisation: a reloaded page signs in again for a fresh one.
      if (provider === 'tencent') await signIn(seat.phone ? { phone: seat.phone } : {});
      else {
        set({ status: 'online', agentId: seat.agentId, phone: seat.phone, expiresAt: seat.expiresAt });
        schedule();
      }
    }
  } catch (e) {
    fail(e, { status: 'unknown' });
  }
}

/** The call type the next call is recorded with (spec §4 lock: fixed for a while once a call starts). */
export function callTypeNow(): { type: CallType; canChange: boolean } {
  return { type: typeLock.lastCallType() ?? chosenType, canChange: typeLock.canChangeCallType() };
}
export function chooseCallType(type: CallType): void {
  if (!typeLock.canChangeCallType()) return;
  chosenType = type;
  typeLock.setLastCallType(type, LAST_CALL_TYPE_MS);
  set({});
}

/** Dials a number through the centre, records the call and shows the screen pop. */
export async function dial(target: DialTarget): Promise<void> {
  if (state.status !== 'online' && state.status !== 'renewFailed') {
    set({ attention: state.attention + 1 });
    return;
  }
  const provider = state.provider;
  const seat = readSeat();
  const g = currentTccc();
  if (!provider || !seat || (provider === 'tencent' && !g)) {
    fail(new Error('外呼组件未就绪，请重新登录坐席 / the call bar is not ready: sign in to the seat again'));
    return;
  }
  const callType = callTypeNow().type;
  try {
    // Tencent dials in the browser (its Web SDK); Zhichi's centre calls the agent's phone, then the
    // customer, on the server's request.
    const out =
      provider === 'tencent' && g
        ? await tcccDial(g, target.phone, target.name)
        : await sdk.calls
            .zhichiMakeCall({ query: { jobNumber: seat.agentId, phone: target.phone } })
            .then((r) => ({ sessionId: r.sessionId, callerPhoneNumber: r.callerPhone }));
    typeLock.lock(CALL_TYPE_LOCK_MS);
    typeLock.setLastCallType(callType, LAST_CALL_TYPE_MS);
    // The panel's call-type choice comes back when the lock reverts.
    window.setTimeout(() => set({}), CALL_TYPE_LOCK_MS + 50);
    const call: ActiveCall = {
      provider,
      sessionId: out.sessionId,
      target,
      callerPhone: out.callerPhoneNumber ?? seat.phone,
      startAt: new Date().toISOString(),
      callType,
      pop: null,
      ended: false,
    };
    set({ call, error: null, attention: state.attention + 1 });
    await save(call, null);
    if (call.callerPhone) {
      const pop = await sdk.calls.tencentFlashMsg({ query: { bj: target.phone, zj: call.callerPhone } });
      if (state.call?.sessionId === call.sessionId) set({ call: { ...state.call, pop } });
    }
  } catch (e) {
    fail(e);
  }
}

/** Records the call on our server (/call/save), then refreshes what read the calls (the app's client). */
async function save(call: ActiveCall, endAt: string | null) {
  await runCommand(queryClient, () =>
    sdk.calls.save({
      body: {
        sessionId: call.sessionId,
        clueId: call.target.clueId ?? null,
        resourceId: call.target.resourceId ?? null,
        phone: call.target.phone,
        callerPhone: call.callerPhone,
        direction: 'out',
        callType: call.callType,
        provider: call.provider,
        startAt: call.startAt,
        endAt,
      },
    }),
  );
}

/** The SDK reported the end of a session: complete its record. */
async function finishCall(sessionId: string) {
  const call = state.call;
  if (!call || call.sessionId !== sessionId || call.ended) return;
  set({ call: { ...call, ended: true } });
  try {
    await save(call, new Date().toISOString());
  } catch (e) {
    fail(e);
  }
}

/** Hangs up the call in progress (the SDK then reports its end). */
export async function hangUp(): Promise<void> {
  const call = state.call;
  if (!call || call.ended) return;
  // A Zhichi call rings on the agent's own phone and is hung up there: the panel's button closes the
  // record with its end time.
  if (call.provider === 'zhichi') {
    await finishCall(call.sessionId);
    return;
  }
  const g = currentTccc();
  if (!g) return;
  try {
    await g.Call.hungUp({ sessionId: call.sessionId });
  } catch (e) {
    fail(e);
  }
}

export function dismissCall(): void {
  if (state.call?.ended) set({ call: null });
}

/** Forgets the seat (the shell's sign-out; the next reader asks the server again). */
export function resetAgent(): void {
  unschedule();
  tcccOffline();
  dropSeat();
  started = false;
  state = {
    provider: null,
    status: 'unknown',
    agentId: null,
    phone: null,
    expiresAt: null,
    call: null,
    error: null,
    attention: 0,
  };
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  if (!started) {
    started = true;
    void start();
  }
  return () => listeners.delete(l);
}

/** The seat's state; the first reader asks the server which centre is configured. */
export function useAgent(): AgentState {
  return useSyncExternalStore(subscribe, () => state);
}
