// Tencent Cloud Contact Center Web SDK, integrated as Tencent documents it: the SdkURL that
// CreateSDKLoginToken answers (valid ten minutes, one use) is loaded as a <script>; it defines the
// global `tccc`, which fires `ready` once the seat is connected. Only the calls we make are typed.

export interface TcccEvent {
  data?: Record<string, unknown>;
}

export interface TcccOutbound {
  sessionId: string;
  callerPhoneNumber: string | null;
}

interface TcccGlobal {
  events: Record<string, string>;
  on(event: string, handler: (e: TcccEvent) => void): void;
  Call: {
    startOutboundCall(o: { phoneNumber: string; phoneDesc?: string; uui?: string }): Promise<TcccEvent>;
    hungUp(o: { sessionId: string }): Promise<unknown>;
  };
  Agent?: { offline?: () => void };
}

const READY_TIMEOUT_MS = 20_000;
let loaded: { url: string; sdk: Promise<TcccGlobal> } | null = null;

function globalTccc(): TcccGlobal | null {
  const g = (window as unknown as { tccc?: unknown }).tccc;
  if (typeof g !== 'object' || g === null) return null;
  const c = g as Partial<TcccGlobal>;
  return typeof c.on === 'function' && typeof c.Call?.startOutboundCall === 'function' && c.events
    ? (c as TcccGlobal)
    : null;
}

/** Loads the SDK from a fresh SdkURL and resolves once it reports `ready`. */
export function loadTccc(sdkUrl: string): Promise<TcccGlobal> {
  if (loaded?.url === sdkUrl) return loaded.sdk;
  const sdk = new Promise<TcccGlobal>((resolve, reject) => {
    document.querySelectorAll('script[data-tccc-sdk]').forEach((s) => s.remove());
    const s = document.createElement('script');
    s.src = sdkUrl;
    s.async = true;
    s.dataset.tcccSdk = '1';
    const timer = window.setTimeout(() => reject(new Error('tccc: no ready event')), READY_TIMEOUT_MS);
    s.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error('tccc: the SDK did not load'));
    };
    s.onload = () => {
      const g = globalTccc();
      if (!g) {
        window.clearTimeout(timer);
        reject(new Error('tccc: the SDK defined no tccc'));
        return;
      }
      g.on(g.events.ready ?? 'ready', () => {
        window.clearTimeout(timer);
        resolve(g);
      });
    };
    document.head.appendChild(s);
  });
  loaded = { url: sdkUrl, sdk };
  sdk.catch(() => {
    if (loaded?.sdk === sdk) loaded = null;
  });
  return sdk;
}

/** The SDK once loaded, or null. */
export function currentTccc(): TcccGlobal | null {
  return loaded ? globalTccc() : null;
}

/** Starts an outbound call; answers the session id the SDK gives it. */
export async function tcccDial(g: TcccGlobal, phone: string, desc: string): Promise<TcccOutbound> {
  const r = await g.Call.startOutboundCall({ phoneNumber: phone, phoneDesc: desc });
  const sessionId = r.data?.sessionId;
  if (typeof sessionId !== 'string' || !sessionId) throw new Error('tccc: no sessionId');
  const caller = r.data?.callerPhoneNumber;
  return { sessionId, callerPhoneNumber: typeof caller === 'string' && caller ? caller : null };
}

/** Calls `handler` with the session id of every call that ends. */
export function onTcccSessionEnded(g: TcccGlobal, handler: (sessionId: string) => void): void {
  g.on(g.events.sessionEnded ?? 'sessionEnded', (e) => {
    const id = e.data?.sessionId;
    if (typeof id === 'string') handler(id);
  });
}

/** Signs the seat off in the SDK (the server's session ends with /tencent/logout). */
export function tcccOffline(): void {
  try {
    globalTccc()?.Agent?.offline?.();
  } catch {
    /* the page is leaving the seat either way */
  }
  document.querySelectorAll('script[data-tccc-sdk]').forEach((s) => s.remove());
  loaded = null;
}
