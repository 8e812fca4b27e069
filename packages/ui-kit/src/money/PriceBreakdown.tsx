// The price of an order as the pricing slice answers it: each course's list price, every adjustment
// line (discount, voucher, activity, manual), gift hours, the payable amount and it in capitals.
import { toChineseCurrency } from '@bo/domain';
import { cx } from '../components/cx.js';
import { Spinner } from '../components/Spinner.js';
import { useMoneyLabels, type MoneyLabels } from './labels.js';
import { MoneyText } from './MoneyText.js';

/** One adjustment line of a course, in yuan ('-100.00' for a reduction, '0.00' for a gift line). */
export interface PriceAdjustmentView {
  source: string;
  label: string;
  amount: string;
  /** The offer that made the line (its code); empty for a line typed on the order. */
  ref?: string;
}

export interface PriceItemView {
  courseCode: string;
  courseName: string;
  /** 1 lesson hour, 2 day (spec §9). */
  unit: number;
  unitPrice: string;
  quantity: number;
  giftQuantity: number;
  listAmount: string;
  adjustments: readonly PriceAdjustmentView[];
  amount: string;
}

/** The answer of a price calculation (`/incomeOrder/preCreate`), amounts in yuan as the API carries them. */
export interface PriceQuoteView {
  items: readonly PriceItemView[];
  listAmount: string;
  /** The sum of the reductions (positive). */
  discountAmount: string;
  payable: string;
}

/** Quantities are numbers with at most 2 decimals; shown without trailing zeros. */
const qty = (n: number) => String(Math.round(n * 100) / 100);

function ItemRows({ item, labels }: { item: PriceItemView; labels: MoneyLabels }) {
  const unit = labels.unit(item.unit);
  // Gift hours are shown from the quantity; a zero-value gift line typed on the order would repeat
  // them, while one an offer gave says which offer gave them.
  const lines = item.adjustments.filter((a) => !(a.source === 'gift' && Number(a.amount) === 0 && !a.ref));
  return (
    <>
      <tr className="border-t border-line">
        <th scope="row" className="py-1.5 pr-3 text-left font-medium">
          {item.courseName}
        </th>
        <td className="py-1.5 pr-3 text-right">
          <MoneyText yuan={item.unitPrice} />
        </td>
        <td className="py-1.5 pr-3 text-right tabular-nums">
          {qty(item.quantity)} {unit}
        </td>
        <td className="py-1.5 text-right">
          <MoneyText yuan={item.listAmount} />
        </td>
      </tr>
      {lines.map((a, i) => (
        <tr key={`${a.source}-${i}`} className="text-muted">
          <th scope="row" colSpan={3} className="py-0.5 pl-4 pr-3 text-left font-normal">
            {a.label}
          </th>
          <td className="py-0.5 text-right">
            <MoneyText yuan={a.amount} />
          </td>
        </tr>
      ))}
      {item.giftQuantity > 0 && (
        <tr className="text-success-700">
          <th scope="row" colSpan={3} className="py-0.5 pl-4 pr-3 text-left font-normal">
            {labels.gift(qty(item.giftQuantity), unit)}
          </th>
          <td className="py-0.5 text-right">
            <MoneyText cents={0} />
          </td>
        </tr>
      )}
      {lines.length > 0 && (
        <tr>
          <th scope="row" colSpan={3} className="py-0.5 pl-4 pr-3 text-left font-normal text-muted">
            {labels.amount}
          </th>
          <td className="py-0.5 text-right">
            <MoneyText yuan={item.amount} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * `<PriceBreakdown quote={preCreate.data ?? null} loading={preCreate.isFetching} />`: a table named
 * '价格明细' whose last lines are the payable amount and the same amount in Chinese capitals.
 */
export function PriceBreakdown({
  quote,
  loading,
  className,
  title,
}: {
  quote: PriceQuoteView | null;
  /** A newer calculation is under way: the figures shown are dimmed until it answers. */
  loading?: boolean;
  className?: string;
  title?: string;
}) {
  const labels = useMoneyLabels();
  const heading = title ?? labels.breakdown;
  return (
    <section aria-busy={loading || undefined} className={cx('text-sm', className)}>
      <div className="mb-1 flex items-center gap-2">
        <h3 className="text-sm font-semibold text-ink">{heading}</h3>
        {loading && <Spinner size={14} label={labels.stale} />}
      </div>
      {!quote || quote.items.length === 0 ? (
        <p className="text-subtle">{labels.empty}</p>
      ) : (
        <table className={cx('w-full', loading && 'opacity-60')} aria-label={heading}>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="pb-1 pr-3 text-left font-medium">
                {labels.course}
              </th>
              <th scope="col" className="pb-1 pr-3 text-right font-medium">
                {labels.unitPrice}
              </th>
              <th scope="col" className="pb-1 pr-3 text-right font-medium">
                {labels.quantity}
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                {labels.listPrice}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.items.map((item, i) => (
              <ItemRows key={`${item.courseCode}-${i}`} item={item} labels={labels} />
            ))}
          </tbody>
          <tfoot className="border-t-2 border-line-strong">
            <tr>
              <th scope="row" colSpan={3} className="pt-1.5 pr-3 text-left font-normal text-muted">
                {labels.totalList}
              </th>
              <td className="pt-1.5 text-right">
                <MoneyText yuan={quote.listAmount} />
              </td>
            </tr>
            {Number(quote.discountAmount) !== 0 && (
              <tr>
                <th scope="row" colSpan={3} className="pr-3 text-left font-normal text-muted">
                  {labels.totalDiscount}
                </th>
                <td className="text-right">
                  <MoneyText yuan={`-${quote.discountAmount.replace(/^-/, '')}`} />
                </td>
              </tr>
            )}
            <tr className="text-base">
              <th scope="row" colSpan={3} className="pt-1 pr-3 text-left font-semibold">
                {labels.payable}
              </th>
              <td className="pt-1 text-right">
                <MoneyText yuan={quote.payable} strong />
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="pr-3 text-left font-normal text-muted">
                {labels.payableCapitals}
              </th>
              <td className="text-right font-medium">{toChineseCurrency(quote.payable)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
