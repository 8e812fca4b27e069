#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `pnpm sdk-cli ...` works from the root without a build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
