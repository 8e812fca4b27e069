// Who uses a course or a course rank. Other slices register a checker that answers a refusal message
// (or null) for a course code, e.g. in orders:
//   courseUsageCheckers.register('incomeOrders', async (tx, courseCode) =>
//     (await countOrderLines(tx, courseCode)) ? '该课程已有订单，不能停用 / orders use this course' : null);
// Disabling or deleting a course, and /course/checkConsume, ask every registered checker.
import { usageRegistry } from '../../shared/masterdata/index.js';

export const courseUsageCheckers = usageRegistry<string>();
/** Checkers for a course rank code (e.g. teachers' course authority). */
export const courseRankUsageCheckers = usageRegistry<string>();
