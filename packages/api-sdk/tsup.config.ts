// The published build: ESM JavaScript and declarations for the root and one entry per slice
// ('@bo/api-sdk/orders'), chunks shared between them. @bo/domain (private to this workspace) is
// bundled in: the SDK uses only its money text helpers.
import { defineConfig } from 'tsup';
import { sliceEntries } from './scripts/entries.js';

export default defineConfig({
  entry: { index: 'src/index.ts', ...sliceEntries() },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  dts: true,
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: false,
  noExternal: ['@bo/domain'],
});
