// Demo invoice contents, so the invoice screen's request dialog has something to choose.
import { asc, eq, gt } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import { seedActor, seedDeps, type SeedContext } from '../../seed/context.js';
import { orders, students, users } from '../../db/schema.js';
import { cancelInvoice, INV, requestInvoice } from './service.js';
import { invoiceContents, invoices } from './tables.js';

export async function seedInvoicesDemo(c: SeedContext): Promise<void> {
  await c.db.insert(invoiceContents).values(
    [
      { name: '康复训练费', taxCode: '3070201020000000000', taxRateBp: 300 },
      { name: '教育咨询服务', taxCode: '3040203000000000000', taxRateBp: 600 },
    ].map((r) => ({ ...r, createdAt: c.now, updatedAt: c.now })),
  );
}

/**
 * Demo invoices (issue 34 §5) on paid demo orders, requested through the slice's own command: issued
 * (the provider's answer recorded as its callback records it), waiting to be sent, failed at the
 * provider, and cancelled, for persons and companies. Issuing itself goes to the bank's provider,
 * which a demo has not configured.
 */
export async function seedInvoiceRequestsDemo({ db, now, wiring }: SeedContext): Promise<void> {
  const [adminRow] = await db.select().from(users).where(eq(users.username, 'admin'));
  const [content] = await db.select().from(invoiceContents).orderBy(asc(invoiceContents.id)).limit(1);
  if (!adminRow || !content) return;
  const admin = seedActor(adminRow.id, 'admin', [1]);
  const paid = await db
    .select({ id: orders.id, paidCents: orders.paidCents, studentName: students.name })
    .from(orders)
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(gt(orders.paidCents, 0))
    .orderBy(asc(orders.id))
    .limit(8);
  for (const [i, o] of paid.entries()) {
    // Requested a few days apart, for part of what was paid.
    const at = new Date(now.getTime() - (8 - i) * 86_400_000);
    const company = i % 3 === 2;
    const row = await requestInvoice(seedDeps(wiring, db, at), admin, {
      orderId: o.id,
      amount: fromCents(Math.floor(o.paidCents / 200) * 100),
      contentId: content.id,
      buyerType: company ? 2 : 1,
      buyerName: company ? '上海启航企业管理有限公司' : `${o.studentName}家长`,
      buyerTaxNo: company ? '91310115MA1K4XXXXX'.replace(/X/g, String(i)) : '',
      email: `parent${String(i + 1)}@example.com`,
      remark: i === 0 ? '请尽快开具' : '',
    });
    const shape = i % 4;
    if (shape === 1) continue; // waiting to be sent
    if (shape === 3) {
      await cancelInvoice(seedDeps(wiring, db, at), admin, row.id);
      continue;
    }
    const answered = new Date(at.getTime() + 3_600_000);
    await db
      .update(invoices)
      .set(
        shape === 0
          ? {
              status: INV.issued,
              invoiceNo: `2631${String(now.getUTCFullYear()).slice(-2)}${String(1000000 + row.id)}`,
              issuedAt: answered,
              updatedAt: answered,
            }
          : { status: INV.failed, failReason: '购买方名称与税号不一致', updatedAt: answered },
      )
      .where(eq(invoices.id, row.id));
  }
}
