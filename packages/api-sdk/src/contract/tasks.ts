// Todo list and task centre.
import type { Slice } from './define.js';

export const tasks = {} satisfies Slice;
