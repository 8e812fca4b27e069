// Demo invoice contents, so the invoice screen's request dialog has something to choose.
import type { SeedContext } from '../../seed/context.js';
import { invoiceContents } from './tables.js';

export async function seedInvoicesDemo(c: SeedContext): Promise<void> {
  await c.db.insert(invoiceContents).values(
    [
      { name: '康复训练费', taxCode: '3070201020000000000', taxRateBp: 300 },
      { name: '教育咨询服务', taxCode: '3040203000000000000', taxRateBp: 600 },
    ].map((r) => ({ ...r, createdAt: c.now, updatedAt: c.now })),
  );
}
