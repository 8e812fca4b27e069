// Who still uses a student: slices whose records hang on a student (orders, schedules …) register a
// checker here; deleting a case file asks every one and is refused with the first message.
//   studentUsage.register('orders', async (tx, { id }) => n ? '有N个有效订单 / N effective orders' : null)
import { usageRegistry } from '../../shared/masterdata/index.js';

export const studentUsage = usageRegistry<{ id: number; code: string }>();
