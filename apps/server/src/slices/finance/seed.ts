// Demo finance master data (deterministic): pay, bill and income types, tax rates, bank accounts, reasons...
import type { SeedContext } from '../../seed/context.js';
import { must } from '../../shared/must.js';
import {
  bankAccounts,
  billTypes,
  costTypes,
  currencies,
  dictReasons,
  incomeTypes,
  materiels,
  payFunctionNames,
  payTypes,
  refundReasons,
  settlementOrgs,
  taxRates,
  voucherTypes,
} from './tables.js';

export const DEMO_PAY_TYPES = [
  { code: 'WECHAT', name: '微信支付' },
  { code: 'ALIPAY', name: '支付宝' },
  { code: 'BANK', name: '银行转账' },
  { code: 'POS', name: 'POS刷卡' },
  { code: 'CASH', name: '现金' },
];
export const DEMO_BILL_TYPES = [
  { code: 'VAT_NORMAL', name: '增值税普通发票' },
  { code: 'VAT_SPECIAL', name: '增值税专用发票' },
  { code: 'E_INVOICE', name: '电子发票' },
  { code: 'RECEIPT', name: '收据' },
];
export const DEMO_TAX_RATES = [
  { code: 'TAX0', name: '免税', rate: '0.00' },
  { code: 'TAX3', name: '小规模3%', rate: '3.00' },
  { code: 'TAX6', name: '现代服务6%', rate: '6.00' },
  { code: 'TAX13', name: '货物销售13%', rate: '13.00' },
];
/** Income types with their bill type and tax rate codes. */
export const DEMO_INCOME_TYPES = [
  { code: 'COURSE', name: '课程费', bill: 'E_INVOICE', tax: 'TAX6' },
  { code: 'ASSESS', name: '评估费', bill: 'E_INVOICE', tax: 'TAX6' },
  { code: 'MATERIAL', name: '教材费', bill: 'VAT_NORMAL', tax: 'TAX13' },
  { code: 'SERVICE', name: '服务费', bill: 'E_INVOICE', tax: 'TAX6' },
  { code: 'DEPOSIT', name: '定金', bill: 'RECEIPT', tax: 'TAX0' },
  { code: 'ACTIVITY', name: '活动费', bill: 'E_INVOICE', tax: 'TAX3' },
];
export const DEMO_PAY_FUNCTIONS = [
  { code: 'WX_NATIVE', name: '微信扫码支付', pay: 'WECHAT' },
  { code: 'WX_JSAPI', name: '微信公众号支付', pay: 'WECHAT' },
  { code: 'ALI_QR', name: '支付宝当面付', pay: 'ALIPAY' },
  { code: 'ALI_PC', name: '支付宝电脑网站支付', pay: 'ALIPAY' },
  { code: 'BANK_TRANSFER', name: '对公转账', pay: 'BANK' },
  { code: 'POS_CARD', name: '银联POS刷卡', pay: 'POS' },
  { code: 'CASH_DESK', name: '前台现金收款', pay: 'CASH' },
];
export const DEMO_REFUND_REASONS = [
  { code: 'MOVE', name: '家庭搬迁' },
  { code: 'HEALTH', name: '孩子身体原因' },
  { code: 'SCHEDULE', name: '上课时间冲突' },
  { code: 'EFFECT', name: '对训练效果不满意' },
  { code: 'FINANCE', name: '家庭经济原因' },
  { code: 'SCHOOL', name: '入学（幼儿园/小学）' },
  { code: 'OTHER', name: '其他原因' },
];
export const DEMO_COST_TYPES = [
  { code: 'RENT', name: '房租' },
  { code: 'LABOUR', name: '人工成本' },
  { code: 'UTILITY', name: '水电物业' },
  { code: 'MARKETING', name: '市场推广' },
  { code: 'MATERIAL', name: '教具耗材' },
  { code: 'OFFICE', name: '办公费用' },
];
export const DEMO_VOUCHER_TYPES = [
  { code: 'RECEIPT', name: '收款凭证' },
  { code: 'PAYMENT', name: '付款凭证' },
  { code: 'TRANSFER', name: '转账凭证' },
  { code: 'MEMO', name: '记账凭证' },
];
export const DEMO_CURRENCIES = [
  { code: 'CNY', name: '人民币', symbol: '¥' },
  { code: 'HKD', name: '港币', symbol: 'HK$' },
  { code: 'USD', name: '美元', symbol: '$' },
];
export const DEMO_SETTLEMENT_ORGS = [
  { code: 'ORG_SH', name: '上海启明康复教育科技有限公司', taxNo: '91310104MA1FR2KX3N' },
  { code: 'ORG_BJ', name: '北京启明康复教育咨询有限公司', taxNo: '91110105MA01B7QK2U' },
  { code: 'ORG_GZ', name: '广州启明康复培训中心有限公司', taxNo: '91440106MA5CL4XW7P' },
];
export const DEMO_MATERIELS = [
  { code: 'M001', name: '感统训练球', spec: '直径65cm', unit: '个', price: '128.00' },
  { code: 'M002', name: '语言训练卡片', spec: '200张/套', unit: '套', price: '89.50' },
  { code: 'M003', name: '精细动作教具箱', spec: '标准版', unit: '箱', price: '356.00' },
  { code: 'M004', name: '评估量表册', spec: 'A4', unit: '本', price: '45.00' },
];
export const DEMO_BANKS = ['招商银行', '中国工商银行', '中国建设银行', '中国银行', '交通银行', '浦发银行'];
/** Two-level reasons: first-level names with their second-level ones, by reason type. */
export const DEMO_DICT_REASONS: { reasonType: string; name: string; children: string[] }[] = [
  { reasonType: 'refund', name: '家庭原因', children: ['搬家离开本市', '家长工作调动', '经济压力'] },
  { reasonType: 'refund', name: '孩子原因', children: ['身体不适长期请假', '已入园入学', '训练目标已达成'] },
  { reasonType: 'refund', name: '服务原因', children: ['老师更换频繁', '上课时间不合适', '对效果不满意'] },
  { reasonType: 'adjust', name: '课程调整', children: ['转换课程类型', '调整课时单价'] },
  { reasonType: 'adjust', name: '订单更正', children: ['录入错误', '优惠未使用'] },
];

const CAMPUSES = ['SH01', 'SH02', 'HZ01', 'NJ01', 'BJ01', 'BJ02', 'TJ01', 'GZ01', 'SZ01', 'CD01', 'CQ01'];
const CAMPUS_NAMES: Record<string, string> = {
  SH01: '上海徐汇',
  SH02: '上海浦东',
  HZ01: '杭州西湖',
  NJ01: '南京鼓楼',
  BJ01: '北京朝阳',
  BJ02: '北京海淀',
  TJ01: '天津和平',
  GZ01: '广州天河',
  SZ01: '深圳南山',
  CD01: '成都武侯',
  CQ01: '重庆渝中',
};

const sorted = <T>(rows: T[]) => rows.map((r, i) => ({ ...r, sort: i + 1 }));

export async function seedFinance({ db }: SeedContext) {
  const pays = await db
    .insert(payTypes)
    .values(sorted(DEMO_PAY_TYPES))
    .returning({ id: payTypes.id, code: payTypes.code });
  const payId = new Map(pays.map((p) => [p.code, p.id]));
  const bills = await db
    .insert(billTypes)
    .values(sorted(DEMO_BILL_TYPES))
    .returning({ id: billTypes.id, code: billTypes.code });
  const billId = new Map(bills.map((p) => [p.code, p.id]));
  const taxes = await db
    .insert(taxRates)
    .values(sorted(DEMO_TAX_RATES))
    .returning({ id: taxRates.id, code: taxRates.code });
  const taxId = new Map(taxes.map((p) => [p.code, p.id]));
  await db.insert(incomeTypes).values(
    sorted(DEMO_INCOME_TYPES).map(({ bill, tax, ...r }) => ({
      ...r,
      billTypeId: must(billId.get(bill), bill),
      taxRateId: must(taxId.get(tax), tax),
    })),
  );
  await db
    .insert(payFunctionNames)
    .values(
      sorted(DEMO_PAY_FUNCTIONS).map(({ pay, ...r }) => ({ ...r, payTypeId: must(payId.get(pay), pay) })),
    );
  await db.insert(refundReasons).values(sorted(DEMO_REFUND_REASONS));
  await db.insert(costTypes).values(sorted(DEMO_COST_TYPES));
  await db.insert(voucherTypes).values(sorted(DEMO_VOUCHER_TYPES));
  await db.insert(currencies).values(sorted(DEMO_CURRENCIES));
  await db.insert(settlementOrgs).values(sorted(DEMO_SETTLEMENT_ORGS));
  await db.insert(materiels).values(sorted(DEMO_MATERIELS));

  // Each campus: a bank transfer account and a POS settlement account, at a bank chosen by position.
  const accounts = CAMPUSES.flatMap((code, i) => {
    const bank = DEMO_BANKS[i % DEMO_BANKS.length] ?? '招商银行';
    const company =
      code.startsWith('BJ') || code.startsWith('TJ')
        ? '北京启明康复教育咨询有限公司'
        : code.startsWith('GZ') || code.startsWith('SZ')
          ? '广州启明康复培训中心有限公司'
          : '上海启明康复教育科技有限公司';
    const branch = `${CAMPUS_NAMES[code] ?? code}支行`;
    return [
      {
        accountNo: `62258802${String(10000000 + i * 7919).padStart(8, '0')}`,
        accountName: company,
        bankName: bank,
        branchName: branch,
        schoolItemCode: code,
        payTypeId: must(payId.get('BANK'), 'BANK'),
        sort: 1,
      },
      {
        accountNo: `62220210${String(20000000 + i * 6007).padStart(8, '0')}`,
        accountName: company,
        bankName: bank,
        branchName: branch,
        schoolItemCode: code,
        payTypeId: must(payId.get('POS'), 'POS'),
        sort: 2,
      },
    ];
  });
  await db.insert(bankAccounts).values(accounts);

  for (const [i, r] of DEMO_DICT_REASONS.entries()) {
    const [p] = await db
      .insert(dictReasons)
      .values({ reasonType: r.reasonType, name: r.name, sort: i + 1 })
      .returning({ id: dictReasons.id });
    const parentId = must(p, 'reason').id;
    await db
      .insert(dictReasons)
      .values(r.children.map((name, j) => ({ reasonType: r.reasonType, parentId, name, sort: j + 1 })));
  }
}
