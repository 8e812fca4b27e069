import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  // Workspace packages are TypeScript sources: bundle them; keep npm dependencies external.
  noExternal: [/^@bo\//],
});
