// The texts the money parts show themselves, in the form kit's language (FormKitContext).
import { useFormKit } from '../form/useSchemaForm.js';
import type { FormLocale } from '../form/messages.js';

export interface MoneyLabels {
  /** Heading of the amount in Chinese capitals ('大写'). */
  capitals: string;
  breakdown: string;
  course: string;
  unitPrice: string;
  quantity: string;
  listPrice: string;
  amount: string;
  gift: (qty: string, unit: string) => string;
  totalList: string;
  totalDiscount: string;
  payable: string;
  payableCapitals: string;
  unit: (code: number) => string;
  empty: string;
  stale: string;
}

const unitZh = (code: number) => (code === 2 ? '天' : '课时');
const unitEn = (code: number) => (code === 2 ? 'days' : 'hours');

export const moneyLabelsZh: MoneyLabels = {
  capitals: '大写',
  breakdown: '价格明细',
  course: '课程',
  unitPrice: '单价',
  quantity: '数量',
  listPrice: '原价',
  amount: '应收',
  gift: (q, u) => `赠送 ${q} ${u}`,
  totalList: '原价合计',
  totalDiscount: '优惠合计',
  payable: '应付金额',
  payableCapitals: '应付金额（大写）',
  unit: unitZh,
  empty: '选择课程后显示价格',
  stale: '正在重新计算…',
};

export const moneyLabelsEn: MoneyLabels = {
  capitals: 'In capitals',
  breakdown: 'Price breakdown',
  course: 'Course',
  unitPrice: 'Unit price',
  quantity: 'Quantity',
  listPrice: 'List price',
  amount: 'Amount',
  gift: (q, u) => `Gift: ${q} ${u}`,
  totalList: 'List price total',
  totalDiscount: 'Discounts',
  payable: 'Payable',
  payableCapitals: 'Payable in capitals',
  unit: unitEn,
  empty: 'Choose a course to see the price',
  stale: 'Recalculating…',
};

export const moneyLabels = (locale: FormLocale): MoneyLabels =>
  locale === 'en' ? moneyLabelsEn : moneyLabelsZh;

/** The labels in the user's language. */
export function useMoneyLabels(): MoneyLabels {
  return moneyLabels(useFormKit().locale);
}
