// The salary period's (payroll month's) state machine: open, then closed (sealed) and reopened through
// the master-data status command, which asks `SALARY_PERIOD_MACHINE.nextCode` for the code it writes.
import { defineCodedStateMachine } from '../../shared/stateMachine.js';

export const SALARY_PERIOD_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '薪酬期间', en: 'salary period' },
  field: 'status',
  codes: { open: 1, closed: 0 },
  names: { open: '开放', closed: '已关闭' },
  rules: {
    close: { from: ['open'], to: 'closed', who: ['hr'] },
    reopen: { from: ['closed'], to: 'open', who: ['hr'] },
  },
});
/** Salary period status codes: 1 open, 0 closed. */
export const SALARY_PERIOD = SALARY_PERIOD_MACHINE.code;
