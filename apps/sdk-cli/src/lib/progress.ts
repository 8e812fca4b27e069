// Progress on stderr: a bar on a terminal, otherwise one line per 10% (logs stay readable).
import cliProgress from 'cli-progress';

export interface Progress {
  /** Sets or changes the total (unknown totals start at 0). */
  setTotal(total: number): void;
  increment(by: number): void;
  stop(): void;
}

export interface ProgressOptions {
  stream?: NodeJS.WriteStream | { isTTY?: boolean; write(s: string): unknown };
  /** Force the bar on or off (default: on when the stream is a TTY). */
  bar?: boolean;
}

export function createProgress(label: string, total = 0, o: ProgressOptions = {}): Progress {
  const stream = o.stream ?? process.stderr;
  const useBar = o.bar ?? Boolean(stream.isTTY);
  if (useBar) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% {value}/{total} rows | {duration_formatted}`,
        stream: stream as NodeJS.WritableStream,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { setTotal: (t) => bar.setTotal(t), increment: (n) => bar.increment(n), stop: () => bar.stop() };
  }
  let t = total;
  let value = 0;
  let lastDecile = 0;
  const started = Date.now();
  const line = () => {
    if (t <= 0) return;
    const decile = Math.min(10, Math.floor((value / t) * 10));
    if (decile > lastDecile) {
      lastDecile = decile;
      stream.write(
        `${label}: ${decile * 10}% (${value}/${t}) ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    }
  };
  return {
    setTotal: (n) => {
      t = n;
      line();
    },
    increment: (n) => {
      value += n;
      line();
    },
    stop: () => {
      if (t <= 0 || lastDecile < 10)
        stream.write(`${label}: done (${value} rows) ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    },
  };
}
