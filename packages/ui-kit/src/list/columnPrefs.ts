// The column chooser's memory: hidden column ids per list, in localStorage.

const storageKey = (listKey: string) => `bo.columns.${listKey}`;

/** The hidden column ids saved for a list ([] when nothing is saved or storage is unavailable). */
export function loadHiddenColumns(listKey: string): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(listKey));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function saveHiddenColumns(listKey: string, hidden: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(storageKey(listKey), JSON.stringify(hidden));
  } catch {
    // Private mode or a full quota: the choice lasts for this visit only.
  }
}
