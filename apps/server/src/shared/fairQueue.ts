// A bounded pool with fair queuing: at most `concurrency` tasks run at once; waiting tasks form one
// line per key (the client's address) and the lines are served in turn. Each task gets a round: one
// more than its key's previous task, and never earlier than the round being served; tasks start in
// order of round (then arrival). A key that queued many tasks thus has them spread over many rounds,
// and a newcomer's task is in the current round: it waits for at most one task per busy key. One task
// of a key runs at a time (a key's tasks run one after the other, so a flooding key never holds two
// places, and its tasks see each other's writes). A key
// holds at most `perKey` tasks (running and waiting), and at most `maxWaiting` tasks wait in all lines;
// one more is refused at once with QueueFull.

/** Thrown by FairQueue.run when the key already holds `perKey` tasks, or every line is full (`everyone`). */
export class QueueFull extends Error {
  override readonly name = 'QueueFull';
  constructor(
    readonly key: string,
    readonly everyone = false,
  ) {
    super(everyone ? 'every line is full' : `queue full for ${key}`);
  }
}

interface Waiting {
  round: number;
  seq: number;
  start: () => void;
}

export class FairQueue {
  private running = 0;
  /** The round of the task started last. */
  private round = 0;
  private seq = 0;
  /** Waiting tasks per key, oldest first. */
  private readonly lines = new Map<string, Waiting[]>();
  /** Per key: tasks running and waiting, and the round of its newest task. */
  private readonly keys = new Map<string, { held: number; lastRound: number; running: boolean }>();
  private waiting = 0;

  constructor(
    readonly concurrency: number,
    readonly perKey: number,
    readonly maxWaiting = Infinity,
  ) {
    if (concurrency < 1 || perKey < 1)
      throw new Error('FairQueue: concurrency and perKey must be at least 1');
  }

  /** True when the key holds its `perKey` tasks already (a new one would be refused). */
  full(key: string): boolean {
    return (this.keys.get(key)?.held ?? 0) >= this.perKey;
  }

  /** Runs `task` in its key's line; refuses with QueueFull when the key's line is full. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.full(key)) throw new QueueFull(key);
    const k = this.keys.get(key) ?? { held: 0, lastRound: 0, running: false };
    // With a place free, whatever waits belongs to keys that have a task running (next() started the rest).
    const runsNow = this.running < this.concurrency && !k.running;
    if (!runsNow && this.waiting >= this.maxWaiting) throw new QueueFull(key, true);
    this.keys.set(key, k);
    k.held += 1;
    const round = Math.max(this.round, k.lastRound + 1);
    k.lastRound = round;
    try {
      if (runsNow) {
        this.running += 1;
        k.running = true;
        this.round = Math.max(this.round, round);
      } else
        await new Promise<void>((resolve) => {
          this.waiting += 1;
          const w: Waiting = { round, seq: (this.seq += 1), start: resolve };
          const line = this.lines.get(key);
          if (line) line.push(w);
          else this.lines.set(key, [w]);
        });
      try {
        return await task();
      } finally {
        this.running -= 1;
        k.running = false;
        this.next();
      }
    } finally {
      k.held -= 1;
      // Every task of an idle key has started, so its rounds are behind the current one: forget it.
      if (k.held === 0) this.keys.delete(key);
    }
  }

  /**
   * Starts the waiting tasks of the earliest round (then the oldest) while there is room, skipping the
   * keys that have a task running.
   */
  private next(): void {
    while (this.running < this.concurrency) {
      let best: { key: string; w: Waiting } | undefined;
      for (const [key, line] of this.lines) {
        const w = line[0];
        if (!w || this.keys.get(key)?.running) continue;
        if (!best || w.round < best.w.round || (w.round === best.w.round && w.seq < best.w.seq))
          best = { key, w };
      }
      if (!best) return;
      const line = this.lines.get(best.key);
      line?.shift();
      this.waiting -= 1;
      if (!line?.length) this.lines.delete(best.key);
      this.running += 1;
      const k = this.keys.get(best.key);
      if (k) k.running = true;
      this.round = Math.max(this.round, best.w.round);
      best.w.start();
    }
  }

  /** What runs and waits (diagnostics and tests). */
  stats() {
    return { running: this.running, waiting: this.waiting, keys: this.lines.size };
  }
}
