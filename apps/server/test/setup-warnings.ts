// Queueing a second query on a pg client that is still running one (Promise.all inside a
// transaction) serialises silently today and breaks in pg 9: a test that triggers it fails.
// Setup files run before every test file, and a worker runs several files (isolate: false), so the
// listener is added once per process.
const FLAG = Symbol.for('bo.test.pgQueueWarning');
const g = globalThis as { [FLAG]?: true };
if (!g[FLAG]) {
  g[FLAG] = true;
  process.on('warning', (w) => {
    if (w.name === 'DeprecationWarning' && w.message.includes('already executing a query')) {
      throw new Error(`pg: ${w.message} Run the queries of one transaction one after another.`);
    }
  });
}
