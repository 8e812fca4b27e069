// What of an unexpected error reaches the log: never the values of a request (phones, names) that
// a database error carries in its parameters, its message ("Key (phone)=(...)") or its detail.

/** A database error: SQLSTATE code and the names of what failed, the SQL text without parameters. */
interface DbErrorLog {
  type: string;
  sqlstate?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  query?: string;
  stack?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The call frames of a stack, without its first line(s), which repeat the message. */
const framesOf = (stack: unknown): string | undefined => {
  if (typeof stack !== 'string') return undefined;
  const i = stack.indexOf('\n    at ');
  return i < 0 ? undefined : stack.slice(i + 1);
};

function chain(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let e: unknown = err;
  while (typeof e === 'object' && e !== null && out.length < 5) {
    out.push(e as Record<string, unknown>);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

const isSqlState = (v: unknown) => typeof v === 'string' && /^[0-9A-Z]{5}$/.test(v);

/** The SQLSTATE of a database error anywhere in the cause chain (drizzle wraps the driver's), or null. */
export function sqlStateOf(err: unknown): string | null {
  const withCode = chain(err).find((l) => isSqlState(l.code));
  return withCode ? String(withCode.code) : null;
}

/**
 * The error as it may be logged. A database error (anything in its cause chain with a query or a
 * SQLSTATE) is reduced to names and codes; any other error keeps its message and stack.
 */
export function loggableError(err: unknown): DbErrorLog | { type: string; message: string; stack?: string } {
  const links = chain(err);
  const db = links.find((l) => isSqlState(l.code) || typeof l.query === 'string');
  if (db) {
    const withCode = links.find((l) => isSqlState(l.code));
    const withQuery = links.find((l) => typeof l.query === 'string');
    const out: DbErrorLog = { type: links.map((l) => str(l.name) ?? 'Error').join(' < ') };
    const set = (k: keyof DbErrorLog, v: unknown) => {
      const s = str(v);
      if (s) out[k] = s;
    };
    set('sqlstate', withCode?.code);
    set('constraint', withCode?.constraint);
    set('table', withCode?.table);
    set('column', withCode?.column);
    set('routine', withCode?.routine);
    set('query', withQuery?.query);
    set('stack', framesOf(links[0]?.stack));
    return out;
  }
  if (err instanceof Error) {
    const out: { type: string; message: string; stack?: string } = { type: err.name, message: err.message };
    if (err.stack) out.stack = err.stack;
    return out;
  }
  return { type: typeof err, message: String(err) };
}
