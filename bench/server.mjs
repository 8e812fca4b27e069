// How the benchmarks start their server side (apps/server/scripts/bench-*.ts), run from apps/server.

/**
 * The command running `script` on PGlite, or on a throwaway PostgreSQL (with-postgres exposes its
 * server as TEST_DATABASE_URL; the benchmark servers read DATABASE_URL): [executable, arguments].
 */
export function serverCommand(script, pglite) {
  const node = ['--import', 'tsx', script];
  return pglite
    ? [process.execPath, node]
    : [
        process.execPath,
        ['scripts/with-postgres.mjs', 'sh', '-c', `DATABASE_URL="$TEST_DATABASE_URL" node ${node.join(' ')}`],
      ];
}

/** A benchmark server's environment: quiet, production, cheap demo password hashes, and `extra`. */
export const serverEnv = (extra) => ({
  ...process.env,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  ...extra,
});
