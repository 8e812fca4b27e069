// Demo discount-rate rules (issue 34 §5; plain master data): the highest rates headquarters allows
// (one retired), and the rule each of the campus head's campuses worked under in each of the last six
// months and this one, so /financial/discountRate opens on rules, month rules and the month's figures.
import type { SeedContext } from '../../seed/context.js';
import { monthDiscountRates, monthDiscountRateSchools, orderDiscountRates } from './tables.js';

const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01'];

export async function seedDiscountRatesDemo({ db, now }: SeedContext) {
  const at = { createdAt: now, updatedAt: now };
  const rules = await db
    .insert(orderDiscountRates)
    .values([
      { name: '常规限折10%', rate: '10.00', remark: '日常招生', ...at },
      { name: '旺季限折15%', rate: '15.00', remark: '寒暑假招生季', ...at },
      { name: '老校区限折8%', rate: '8.00', remark: '2025年规则，已停用', validStatus: 0, ...at },
    ])
    .returning({ id: orderDiscountRates.id });
  const [usual, peak] = rules;
  if (!usual || !peak) return;
  for (let back = 6; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const month = d.toISOString().slice(0, 7);
    // Winter and summer months are the peak season.
    const m = d.getUTCMonth() + 1;
    const rule = [1, 2, 7, 8].includes(m) ? peak : usual;
    const [row] = await db
      .insert(monthDiscountRates)
      .values({ month, rateId: rule.id, remark: rule === peak ? '招生季' : '', ...at })
      .returning({ id: monthDiscountRates.id });
    if (row)
      await db
        .insert(monthDiscountRateSchools)
        .values(CAMPUSES.map((schoolItemCode) => ({ monthRateId: row.id, month, schoolItemCode })));
  }
}
