// Walking a whole paged list (every list endpoint answers `page(row)`: list, total, pageIdx, pageSize).
import type { Page } from './contract/define.js';

/**
 * Every row of a paged list, page after page, until a page comes back short or empty. `fetchPage`
 * asks for one page (1-based); the total is not trusted as a stop (a huge list's total is an estimate).
 * Example: `for await (const row of eachRow((pageIdx) => sdk.orders.payRecordPage({ body: { pageIdx, pageSize: 200 } })))`.
 */
export async function* eachRow<T>(
  fetchPage: (pageIdx: number) => Promise<Page<T>>,
  o: { signal?: AbortSignal } = {},
): AsyncGenerator<T, void, undefined> {
  for (let pageIdx = 1; ; pageIdx += 1) {
    o.signal?.throwIfAborted();
    const p = await fetchPage(pageIdx);
    yield* p.list;
    if (p.list.length === 0 || p.list.length < p.pageSize) return;
  }
}

/** Every row of a paged list in one array (see eachRow). */
export async function allRows<T>(
  fetchPage: (pageIdx: number) => Promise<Page<T>>,
  o: { signal?: AbortSignal } = {},
): Promise<T[]> {
  const out: T[] = [];
  for await (const row of eachRow(fetchPage, o)) out.push(row);
  return out;
}
