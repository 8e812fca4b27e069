// After a command, only the queries of the slices it called are refreshed.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  NarrowQueryClient,
  fetchList,
  invalidateAfter,
  noteCall,
  runCommand,
  watchCalls,
} from './invalidation';

/** Stands in for the SDK: calling an endpoint tells the hook at once, then answers later. */
const call = (endpoint: string) => {
  noteCall(endpoint);
  return Promise.resolve([] as string[]);
};

async function client() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetchQuery = (queryKey: readonly unknown[], queryFn: () => Promise<string[]>) =>
    qc.fetchQuery({ queryKey, queryFn });
  // Two list screens of two slices, two selectors, a slice-named query and a feature query.
  await fetchQuery(['list', 'campuses', { pageIdx: 1 }], () =>
    fetchList('campuses', () => call('organisation.schoolItemPage')),
  );
  await fetchQuery(['list', 'courses', { pageIdx: 1 }], () =>
    fetchList('courses', () => call('courses.coursePage')),
  );
  await fetchQuery(['master', 'organisation', 'regions'], () => call('organisation.allProvinceTypes'));
  await fetchQuery(['master', 'courses', 'courseCategories'], () => call('courses.categories'));
  await fetchQuery(['tasks', 'menuCount'], () => call('tasks.menuCount'));
  await fetchQuery(['clue', 'detail', 7], () => call('clues.detail'));
  return qc;
}

const invalidated = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.slice(0, 3).join('/'))
    .sort();

describe('narrow invalidation', () => {
  it("a command of one slice refreshes that slice's lists and selectors, not another slice's", async () => {
    const qc = await client();
    await runCommand(qc, () => call('organisation.schoolItemSave'));
    expect(invalidated(qc)).toEqual(
      // The feature query's key names no slice: refreshed, as before, to be safe.
      ['clue/detail/7', 'list/campuses/[object Object]', 'master/organisation/regions'].sort(),
    );
  });

  it('a command of the other slice refreshes the other side', async () => {
    const qc = await client();
    await runCommand(qc, () => call('courses.courseSave'));
    expect(invalidated(qc)).toEqual(
      ['clue/detail/7', 'list/courses/[object Object]', 'master/courses/courseCategories'].sort(),
    );
  });

  it('always refreshes the list the command came from', async () => {
    const qc = await client();
    const { slices } = watchCalls(() => call('tasks.finish'));
    await invalidateAfter(qc, slices, 'courses');
    expect(invalidated(qc)).toContain('list/courses/[object Object]');
    expect(invalidated(qc)).toContain('tasks/menuCount');
    expect(invalidated(qc)).not.toContain('list/campuses/[object Object]');
  });

  it('refreshes everything when the command made no call it could see', async () => {
    const qc = await client();
    await runCommand(qc, async () => {
      await Promise.resolve();
      return call('organisation.schoolItemSave');
    });
    expect(invalidated(qc)).toHaveLength(6);
  });
});

describe('the app client learns what each query reads', () => {
  async function learning() {
    const qc = new NarrowQueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    // Keys that name no slice: only the calls their functions make tell what they read.
    await qc.fetchQuery({ queryKey: ['clue', 'detail', 7], queryFn: () => call('clues.detail') });
    await qc.fetchQuery({
      queryKey: ['res', 'detail', 3],
      queryFn: () => call('resources.queryResourceDetail'),
    });
    await qc.fetchQuery({
      queryKey: ['qc', 'call', 5],
      queryFn: () => Promise.all([call('calls.qualityDetail'), call('clues.detail')]),
    });
    await qc.fetchQuery({ queryKey: ['roles'], queryFn: () => call('system.roles') });
    return qc;
  }

  it('a clue command refreshes the queries that read clues, and leaves resources and roles alone', async () => {
    const qc = await learning();
    await runCommand(qc, () => call('clues.tagsSave'));
    expect(invalidated(qc)).toEqual(['clue/detail/7', 'qc/call/5']);
  });

  it('a resource command refreshes only what read resources', async () => {
    const qc = await learning();
    await runCommand(qc, () => call('resources.receive'));
    expect(invalidated(qc)).toEqual(['res/detail/3']);
  });

  it('forgets what a query read once the cache drops it', async () => {
    const qc = await learning();
    qc.removeQueries({ queryKey: ['roles'] });
    await qc.fetchQuery({ queryKey: ['roles'], queryFn: async () => [] as string[] });
    await runCommand(qc, () => call('resources.receive'));
    // Nothing seen for the new ['roles']: refreshed to be safe, as any query of unknown reads.
    expect(invalidated(qc)).toEqual(['res/detail/3', 'roles']);
  });
});
