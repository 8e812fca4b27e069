// Workbench approvals and work lists.
import type { Slice } from './define.js';

export const workbench = {} satisfies Slice;
