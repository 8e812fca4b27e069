// Chunk-load failures and DOMExceptions reload the page once (spec §8); a marker in sessionStorage
// stops a reload loop when the failure survives the reload.

const MARK = 'reloadedAt';
const LOOP_WINDOW_MS = 10_000;

/** 'Loading chunk 12 failed', 'Loading CSS chunk 3 failed', and the browsers' texts for a failed dynamic import. */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  return (
    /Loading (CSS )?chunk [\w-]+ failed/i.test(msg) ||
    /Failed to fetch dynamically imported module/i.test(msg) ||
    /error loading dynamically imported module/i.test(msg) ||
    /Importing a module script failed/i.test(msg) ||
    /Unable to preload CSS/i.test(msg)
  );
}

export function isDomException(e: unknown): boolean {
  return typeof DOMException !== 'undefined' && e instanceof DOMException;
}

/** Whether this failure asks for a full reload. */
export function wantsReload(e: unknown): boolean {
  return isChunkLoadError(e) || isDomException(e);
}

/** Reloads unless a reload happened in the last 10 s; returns whether it reloaded. */
export function reloadOnce(
  now: number = Date.now(),
  store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(store.getItem(MARK) ?? 0);
  if (now - last < LOOP_WINDOW_MS) return false;
  store.setItem(MARK, String(now));
  reload();
  return true;
}

/** Listens for unhandled chunk failures and DOMExceptions (and Vite's preload error). */
export function installReloadOnChunkError(): () => void {
  const onError = (ev: ErrorEvent) => {
    if (wantsReload(ev.error ?? ev.message)) reloadOnce();
  };
  const onRejection = (ev: PromiseRejectionEvent) => {
    if (wantsReload(ev.reason)) reloadOnce();
  };
  const onPreload = (ev: Event) => {
    ev.preventDefault();
    reloadOnce();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('vite:preloadError', onPreload);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreload);
  };
}
