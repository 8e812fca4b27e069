// Demo offers (issue 34 §5): discounts, gift rules, voucher configurations with issued vouchers,
// activities and first-level activity groups, each in every state its list filters by — draft, not
// started, in progress, ended, withdrawn or cancelled — made through the slice's own commands.
// The offers that apply by themselves (published discounts, gift rules and activities) are scoped to
// campuses and courses no journey or server test prices (SZ01, GZ01, TJ01; not C001, C004, C007,
// C013), so the prices the tests expect are unchanged (docs/demo.md).
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import type { TOfferFields, TOfferKind } from '@bo/api-sdk';
import { seedActor, type SeedContext } from '../../seed/context.js';
import { courses, users } from '../../db/schema.js';
import { issueVouchers, offerStatus, saveOffer } from './service.js';

/** The campuses whose offers apply by themselves. */
const CAMPUSES = ['SZ01', 'GZ01', 'TJ01'];
/** Courses the journeys and server tests price: never in a demo offer. */
const TESTED_COURSES = ['C001', 'C004', 'C007', 'C013'];

/** A Shanghai day `n` days after `day`. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type State = 'draft' | 'notStarted' | 'inProgress' | 'ended' | 'withdrawn' | 'cancelled';

export async function seedPromotionsDemo({ db, now, wiring }: SeedContext) {
  const [adminRow] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!adminRow) return;
  const admin = seedActor(adminRow.id, 'admin', [1]);
  const deps = { db, ...wiring, now: () => now };
  const picked = (
    await db
      .select({ code: courses.code })
      .from(courses)
      .where(and(eq(courses.validStatus, 1), notInArray(courses.code, TESTED_COURSES)))
      .orderBy(asc(courses.code))
  )
    .map((c) => c.code)
    .filter((c) => c.startsWith('C'));
  // Two courses per offer, from the end of the catalogue.
  const pair = (k: number) => picked.slice(-2 - 2 * (k % 4), picked.length - 2 * (k % 4));
  const today = shanghaiDate(now);
  const dates: Record<State, { startDate: string; endDate: string }> = {
    draft: { startDate: addDays(today, 10), endDate: addDays(today, 70) },
    notStarted: { startDate: addDays(today, 15), endDate: addDays(today, 45) },
    inProgress: { startDate: addDays(today, -20), endDate: addDays(today, 40) },
    ended: { startDate: addDays(today, -150), endDate: addDays(today, -60) },
    withdrawn: { startDate: addDays(today, -40), endDate: addDays(today, 20) },
    cancelled: { startDate: addDays(today, -30), endDate: addDays(today, 30) },
  };
  let k = 0;
  const offer = async (kind: TOfferKind, state: State, name: string, f: Partial<TOfferFields>) => {
    const fields: TOfferFields = {
      name,
      remark: '',
      mode: '',
      offPercent: '0',
      amount: '0.00',
      minSpend: '0.00',
      giftTiers: [],
      courseCodes: kind === 'firstActivity' ? [] : pair(k),
      campusCodes: kind === 'firstActivity' ? [] : [CAMPUSES[k % CAMPUSES.length] ?? 'SZ01'],
      validDays: 0,
      couponIds: [],
      parentId: null,
      ...dates[state],
      ...f,
    };
    k += 1;
    const row = await saveOffer(deps, admin, kind, fields);
    if (state === 'draft') return row;
    const published = await offerStatus(deps, admin, [kind], { id: row.id, status: 1 });
    if (state === 'withdrawn')
      return offerStatus(deps, admin, [kind], { id: row.id, status: 0, version: published.version });
    if (state === 'cancelled')
      return offerStatus(deps, admin, [kind], { id: row.id, status: 2, version: published.version });
    return published;
  };
  const rate = (offPercent: string) => ({ mode: 'rate' as const, offPercent });
  const off = (amount: string, minSpend = '0.00') => ({ mode: 'amount' as const, amount, minSpend });
  const tiers = (...t: Array<[number, number]>) => ({
    giftTiers: t.map(([minQuantity, giftQuantity]) => ({ minQuantity, giftQuantity })),
  });

  // Discounts (ZK…).
  await offer('discount', 'inProgress', '冬季续费九折', rate('10.00'));
  await offer('discount', 'notStarted', '寒假班满5000减300', off('300.00', '5000.00'));
  await offer('discount', 'ended', '暑期九五折', rate('5.00'));
  await offer('discount', 'withdrawn', '国庆老带新立减200', off('200.00'));
  await offer('discount', 'draft', '春季早鸟八八折', rate('12.00'));
  // Gift rules (ZS…).
  await offer('gift', 'inProgress', '买20送2', tiers([20, 2], [40, 5]));
  await offer('gift', 'notStarted', '寒假买30送4', tiers([30, 4]));
  await offer('gift', 'ended', '暑期买10送1', tiers([10, 1]));
  await offer('gift', 'withdrawn', '开学季买24送3', tiers([24, 3]));
  await offer('gift', 'draft', '春季买48送8', tiers([48, 8]));
  // Voucher configurations (YH…), used only by code: any campus. Vouchers issued from the live ones.
  const voucher = async (state: State, name: string, f: Partial<TOfferFields>, issue: number) => {
    const v = await offer('voucher', state, name, { ...f, campusCodes: ['SH01', 'SH02', 'HZ01'] });
    if (issue) await issueVouchers(deps, admin, { configId: v.id, count: issue });
    return v;
  };
  const coupon = await voucher(
    'inProgress',
    '新学员体验代金券200元',
    { ...off('200.00', '2000.00'), validDays: 60 },
    5,
  );
  await voucher('notStarted', '寒假课程券300元', off('300.00', '3000.00'), 0);
  await voucher('ended', '暑期评估券100元', off('100.00'), 0);
  await voucher('withdrawn', '转介绍感谢券150元', off('150.00', '1500.00'), 0);
  await voucher('draft', '春季续费券九五折', rate('5.00'), 0);
  // First-level activity groups and their activities (HD…).
  const group = await offer('firstActivity', 'inProgress', '2026冬季招生季', {});
  await offer('activity', 'inProgress', '冬季招生满赠', {
    ...rate('8.00'),
    ...tiers([30, 3]),
    couponIds: [coupon.id],
    parentId: group.id,
  });
  await offer('activity', 'notStarted', '寒假集训营优惠', {
    ...off('500.00', '6000.00'),
    parentId: group.id,
  });
  const past = await offer('firstActivity', 'ended', '2026暑期招生季', {});
  await offer('activity', 'ended', '暑期感统特惠', { ...rate('10.00'), parentId: past.id });
  await offer('activity', 'cancelled', '中秋亲子活动', { ...off('100.00'), parentId: past.id });
  await offer('activity', 'draft', '春季语言训练体验周', rate('15.00'));
  await offer('firstActivity', 'draft', '2027春季招生季', {});
}
