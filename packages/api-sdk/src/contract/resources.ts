// E-sales resources (/resource/*).
import type { Slice } from './define.js';

export const resources = {} satisfies Slice;
