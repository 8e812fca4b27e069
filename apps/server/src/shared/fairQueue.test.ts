// The password pool's fair queue: a bounded number of tasks at once, lines per client address served in
// turn, and a bounded line. Tasks are fake slow hashes that finish when the test says, so the order of
// completion shows the order of service (no timing).
import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFull } from './fairQueue.js';

/** Lets every promise callback that is due run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fake slow hash: starts when the queue runs it, ends when the test calls finish(). */
function fakeHashes(q: FairQueue) {
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const done: string[] = [];
  const submit = (key: string, name: string) =>
    q
      .run(key, () => {
        started.push(name);
        return new Promise<string>((resolve) => finishers.push(() => resolve(name)));
      })
      .then((n) => {
        done.push(n);
        return n;
      });
  /** Finishes the oldest running task and lets the queue start the next one. */
  const finishOne = async () => {
    const f = finishers.shift();
    if (!f) throw new Error('nothing is running');
    f();
    await settle();
  };
  return { submit, finishOne, started, done };
}

describe('fair queue of password hashes', () => {
  it('runs at most `concurrency` at once', async () => {
    const q = new FairQueue(2, 10);
    const h = fakeHashes(q);
    const all = ['a', 'b', 'c', 'd'].map((n, i) => h.submit(`10.0.0.${i}`, n));
    await settle();
    expect(h.started).toEqual(['a', 'b']);
    expect(q.stats()).toEqual({ running: 2, waiting: 2, keys: 2 });
    await h.finishOne();
    expect(h.started).toEqual(['a', 'b', 'c']);
    await h.finishOne();
    await h.finishOne();
    await h.finishOne();
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd']);
    expect(q.stats()).toEqual({ running: 0, waiting: 0, keys: 0 });
  });

  it("serves the addresses in turn: a flood's backlog delays a newcomer by one task per busy address", async () => {
    const q = new FairQueue(1, 100);
    const h = fakeHashes(q);
    const pending: Array<Promise<string>> = [];
    // Three flooding addresses queue five hashes each, one after the other.
    for (const ip of ['f1', 'f2', 'f3'])
      for (let i = 1; i <= 5; i++) pending.push(h.submit(ip, `${ip}#${i}`));
    await settle();
    // The owner arrives last, behind fifteen.
    pending.push(h.submit('owner', 'owner'));
    for (let i = 0; i < 16; i++) await h.finishOne();
    await Promise.all(pending);
    // f1#1 was running; then one task of each address per round: the owner's in the first round, after
    // the two addresses that had not been served yet.
    expect(h.done.slice(0, 4)).toEqual(['f1#1', 'f2#1', 'f3#1', 'owner']);
    expect(h.done.slice(4)).toEqual([
      ...['f1#2', 'f2#2', 'f3#2'],
      ...['f1#3', 'f2#3', 'f3#3'],
      ...['f1#4', 'f2#4', 'f3#4'],
      ...['f1#5', 'f2#5', 'f3#5'],
    ]);
  });

  it('refuses a task beyond the bound of its address at once, and takes it again once one finished', async () => {
    const q = new FairQueue(1, 2);
    const h = fakeHashes(q);
    const first = [h.submit('10.0.0.9', 'a'), h.submit('10.0.0.9', 'b')];
    expect(q.full('10.0.0.9')).toBe(true);
    await expect(q.run('10.0.0.9', () => Promise.resolve('c'))).rejects.toBeInstanceOf(QueueFull);
    // Another address is not affected by that one's full line.
    expect(q.full('10.0.0.10')).toBe(false);
    const other = h.submit('10.0.0.10', 'x');
    await h.finishOne();
    expect(q.full('10.0.0.9')).toBe(false);
    const again = h.submit('10.0.0.9', 'c');
    await h.finishOne();
    await h.finishOne();
    await h.finishOne();
    expect(await Promise.all([...first, other, again])).toEqual(['a', 'b', 'x', 'c']);
    expect(h.done).toEqual(['a', 'x', 'b', 'c']);
  });

  it('frees the place of a task that failed', async () => {
    const q = new FairQueue(1, 1);
    await expect(q.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(q.full('k')).toBe(false);
    expect(await q.run('k', () => Promise.resolve(7))).toBe(7);
  });

  it("runs one task of an address at a time: a free place goes to another address's task", async () => {
    const q = new FairQueue(2, 10);
    const h = fakeHashes(q);
    const flood = [1, 2, 3].map((i) => h.submit('flood', `f${i}`));
    await settle();
    // Two places, but the flooding address has one task running and the others wait.
    expect(h.started).toEqual(['f1']);
    const owner = h.submit('owner', 'owner');
    await settle();
    // The owner takes the free place at once.
    expect(h.started).toEqual(['f1', 'owner']);
    for (let i = 0; i < 4; i++) await h.finishOne();
    await Promise.all([...flood, owner]);
    expect(h.done).toEqual(['f1', 'owner', 'f2', 'f3']);
  });
});
