import { defineConfig } from 'vitest/config';

export default defineConfig({
  // isolate: false — a worker runs file after file in one jsdom and imports React and the kit once
  // (most of a small file's time); each file unmounts what it rendered (cleanup after each test).
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], isolate: false },
});
