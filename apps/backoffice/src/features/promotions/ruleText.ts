// An offer's rule in a few words, for lists and details: "减 15% · 满 ¥800 · 满10赠2".
import type { TOfferRow } from '@bo/api-sdk';
import { formatMoney } from '@bo/ui-kit';
import type { TFunction } from '../../i18n';

const qty = (n: number) => String(Math.round(n * 100) / 100);

export function ruleText(
  t: TFunction,
  r: Pick<TOfferRow, 'mode' | 'offPercent' | 'amount' | 'minSpend' | 'giftTiers'>,
): string {
  const parts: string[] = [];
  if (r.mode === 'rate' && Number(r.offPercent) > 0)
    parts.push(t('promo.rate', { p: qty(Number(r.offPercent)) }));
  if (r.mode === 'amount' && Number(r.amount) > 0)
    parts.push(t('promo.off', { amount: formatMoney({ yuan: r.amount }) }));
  if (Number(r.minSpend) > 0) parts.push(t('promo.min', { amount: formatMoney({ yuan: r.minSpend }) }));
  for (const g of r.giftTiers)
    parts.push(t('promo.giftTier', { min: qty(g.minQuantity), gift: qty(g.giftQuantity) }));
  return parts.join(' · ');
}
