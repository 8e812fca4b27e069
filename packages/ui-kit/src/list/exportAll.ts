// Fetching the whole filtered result of a list, page by page, for an export.

export interface FetchedPage<Row> {
  list: Row[];
  total: number;
}

export interface CollectOptions {
  /** Rows per request; the contract's maximum is 500. */
  pageSize?: number;
  /** Called after each page with the rows so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between pages when aborted. */
  signal?: AbortSignal;
}

/**
 * Every row of a filtered list: requests page 1, 2, … with `pageSize` rows until the total is
 * reached or a page comes back short. `fetchPage` receives the 1-based page index and size.
 */
export async function collectAllRows<Row>(
  fetchPage: (pageIdx: number, pageSize: number) => Promise<FetchedPage<Row>>,
  { pageSize = 500, onProgress, signal }: CollectOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  let pageIdx = 1;
  for (;;) {
    // A plain Error, not a DOMException: the shell reloads the page on an uncaught DOMException (spec §8).
    if (signal?.aborted) throw Object.assign(new Error('export cancelled'), { name: 'AbortError' });
    const page = await fetchPage(pageIdx, pageSize);
    rows.push(...page.list);
    onProgress?.(Math.min(rows.length, page.total), page.total);
    if (page.list.length < pageSize || rows.length >= page.total) break;
    pageIdx += 1;
  }
  return rows;
}
