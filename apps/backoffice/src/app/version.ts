// Update check (spec §4/§8): the built index.html names the main script by content hash; when the
// served one names another, a new version was deployed.

/** The main entry script of an index.html: '/assets/index-AbC123.js', or null (dev server). */
export function mainAsset(html: string): string | null {
  const m =
    /<script[^>]+type="module"[^>]+src="([^"]*\/assets\/[^"]+\.js)"/.exec(html) ??
    /<script[^>]+src="([^"]*\/assets\/[^"]+\.js)"[^>]*type="module"/.exec(html);
  return m?.[1] ?? null;
}

/** The running page's main script, read from the document. */
export function currentAsset(doc: Document = document): string | null {
  const el = doc.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  if (!el) return null;
  try {
    return new URL(el.src, window.location.href).pathname;
  } catch {
    return el.getAttribute('src');
  }
}

/** True when the fetched page names a different main script than the running one. */
export function hasNewVersion(current: string | null, fetchedHtml: string): boolean {
  if (!current) return false;
  const next = mainAsset(fetchedHtml);
  return next !== null && next !== current;
}

/** Fetches `/` bypassing caches and compares. Network failures say "no news". */
export async function checkForUpdate(
  current: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  if (!current) return false;
  try {
    const res = await fetchImpl(`/?_=${Date.now()}`, { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!res.ok) return false;
    return hasNewVersion(current, await res.text());
  } catch {
    return false;
  }
}
