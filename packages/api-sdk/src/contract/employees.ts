// Employees, posts, ranks, subjects, salary periods, teachers.
import type { Slice } from './define.js';

export const employees = {} satisfies Slice;
