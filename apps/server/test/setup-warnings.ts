// Queueing a second query on a pg client that is still running one (Promise.all inside a
// transaction) serialises silently today and breaks in pg 9: a test that triggers it fails.
process.on('warning', (w) => {
  if (w.name === 'DeprecationWarning' && w.message.includes('already executing a query')) {
    throw new Error(`pg: ${w.message} Run the queries of one transaction one after another.`);
  }
});
