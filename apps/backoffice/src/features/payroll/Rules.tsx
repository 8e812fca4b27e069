// The salary rules and the course → pay-type switch, shown as tabs of /setting/salary next to the
// salary periods (docs/payroll.md explains each field). Hourly rates are edited as lines
// "payType,status,rate" — the form kit has no grid, and a rule has a handful of rates.
import {
  PAY_ROLES,
  RATE_STATUSES,
  SalaryRuleInput,
  type TCourseSwitchRow,
  type TSalaryRuleRow,
} from '@bo/api-sdk';
import { MoneyText } from '@bo/ui-kit';
import { z } from 'zod';
import type { ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { roleName } from './common';

const RuleForm = SalaryRuleInput.omit({ rates: true }).extend({
  ratesText: z.string().max(4000).default(''),
});

const ratesToText = (r: TSalaryRuleRow) =>
  r.rates.map((x) => `${x.payType},${x.attendanceStatus},${x.hourly}`).join('\n');

/** Lines "payType,status,rate" → rates; a malformed line is sent as it is, so the server names it. */
function textToRates(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [payType = '', attendanceStatus = '', hourly = ''] = l.split(/[,，\s]+/);
      return {
        payType,
        attendanceStatus: (RATE_STATUSES as readonly string[]).includes(attendanceStatus)
          ? (attendanceStatus as (typeof RATE_STATUSES)[number])
          : '*',
        hourly,
      };
    });
}

const yuan = (v: string) => <MoneyText yuan={v} />;

export const salaryRules: ListScreenDef<TSalaryRuleRow, typeof RuleForm> = {
  key: 'salaryRules',
  what: (t) => t('pay.rule'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.role} ${r.skillRankCode} ${r.effectiveFrom}`,
  searchFields: (t) => [
    {
      kind: 'select',
      name: 'role',
      label: t('pay.role'),
      options: PAY_ROLES.map((r) => ({ value: r, label: roleName(t, r) })),
    },
  ],
  columns: (t) => [
    { id: 'role', header: t('pay.role'), fixed: true, value: (r) => roleName(t, r.role) },
    { id: 'skillRankName', header: t('pay.rank'), value: (r) => r.skillRankName ?? t('pay.anyRank') },
    { id: 'effectiveFrom', header: t('pay.effectiveFrom') },
    {
      id: 'base',
      header: t('pay.base'),
      align: 'right',
      cell: (r) => yuan(r.base),
      exportValue: (r) => Number(r.base),
    },
    { id: 'commissionBp', header: t('pay.commissionBp'), align: 'right' },
    { id: 'perCase', header: t('pay.perCase'), align: 'right', cell: (r) => yuan(r.perCase) },
    { id: 'targetBonus', header: t('pay.targetBonus'), align: 'right', cell: (r) => yuan(r.targetBonus) },
    { id: 'bonusThresholdHours', header: t('pay.bonusThresholdHours'), align: 'right' },
    { id: 'bonus', header: t('pay.item.kjbonus'), align: 'right', cell: (r) => yuan(r.bonus) },
    { id: 'rates', header: t('pay.rates'), value: (r) => ratesToText(r).replace(/\n/g, '; ') },
  ],
  list: (a) =>
    sdk.payroll.ruleList({
      query: { role: (a.filters.role || undefined) as (typeof PAY_ROLES)[number] | undefined },
    }),
  filterRows: (rows) => rows,
  form: {
    schema: RuleForm,
    defaults: () => ({ role: 'teacher', skillRankCode: '', validstatus: 1, ratesText: '' }),
    toForm: (r) => ({ ...r, ratesText: ratesToText(r) }),
    fields: (t) => [
      {
        kind: 'select',
        name: 'role',
        label: t('pay.role'),
        required: true,
        lockedOnEdit: true,
        options: PAY_ROLES.map((r) => ({ value: r, label: roleName(t, r) })),
      },
      { kind: 'text', name: 'skillRankCode', label: t('pay.rank'), maxLength: 30 },
      { kind: 'month', name: 'effectiveFrom', label: t('pay.effectiveFrom'), required: true },
      { kind: 'amount', name: 'base', label: t('pay.base') },
      { kind: 'number', name: 'commissionBp', label: t('pay.commissionBp'), min: 0, max: 10000 },
      { kind: 'amount', name: 'perCase', label: t('pay.perCase') },
      { kind: 'amount', name: 'targetBonus', label: t('pay.targetBonus') },
      { kind: 'number', name: 'bonusThresholdHours', label: t('pay.bonusThresholdHours'), min: 0, max: 9999 },
      { kind: 'amount', name: 'bonus', label: t('pay.item.kjbonus') },
      {
        kind: 'textarea',
        name: 'ratesText',
        label: t('pay.rates'),
        hint: t('pay.ratesHint'),
        maxLength: 4000,
      },
      { kind: 'switch', name: 'validstatus', label: t('list.enabled'), onValue: 1, offValue: 0 },
      { kind: 'textarea', name: 'remark', label: t('pay.note'), maxLength: 200 },
    ],
    save: ({ ratesText, ...v }) => sdk.payroll.ruleSave({ body: { ...v, rates: textToRates(ratesText) } }),
  },
};

const SwitchForm = z.object({
  courseCode: z.string().trim().min(1).max(30),
  payType: z.string().trim().max(30).default(''),
});

export const courseSwitch: ListScreenDef<TCourseSwitchRow, typeof SwitchForm> = {
  key: 'salaryCourseSwitch',
  what: (t) => t('pay.switchOne'),
  rowId: (r) => r.courseCode,
  rowName: (r) => r.courseName ?? r.courseCode,
  columns: (t) => [
    { id: 'courseCode', header: t('pay.courseCode'), fixed: true },
    { id: 'courseName', header: t('pay.courseName') },
    { id: 'payType', header: t('pay.payType') },
  ],
  list: () => sdk.payroll.switchCourseList(),
  filterRows: (rows) => rows,
  form: {
    schema: SwitchForm,
    fields: (t) => [
      { kind: 'text', name: 'courseCode', label: t('pay.courseCode'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'payType', label: t('pay.payType'), required: true, maxLength: 30 },
    ],
    save: (body) => sdk.payroll.switchCourseSave({ body }),
  },
  remove: { call: (r) => sdk.payroll.switchCourseSave({ body: { courseCode: r.courseCode, payType: '' } }) },
};
